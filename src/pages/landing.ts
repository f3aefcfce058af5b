import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, cspHash } from '../http/csp.js';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1rem; color: #1d2430; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
ul { padding-left: 1.2rem; } li { margin: .5rem 0; }
a { color: #0b57d0; } code { background: #f1f3f6; padding: 0 .25rem; border-radius: 3px; }
`;

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FAS gateway</title>
<link rel="icon" href="/favicon.ico">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>FAS gateway</h1>
<p>Financial Account Service: one core served as REST, tRPC and GraphQL.</p>
<nav aria-label="Surfaces">
<ul>
<li><a href="/dashboard">Operations dashboard</a>: sign in with an admin or analyst token (<code>fas_at_...</code>).</li>
<li><a href="/docs">API reference</a>: the REST contract, rendered from <code>openapi.yaml</code>.</li>
<li><a href="/graphql">GraphiQL</a>: the analysts' GraphQL API (send <code>Authorization: Bearer &lt;token&gt;</code> in the Headers tab).</li>
<li><a href="/openapi.yaml">openapi.yaml</a>: the contract itself.</li>
<li><a href="/.well-known/jwks.json">JWKS</a>: the public keys that verify webhook signatures.</li>
</ul>
</nav>
</main>
</body>
</html>
`;

const CSP = contentSecurityPolicy({ style: [cspHash(STYLE)] });

/** `GET /`: a small page linking every surface a person can open. */
export function landingRoute(app: FastifyInstance): void {
  app.get('/', async (_req, reply) =>
    reply.header('content-security-policy', CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(HTML),
  );
}
