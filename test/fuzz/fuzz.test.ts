import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { schema as graphqlSchema } from '../../src/graphql/schema.js';
import { appRouter } from '../../src/trpc/router.js';
import { workspaceFactory } from '../factories/workspace.js';
import { contractViolations } from '../support/contract.js';
import { fetchRetryingReset } from '../support/fetch.js';
import { type Harness, jsonDocument, startHarness } from '../support/harness.js';
import { hostileValue, mutated, pathSegment, validValue } from './arbitraries.js';

/**
 * Property-based fuzzing derived from openapi.yaml (REST), the tRPC router and the GraphQL
 * schema: valid requests and mutations of them must never get a 5xx, and every answer must be a
 * documented status in the documented shape. FUZZ_RUNS (per protocol) sets the size;
 * `npm run fuzz -- --runs N` for long runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 200;
// The suite's run is reproducible (a fixed seed), so CI never fails on inputs nobody can replay;
// `npm run fuzz` (and FUZZ_SEED=random) explores new ones.
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;
/** FUZZ_SECONDS: stop each protocol's run after this long (a passed run, with the tally printed). */
const TEST_TIMEOUT = process.env.FUZZ_SECONDS
  ? Number(process.env.FUZZ_SECONDS) * 1000 + 60_000
  : process.env.FUZZ_RUNS
    ? 86_400_000
    : 180_000;
const LIMIT = process.env.FUZZ_SECONDS
  ? { interruptAfterTimeLimit: Number(process.env.FUZZ_SECONDS) * 1000, markInterruptAsFailure: false }
  : {};
const errorCodes = new Set((contractDocument().components.schemas.ErrorCode as { enum: string[] }).enum);

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const tally = { rest: new Map<number, number>(), trpc: new Map<number, number>(), graphql: new Map<number, number>() };
const count = (m: Map<number, number>, status: number) => m.set(status, (m.get(status) ?? 0) + 1);
let started = 0;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  started = performance.now();
});
afterAll(async () => {
  const seconds = (performance.now() - started) / 1000;
  const total = [...Object.values(tally)].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  const show = (m: Map<number, number>) => JSON.stringify(Object.fromEntries([...m].sort(([a], [b]) => a - b)));
  console.log(
    `fuzz: ${total} requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s); ` +
      `REST ${show(tally.rest)} tRPC ${show(tally.trpc)} GraphQL ${show(tally.graphql)}`,
  );
  await h?.close();
});

interface Operation {
  method: string;
  template: string;
  params: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  body?: Record<string, unknown>;
}

function restOperations(): Operation[] {
  const doc = contractDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: any[]; requestBody?: any }>>;
    components: { parameters: Record<string, any> };
  };
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p));
      ops.push({ method: method.toUpperCase(), template, params, body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return ops;
}

const operations = restOperations();

const queryOf = (op: Operation) => {
  const q = op.params.filter((p) => p.in === 'query');
  const valid = fc.record(Object.fromEntries(q.map((p) => [p.name, validValue(p.schema)])), {
    requiredKeys: q.filter((p) => p.required).map((p) => p.name),
  });
  return fc.oneof(valid, mutated(valid));
};

const bodyText = (op: Operation) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: (op.body ? fc.oneof(validValue(op.body), mutated(validValue(op.body))) : hostileValue).map(
        (v) => JSON.stringify(v) ?? 'null',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '', 'null', '[]', '"str"', '{"a":1,"a":2}', '\u0000', '{"__proto__":{"x":1}}') },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 5_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`) },
  );

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

/** Percent-encoding that also writes lone surrogates (as their WTF-8 bytes: an odd encoding). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const c = ch.charCodeAt(0);
          return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        }
      })
      .join('');
  }
}

function encodeQuery(q: unknown): string {
  if (!q || typeof q !== 'object') return String(q ?? '');
  return Object.entries(q as Record<string, unknown>)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
}

describe('fuzz', () => {
  it(
    'REST: no 5xx, every answer documented and in shape',
    async () => {
      const request = fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => {
        const op = operations[i] as Operation;
        return fc.record({
          op: fc.constant(op),
          segments: fc.array(pathSegment, { minLength: 2, maxLength: 2 }),
          query: queryOf(op),
          body: bodyText(op),
          type: contentType,
          idempotencyKey: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('k'.repeat(300))), { nil: undefined }),
          authorized: fc.boolean().map((b) => b || Math.random() < 0.9),
        });
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let n = 0;
          const path = r.op.template.replace(/\{[^}]+\}/g, () => {
            const s = r.segments[n++ % r.segments.length] as { raw: boolean; value: string };
            return s.raw ? s.value : enc(s.value);
          });
          const url = `${h.baseUrl}${path}${r.op.template.includes('transactions') || r.op.method === 'GET' ? `?${encodeQuery(r.query)}` : ''}`;
          const headers: Record<string, string> = {};
          if (r.authorized) headers.authorization = `APIKey ${ws.apiKey}`;
          if (r.type) headers['content-type'] = r.type;
          if (r.idempotencyKey !== undefined && /^[\x20-\x7E]*$/.test(r.idempotencyKey)) headers['idempotency-key'] = r.idempotencyKey;
          const hasBody = r.op.method !== 'GET' && r.op.method !== 'DELETE';
          const res = await fetchRetryingReset(url, { method: r.op.method, headers, body: hasBody ? r.body : undefined });
          const type = res.headers.get('content-type');
          // The event stream stays open by design: an accepted one is judged by its status and type.
          const stream = res.status === 200 && (type ?? '').startsWith('text/event-stream');
          if (stream) await res.body?.cancel();
          const text = stream ? '' : await res.text();
          count(tally.rest, res.status);
          const json = jsonDocument(type) && text ? JSON.parse(text) : text;
          expect(res.status, `${r.op.method} ${url}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (!stream)
            expect(
              contractViolations(r.op.method, url, res.status, type, json),
              `${r.op.method} ${url} ${res.status} ${text.slice(0, 200)}`,
            ).toEqual([]);
          expect(res.headers.get('x-request-id')).toBeTruthy();
          if (res.status >= 400 && typeof json === 'object') expect(json.requestId).toBe(res.headers.get('x-request-id'));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, ...LIMIT },
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'tRPC: no 5xx, errors carry a known code',
    async () => {
      const procedures = Object.entries(
        (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
      );
      const fields = fc.constantFrom(
        'accountId',
        'transactionId',
        'targetId',
        'deliveryId',
        'search',
        'limit',
        'page',
        'status',
        'type',
        'email',
        'url',
        'events',
        'startDate',
        'endDate',
        'coin',
        'reference',
      );
      const input = fc.oneof(hostileValue, fc.dictionary(fields, hostileValue, { maxKeys: 4 }));
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: procedures.length - 1 }), input, fc.boolean(), async (i, value, asAdmin) => {
          const [name, proc] = procedures[i] as [string, { _def: { type: string } }];
          const headers = { authorization: `Bearer ${asAdmin ? ws.adminToken : ws.analystToken}`, 'content-type': 'application/json' };
          const encoded = JSON.stringify(value) ?? 'null';
          const res =
            proc._def.type === 'query'
              ? await fetchRetryingReset(`${h.baseUrl}/trpc/${name}?input=${enc(encoded)}`, { headers })
              : await fetchRetryingReset(`${h.baseUrl}/trpc/${name}`, { method: 'POST', headers, body: encoded });
          const text = await res.text();
          count(tally.trpc, res.status);
          expect(res.status, `${name} ${encoded.slice(0, 200)}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            const body = JSON.parse(text);
            const code = body.error?.data?.code ?? body.code;
            expect(errorCodes.has(code), `${name}: ${text.slice(0, 300)}`).toBe(true);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, ...LIMIT },
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'GraphQL: no 5xx, never INTERNAL for client input',
    async () => {
      const roots = [graphqlSchema.getQueryType(), graphqlSchema.getMutationType()].flatMap((type) =>
        type
          ? Object.values(type.getFields()).map((f) => ({ kind: type === graphqlSchema.getQueryType() ? 'query' : 'mutation', field: f }))
          : [],
      );
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: roots.length - 1 }),
          fc.array(hostileValue, { minLength: 3, maxLength: 3 }),
          fc.boolean(),
          async (i, values, asAdmin) => {
            const { kind, field } = roots[i] as (typeof roots)[number];
            const args = field.args;
            const defs = args.map((a, j) => `$v${j}: ${String(a.type)}`).join(', ');
            const call = args.length ? `(${args.map((a, j) => `${a.name}: $v${j}`).join(', ')})` : '';
            const named = (t: any): any => (t.ofType ? named(t.ofType) : t);
            const selection = 'getFields' in named(field.type) ? ' { __typename }' : '';
            const query = `${kind}${defs ? `(${defs})` : ''} { ${field.name}${call}${selection} }`;
            const variables = Object.fromEntries(args.map((_, j) => [`v${j}`, values[j % values.length]]));
            const res = await fetchRetryingReset(`${h.baseUrl}/graphql`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                accept: 'application/graphql-response+json',
                authorization: `Bearer ${asAdmin ? ws.adminToken : ws.analystToken}`,
              },
              body: JSON.stringify({ query, variables }),
            });
            const text = await res.text();
            count(tally.graphql, res.status);
            expect(res.status, `${query} ${JSON.stringify(variables).slice(0, 200)}: ${text.slice(0, 300)}`).toBeLessThan(500);
            const codes = ((JSON.parse(text).errors ?? []) as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code);
            expect(codes, `${query} ${JSON.stringify(variables).slice(0, 200)}: ${text.slice(0, 300)}`).not.toContain('INTERNAL');
            expect(codes).not.toContain(undefined);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, ...LIMIT },
      );
    },
    TEST_TIMEOUT,
  );
});
