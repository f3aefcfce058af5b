// Derives, per operation of openapi.yaml, the error codes each of its documented error statuses
// may carry, from the code: the codes the operation's REST handler can reach (`new AppError('X'`
// in the files its handler's imports reach, transitively), plus those every request may meet
// (authentication, idempotency, limits, the HTTP layer, the database). A code is kept under a
// status when the status is the code's (src/core/errors.ts) and the operation documents it.
// `--write` writes them into openapi.yaml as each operation's `x-error-codes`; without it, prints
// the operations whose declared lists differ (test/contract/error-codes.test.ts runs the same check).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { errorKinds } from '../src/core/errors.js';

const root = resolve(import.meta.dirname, '..');
type Code = keyof typeof errorKinds;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Codes any request may meet before or around its handler. */
const ALWAYS: Code[] = [
  'MALFORMED_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'OVERLOADED',
  'QUERY_TIMEOUT',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
];
const IDEMPOTENT: Code[] = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'];

const codeCache = new Map<string, Set<Code>>();
/** `new AppError('X'` codes in `file` and every relative import it reaches. */
function reachableCodes(file: string, seen = new Set<string>()): Set<Code> {
  const out = new Set<Code>();
  if (seen.has(file)) return out;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const m of text.matchAll(/new AppError\(\s*'([A-Z_]+)'/g)) out.add(m[1] as Code);
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
    const target = resolve(dirname(file), `${m[1]}.ts`);
    if (target.includes('/generated/')) continue;
    for (const c of codeCache.get(target) ?? reachableCodes(target, seen)) out.add(c);
  }
  return out;
}

/** Per `METHOD path` (Fastify syntax): the codes the registering file's handler for it can reach. */
function handlerCodes(): Map<string, Set<Code>> {
  const routes = new Map<string, Set<Code>>();
  const files = readdirSync(join(root, 'src/rest/routes')).map((f) => join(root, 'src/rest/routes', f));
  files.push(join(root, 'src/rest/event-stream.ts'));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const imports = new Map<string, string>();
    for (const m of text.matchAll(/import \{([^}]+)\} from '(\.{1,2}\/[^']+)\.js'/g)) {
      for (const name of m[1]!.split(',').map((s) => s.replace(/^\s*type\s+/, '').trim())) {
        imports.set(name.split(/\s+as\s+/).pop()!, resolve(dirname(file), `${m[2]}.ts`));
      }
    }
    const regs = [...text.matchAll(/app\.(get|post|put|patch|delete)(?:<[^(]*>)?\(\s*'([^']+)'/g)];
    regs.forEach((m, i) => {
      const body = text.slice(m.index, regs[i + 1]?.index ?? text.length);
      const codes = new Set<Code>();
      for (const [name, target] of imports) {
        if (new RegExp(`\\b${name}\\b`).test(body)) for (const c of reachableCodes(target)) codes.add(c);
      }
      for (const c of body.matchAll(/new AppError\(\s*'([A-Z_]+)'/g)) codes.add(c[1] as Code);
      routes.set(`${m[1]} ${m[2]}`, codes);
    });
  }
  return routes;
}

export function deriveErrorCodes(contract: { paths: Record<string, Record<string, any>> }): Map<string, Record<string, Code[]>> {
  const handlers = handlerCodes();
  const all = Object.keys(errorKinds) as Code[];
  const result = new Map<string, Record<string, Code[]>>();
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
      const reached = handlers.get(`${method} ${fastifyPath}`);
      const idempotent = (op.parameters ?? []).some((p: { $ref?: string }) => p.$ref?.endsWith('/IdempotencyKey'));
      // Without a handler found here (pages, holder routes), every code of a documented status.
      const possible = new Set<Code>(reached ? [...ALWAYS, ...reached, ...(idempotent ? IDEMPOTENT : [])] : all);
      if (reached && method !== 'get') possible.add('NOT_FOUND');
      if (reached && /\{/.test(path)) possible.add('NOT_FOUND');
      const byStatus: Record<string, Code[]> = {};
      for (const status of Object.keys(op.responses)) {
        if (Number(status) < 400) continue;
        const codes = all.filter((c) => possible.has(c) && String(errorKinds[c].http) === status && !c.startsWith('GRAPHQL_'));
        const usable = codes.filter((c) => !['BAD_USER_INPUT', 'QUERY_TOO_COMPLEX', 'ROUTE_NOT_FOUND'].includes(c));
        // A route that exists only when configured (GET /metrics without FAS_METRICS_TOKEN) says so.
        if (status === '404' && JSON.stringify(op.responses[status]).includes('ROUTE_NOT_FOUND')) usable.push('ROUTE_NOT_FOUND');
        if (usable.length) byStatus[status] = usable;
      }
      result.set(op.operationId, byStatus);
    }
  }
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = join(root, 'openapi.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const contract = doc.toJS() as { paths: Record<string, Record<string, any>> };
  const derived = deriveErrorCodes(contract);
  if (process.argv.includes('--write')) {
    let text = readFileSync(file, 'utf8');
    for (const [operationId, byStatus] of derived) {
      const lines = Object.entries(byStatus).map(([s, codes]) => `        '${s}': [${codes.join(', ')}]\n`);
      const block = lines.length ? `      x-error-codes:\n${lines.join('')}` : '';
      const at = text.indexOf(`      operationId: ${operationId}\n`);
      if (at < 0) continue;
      const after = at + `      operationId: ${operationId}\n`.length;
      const existing = text.slice(after).match(/^ {6}x-error-codes:\n(?: {8}.*\n)*/);
      text = text.slice(0, after) + block + text.slice(after + (existing?.[0].length ?? 0));
    }
    writeFileSync(file, text);
  } else {
    let differs = 0;
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        if (JSON.stringify(op['x-error-codes'] ?? {}) !== JSON.stringify(derived.get(op.operationId))) {
          differs++;
          console.log(
            `${op.operationId} (${method} ${path}) declares ${JSON.stringify(op['x-error-codes'])}, derived ${JSON.stringify(derived.get(op.operationId))}`,
          );
        }
      }
    }
    process.exitCode = differs ? 1 : 0;
  }
}
