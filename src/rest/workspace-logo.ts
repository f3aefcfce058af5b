import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { getWorkspaceLogo } from '../core/workspaces/get-workspace-logo.js';
import { strictPolicy } from '../http/csp.js';

/**
 * `GET /workspace-logos/:sha256`, public: the address is the content's hash, so the answer never
 * changes and is cached for a year. The stored type was checked at upload (PNG or JPEG only);
 * `nosniff`, a policy allowing nothing and same-origin embedding keep it an image of this site's.
 */
export function workspaceLogoRoute(app: FastifyInstance, opts: { deps: Deps }): void {
  app.get<{ Params: { sha256: string } }>('/workspace-logos/:sha256', async (req, reply) => {
    const logo = await getWorkspaceLogo(opts.deps, req.params.sha256);
    if (!logo) throw new AppError('NOT_FOUND', 'no such logo');
    const etag = `"${logo.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-security-policy', strictPolicy({ sandbox: true }));
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(logo.mediaType).send(Buffer.from(logo.content));
  });
}
