import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportAccounts } from '../core/accounts/export-accounts.js';
import { exportAuditLog } from '../core/audit/export-audit-log.js';
import { type Ctx, createContext, type Deps } from '../core/context.js';
import { AppError, retryAfterSeconds, toAppError } from '../core/errors.js';
import type { CsvExport } from '../core/export/csv-export.js';
import { exportTransactions } from '../core/transactions/export-transactions.js';
import { contentSecurityPolicy, cspHash } from '../http/csp.js';
import { sendCsv } from '../http/csv-reply.js';
import { sendProblem } from '../http/problem.js';
import { requestOrigin, resumeRequestSession } from '../http/request-caller.js';
import { readSessionCookie } from '../http/session-cookie.js';
import { safeError } from '../logging/safe-error.js';
import { escapeHtml } from './holder/page-html.js';

const EXPORTS: Record<string, (ctx: Ctx, query: unknown) => Promise<CsvExport>> = {
  '/dashboard/export/transactions.csv': exportTransactions,
  '/dashboard/export/accounts.csv': exportAccounts,
  // The extension chooses the format: a `format` in the query string is replaced by it.
  '/dashboard/export/audit-log.csv': (ctx, query) => exportAuditLog(ctx, { ...(query as object), format: 'csv' }),
  '/dashboard/export/audit-log.ndjson': (ctx, query) => exportAuditLog(ctx, { ...(query as object), format: 'ndjson' }),
};

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1d2430}';
const CSP = contentSecurityPolicy({ style: [cspHash(STYLE)] });

/** A refused download opened by a person: the reason and a way back, rather than a JSON document. */
function refusalPage(reply: FastifyReply, err: AppError): FastifyReply {
  const retryAfter = retryAfterSeconds(err);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Export failed</title><link rel="icon" href="/favicon.ico"><style>${STYLE}</style></head>
<body><main><h1>The export could not be made</h1><p>${escapeHtml(err.message)}</p>
<p><a href="/dashboard">Back to the dashboard</a></p></main></body></html>`;
  return reply
    .code(err.kind.http)
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The dashboard's downloads: the same exports as `GET /api/v2/{transactions,accounts,audit-log}/export`,
 * authenticated by the dashboard's session cookie (the session tRPC resumes) instead of an API key,
 * with the same query parameters. Analysts may export transactions and accounts (it only reads); the
 * audit log is for admins, as everywhere (`exportAuditLog` refuses). A GET needs no CSRF header:
 * the SameSite=Strict cookie is not sent on another site's request, and nothing changes.
 */
export function dashboardExportRoutes(app: FastifyInstance, opts: { deps: Deps }): void {
  for (const [path, makeExport] of Object.entries(EXPORTS)) {
    app.get(path, async (req: FastifyRequest, reply) => {
      try {
        const cookie = readSessionCookie(req);
        if (!cookie) throw new AppError('UNAUTHENTICATED', 'sign in to the dashboard to export');
        const session = await resumeRequestSession(opts.deps, req, cookie);
        return await sendCsv(reply, await makeExport(createContext(opts.deps, session, { request: requestOrigin(req) }), req.query));
      } catch (err) {
        const e = toAppError(err);
        if (e.code === 'INTERNAL') req.log.error({ err: safeError(err) }, 'dashboard export failed');
        if ((req.headers.accept ?? '').includes('text/html')) return refusalPage(reply, e);
        return sendProblem(req, reply, e);
      }
    });
  }
}
