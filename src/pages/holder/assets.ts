import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

// `assets/verify/` at the package root: the same relative place from src/ and from dist/.
const dir = new URL('../../../assets/verify/', import.meta.url);
const types: Record<string, string> = { 'verify.js': 'text/javascript; charset=utf-8', 'verify.css': 'text/css; charset=utf-8' };
const files = new Map(Object.keys(types).map((name) => [name, readFileSync(new URL(name, dir))]));

/** The verification page's script and style sheet, served from here (the page's CSP allows no other host). */
export function holderAssetRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/verify-assets/:file', async (req, reply) => {
    const body = files.get(req.params.file);
    if (!body) throw new AppError('NOT_FOUND', 'asset not found');
    return reply
      .type(types[req.params.file] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
