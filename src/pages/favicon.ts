import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

// `assets/` at the package root: the same relative place from src/ and from dist/ (scripts/make-favicon.ts draws it).
const icon = readFileSync(new URL('../../assets/favicon.ico', import.meta.url));

/** `GET /favicon.ico`: the icon every page links (and browsers ask for on their own), served from here. */
export function faviconRoute(app: FastifyInstance): void {
  app.get('/favicon.ico', async (_req, reply) => reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon));
}
