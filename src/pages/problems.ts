import type { FastifyInstance } from 'fastify';
import { AppError, type ErrorCode, errorKinds } from '../core/errors.js';
import { contentSecurityPolicy } from '../http/csp.js';
import { sendProblem } from '../http/problem.js';

/** The path segment of a code, as problem documents' `type` names it: `VALIDATION_FAILED` is `validation-failed`. */
export const problemSlug = (code: string) => code.toLowerCase().replace(/_/g, '-');

const BY_SLUG = new Map(Object.keys(errorKinds).map((code) => [problemSlug(code), code as ErrorCode]));

const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(code: ErrorCode): string {
  const kind = errorKinds[code];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(code)}: ${html(kind.title)}</title>
<link rel="icon" href="/favicon.ico">
</head>
<body>
<h1><code>${html(code)}</code>: ${html(kind.title)}</h1>
<p>HTTP status <strong>${kind.http}</strong>; tRPC <code>${kind.trpc}</code>; GraphQL <code>extensions.code</code> <code>${html(code)}</code>.</p>
<p>The problem document's <code>detail</code> says what went wrong, <code>errors</code> lists the fields at fault,
and <code>requestId</code> matches the answer's <code>X-Request-Id</code>. Which operations may answer this code is
listed in the <a href="/docs">API reference</a>; every code is under <code>ErrorCode</code>.</p>
</body>
</html>
`;
}

const CSP = contentSecurityPolicy({});

/**
 * `GET /problems/{code}`: the page a problem document's `type` points to (`/problems/validation-failed`),
 * one per error code; any other name is `404 NOT_FOUND`.
 */
export function problemRoutes(app: FastifyInstance): void {
  app.get<{ Params: { code: string } }>('/problems/:code', async (req, reply) => {
    const code = BY_SLUG.get(req.params.code);
    if (!code) return sendProblem(req, reply, new AppError('NOT_FOUND', 'no such problem type'));
    return reply
      .header('content-security-policy', CSP)
      .header('cache-control', 'public, max-age=3600')
      .type('text/html; charset=utf-8')
      .send(page(code));
  });
}
