import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from '../http/csp.js';

/** Vite's output; the same path from `src/pages` (tsx) and `dist/pages` (built). */
export const dashboardDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/dashboard');

// The built app has no inline script or style: everything from this origin.
const CSP = contentSecurityPolicy();

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

async function sendIndex(reply: FastifyReply) {
  const index = path.join(dashboardDir, 'index.html');
  if (!existsSync(index)) {
    return reply.code(503).type('text/plain; charset=utf-8').send('The dashboard is not built: run `npm run build` (npm install does it).');
  }
  // HTML is never cached, so a new build is picked up at once; the assets it names are immutable.
  return reply
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(await readFile(index));
}

/**
 * `/dashboard`: the React app built by Vite. Hashed files under `assets/` are cached for a year
 * (immutable); any other path is a client-side route and answers index.html (deep links work).
 */
export function dashboardRoutes(app: FastifyInstance): void {
  app.get('/dashboard', async (_req, reply) => sendIndex(reply));
  app.get('/dashboard/*', async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    if (rel.startsWith('assets/')) {
      const file = path.resolve(dashboardDir, rel);
      const type = TYPES[path.extname(file)];
      if (!file.startsWith(`${dashboardDir}${path.sep}`) || !type || !existsSync(file)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('not found');
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', CSP)
        .type(type)
        .send(await readFile(file));
    }
    return sendIndex(reply);
  });
}
