import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError } from '../core/errors.js';
import { readDocumentContent } from '../core/kyc/documents/read-document-content.js';
import { resumeSession } from '../core/sessions/resume-session.js';
import { strictPolicy } from '../http/csp.js';
import { documentDisposition } from '../http/document-disposition.js';
import { requestOrigin } from '../http/request-caller.js';
import { readSessionCookie } from '../http/session-cookie.js';

/** The core context of the dashboard's signed-in operator, from the session cookie alone. */
export async function dashboardCaller(deps: Deps, req: FastifyRequest): Promise<Ctx> {
  const cookie = readSessionCookie(req);
  if (!cookie) throw new AppError('UNAUTHENTICATED', 'sign in to the dashboard first');
  return createContext(deps, await resumeSession(deps, cookie), { request: requestOrigin(req) });
}

// The file is shown as what it is (its type was recognised from its bytes at upload) and may not
// run anything under this origin: no scripts, no plugins, nothing framed or fetched but itself.
const FILE_CSP = strictPolicy({ img: ["'self'"], style: ["'unsafe-inline'"] });

/**
 * `GET /dashboard/kyc/:accountId/documents/:documentId/content`: a holder's document for the
 * dashboard's previews (`<img src>`, or a PDF in a new tab), authenticated by the session cookie
 * (SameSite=Strict, so another site cannot make the browser send it). It goes through the same core
 * read as REST: admins only (analysts get 403), and every read is recorded. `?download=1` asks for
 * an attachment instead of inline display.
 */
export function dashboardDocumentRoutes(app: FastifyInstance, opts: { deps: Deps }): void {
  app.get<{ Params: { accountId: string; documentId: string }; Querystring: { download?: string } }>(
    '/dashboard/kyc/:accountId/documents/:documentId/content',
    async (req, reply) => {
      const ctx = await dashboardCaller(opts.deps, req);
      const { document, content } = await readDocumentContent(ctx, req.params);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type(document.mediaType)
        .header('content-length', document.sizeBytes)
        .header('content-disposition', documentDisposition(disposition, document))
        .header('x-content-sha256', document.sha256)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(Readable.from(content));
    },
  );
}
