import { randomBytes } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import type { Middleware } from 'openapi-fetch';
import pg from 'pg';
import { inject } from 'vitest';
import { createFasClient, type FasClient, type FasClientOptions } from '../../packages/client/src/index.js';
import type { Deps } from '../../src/core/context.js';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import type { Clock, FeeSchedule } from '../../src/core/ports.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import { depsOf } from '../../src/server/deps.js';
import type { AppRouter } from '../../src/trpc/router.js';
import { contractViolations } from './contract.js';
import { fetchRetryingReset } from './fetch.js';
import { pgliteImage } from './pglite-image.js';

export interface Harness {
  database: Database;
  /** Database operations issued through the app's client so far (for N+1 assertions). */
  queryCount(): number;
  deps: Deps;
  app: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A database of its own on PostgreSQL (created here, dropped at close), so files running in
 * parallel never see each other's global rows (signing keys) or deliveries. It is a copy of the
 * suite's migrated template (the migrations then find nothing to do), or with `empty` a database
 * without any table, for a test of a first start.
 */
export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = inject('databaseUrl');
  const template = opts.empty ? '' : inject('databaseTemplate');
  if (!base.startsWith('postgres')) return { url: base, drop: async () => {} };
  const name = `fas_t_${Date.now()}_${Math.random().toString(16).slice(2, 8)}${process.env.FAS_TEST_DB_SUFFIX ?? ''}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One database and one listening server per test file; tests isolate by workspace. */
export async function startHarness(
  opts: {
    allowInsecureWebhooks?: boolean;
    masterKey?: Buffer;
    statementTimeoutMs?: number;
    graphiql?: boolean;
    /** The core's clock (the system's by default): a test that moves time passes one it controls. */
    clock?: Clock;
    /** The withdrawal fee schedule (the sandbox's by default). */
    fees?: FeeSchedule;
    /** Another harness's open database, for a file that needs several apps (other options) on one database. */
    database?: Database;
    /** Extra app options (rate limits, shedding, CORS...), which the suite otherwise leaves off. */
    app?: (database: Database) => Partial<AppOptions>;
    /** PostgreSQL: read replicas of the file's database (given its URL), as DATABASE_READ_URL gives them. */
    reads?: (url: string) => { urls: string[]; maxLagMs: number };
  } = {},
): Promise<Harness> {
  // A database another harness opened is its to close: this one only closes its app.
  const fresh = opts.database ? { url: '', drop: async () => {} } : await freshDatabase();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: fresh.url,
      dataDir: '/nonexistent',
      statementTimeoutMs: opts.statementTimeoutMs,
      pgliteImage: pgliteImage(),
      ...(opts.reads ? { reads: opts.reads(fresh.url) } : {}),
    }));
  let queries = 0;
  // The production wiring (depsOf), on a client and a SQL runner that count every operation the
  // core issues, model queries and raw SQL alike (for N+1 assertions).
  const counted = {
    prisma: database.prisma.$extends({
      query: {
        async $allOperations({ args, query }) {
          queries++;
          return query(args);
        },
      },
    }) as unknown as Database['prisma'],
    sql: (async (q, o) => {
      queries++;
      return database.sql(q, o);
    }) as Database['sql'],
    bulk: database.bulk,
    ...(database.replicas ? { replicas: database.replicas } : {}),
  };
  const deps = depsOf(counted, {
    cipher: createFieldCipher(opts.masterKey ?? randomBytes(32)),
    publicUrl: 'http://fas.test',
    allowInsecureWebhooks: opts.allowInsecureWebhooks ?? false,
    clock: opts.clock,
    ...(opts.fees ? { fees: opts.fees } : {}),
  });
  const app = await buildApp({
    deps,
    ping: database.ping,
    listen: database.listen,
    logLevel: false,
    graphiql: opts.graphiql ?? false,
    bodyLimitBytes: 1024 * 1024,
    ...opts.app?.(database),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    database,
    queryCount: () => queries,
    deps,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      if (opts.database) return;
      await database.close();
      await fresh.drop();
    },
  };
}

export class ContractViolation extends Error {}

/** Whether a body of this type is one JSON document (NDJSON, one per line, is read as text). */
export const jsonDocument = (contentType: string | null | undefined): boolean =>
  (contentType ?? '').includes('json') && !(contentType ?? '').includes('ndjson');

async function assertConforms(method: string, url: string, response: Response): Promise<void> {
  const text = await response.clone().text();
  let body: unknown = text;
  if (jsonDocument(response.headers.get('content-type')) && text) body = JSON.parse(text);
  const problems = contractViolations(method, url, response.status, response.headers.get('content-type'), body);
  if (!response.headers.get('x-request-id')) problems.push('missing X-Request-Id');
  if (problems.length) throw new ContractViolation(`${method} ${url} -> ${response.status}: ${problems.join('; ')}\n${text.slice(0, 500)}`);
}

/** Every response through this middleware is validated against openapi.yaml. */
const contractMiddleware: Middleware = {
  async onResponse({ request, response }) {
    await assertConforms(request.method, request.url, response);
    return response;
  },
};

/**
 * The typed REST client as an integrator uses it, with contract validation of every response.
 * Retries are off unless asked for: tests assert each answer as the server gave it.
 */
export function restClient(h: Harness, apiKey: string, options: Partial<FasClientOptions> = {}): FasClient {
  const client = createFasClient({ baseUrl: h.baseUrl, apiKey, fetch: fetchRetryingReset, retry: false, ...options });
  client.use(contractMiddleware);
  return client;
}

/** A raw HTTP call (for malformed requests the typed client cannot make), also validated. */
export async function rawRequest(
  h: Pick<Harness, 'baseUrl'>,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const url = h.baseUrl + path;
  const response = await fetchRetryingReset(url, { method, headers: init.headers, body: init.body as BodyInit | undefined });
  await assertConforms(method, url, response);
  const text = await response.text();
  const json = jsonDocument(response.headers.get('content-type')) && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: json };
}

/** `POST path` with a JSON body as the holder of `apiKey` (raw, validated against the contract). */
export function poster(h: Harness, apiKey: string) {
  return (path: string, body: unknown) =>
    rawRequest(h, 'POST', path, {
      headers: { authorization: `APIKey ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

export function trpcClient(h: Harness, secret: string | undefined) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${h.baseUrl}/trpc`,
        fetch: fetchRetryingReset,
        headers: () => (secret ? { authorization: `Bearer ${secret}` } : {}),
      }),
    ],
  });
}

export interface GraphqlResult {
  status: number;
  data: any;
  errors?: {
    message: string;
    path?: string[];
    extensions?: { code?: string; errors?: { field: string; code: string; params?: Record<string, unknown>; message: string }[] };
  }[];
}

export async function graphql(
  h: Harness,
  secret: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlResult> {
  const response = await fetchRetryingReset(`${h.baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data: any; errors?: GraphqlResult['errors'] };
  return { status: response.status, data: json.data, errors: json.errors };
}
