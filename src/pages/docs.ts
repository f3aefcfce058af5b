import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../http/csp.js';

const require = createRequire(import.meta.url);
const redocPath = require.resolve('redoc/bundles/redoc.standalone.js');
let redocBundle: string | undefined;

// The bundle's sidebar footer loads Redocly's logo from their CDN; it is swapped for an empty
// inline image so the page never asks another host for anything (the "API docs by Redocly" text
// stays).
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_LOGO = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>";

function loadRedoc(): string {
  const source = readFileSync(redocPath, 'utf8');
  if (!source.includes(CDN_LOGO)) return source;
  return source.replace(CDN_LOGO, LOCAL_LOGO);
}

// Browsers give <body> an 8 px margin; Redoc draws to the window's edges, so the margin showed as a white frame.
const STYLE = 'body { margin: 0; }';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FAS API reference</title>
<link rel="icon" href="/favicon.ico">
<style>${STYLE}</style>
</head>
<body>
<redoc spec-url="/openapi.yaml" hide-download-button="false"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

// Redoc (styled-components) injects <style> elements at run time (the page's one-line style rides
// on the same 'unsafe-inline') and starts its search worker from a blob: URL; neither reaches another host.
const CSP = contentSecurityPolicy({ style: ["'unsafe-inline'"], worker: ['blob:'] });

/** `GET /docs`: the REST reference rendered by Redoc from `/openapi.yaml`, all served from here. */
export function docsRoutes(app: FastifyInstance): void {
  app.get('/docs', async (_req, reply) =>
    reply.header('content-security-policy', CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(HTML),
  );
  app.get('/docs/redoc.standalone.js', async (_req, reply) => {
    redocBundle ??= loadRedoc();
    return reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(redocBundle);
  });
}
