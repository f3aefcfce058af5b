import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Deps } from '../core/context.js';
import type { DispatcherObserver } from '../core/webhooks/dispatch/dispatcher.js';
import { DEFAULTS } from '../defaults.js';
import { appRouter } from '../trpc/router.js';
import { type DbGauges, dbGauges } from './db-gauges.js';
import type { Database } from './deps.js';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** GraphQL operation names are the client's choice: bounded in form and in number, or labels would grow without end. */
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_OPERATION_NAMES = 200;
/** A tRPC batch is labelled per procedure: its first this many. */
const MAX_BATCH_LABELS = 50;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const NAMED_OPERATION = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

export interface Metrics {
  registry: Registry;
  /** Records every HTTP answer of the app (REST route, tRPC procedure, GraphQL operation). */
  instrument(app: FastifyInstance): void;
  /** What the webhook dispatcher reports about its attempts. */
  dispatcher: DispatcherObserver;
  /** The gauges read from the database: `refresh()` reads them now (tests), `stop()` ends the background reads. */
  database: Pick<DbGauges, 'refresh' | 'stop'>;
}

/**
 * The process's Prometheus metrics (prom-client): request counts and latencies per REST route,
 * tRPC procedure and GraphQL operation by status class; webhook attempts by outcome, their
 * latency and the delay from event to first attempt; the delivery queue and disabled targets
 * (read from the database in the background, db-gauges.ts: a scrape never waits for the database);
 * the database pool; and Node's process metrics.
 */
export function createMetrics(
  deps: Pick<Deps, 'sql'>,
  database: Pick<Database, 'waiting' | 'connections' | 'inUse' | 'replicas'>,
  opts: { refreshMs: number; timeoutMs: number } = DEFAULTS.dbGauges,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fas_' });
  const registers = [registry];

  const requests = new Histogram({
    name: 'fas_http_request_duration_seconds',
    help: 'HTTP requests by protocol (rest, trpc, graphql, other), operation (REST route template, tRPC procedure, GraphQL operation name) and status class; _count is the request count',
    labelNames: ['protocol', 'operation', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const attempts = new Counter({
    name: 'fas_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: success (2xx), http_error (another status), network_error (timeout, refused, DNS, blocked address)',
    labelNames: ['outcome'],
    registers,
  });
  const attemptLatency = new Histogram({
    name: 'fas_webhook_attempt_duration_seconds',
    help: 'Time from sending an attempt to its answer (or failure)',
    labelNames: ['outcome'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const firstAttemptLag = new Histogram({
    name: 'fas_webhook_event_to_first_attempt_seconds',
    help: 'Time from the event (its occurred_at, taken inside the transaction that writes it, so before its commit) to the start of its first delivery attempt',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const fromDb = dbGauges(deps, opts);
  new Gauge({
    name: 'fas_webhook_deliveries',
    help: 'Deliveries not finished yet: due (waiting to be sent now) and scheduled (a retry later), over all workspaces (read in the background: see fas_db_gauges_stale)',
    labelNames: ['state'],
    registers,
    collect() {
      const v = fromDb.values();
      this.set({ state: 'due' }, v?.due ?? 0);
      this.set({ state: 'scheduled' }, v?.scheduled ?? 0);
    },
  });
  new Gauge({
    name: 'fas_webhook_targets_disabled',
    help: 'Webhook targets disabled after failing every retry (until enabled again), over all workspaces (read in the background: see fas_db_gauges_stale)',
    registers,
    collect() {
      this.set(fromDb.values()?.disabledTargets ?? 0);
    },
  });
  new Gauge({
    name: 'fas_db_gauges_stale',
    help: 'Whether the gauges read from the database (deliveries, disabled targets) are late: 1 when never read or older than twice their refresh interval (the database is busy or down), else 0',
    registers,
    collect() {
      this.set(fromDb.stale() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'fas_db_gauges_age_seconds',
    help: 'Seconds since the gauges read from the database were last read successfully (absent before the first read)',
    registers,
    collect() {
      this.reset();
      const age = fromDb.ageSeconds();
      if (age !== null) this.set(age);
    },
  });
  new Gauge({
    name: 'fas_db_pool_connections',
    help: 'Database connections: size (the pool maximum; 1 for embedded PGlite), in_use, and waiting (calls queued for a connection)',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'size' }, database.connections);
      this.set({ state: 'in_use' }, database.inUse());
      this.set({ state: 'waiting' }, database.waiting());
    },
  });
  const replicas = database.replicas;
  if (replicas) {
    new Gauge({
      name: 'fas_db_replica_lag_seconds',
      help: 'How far each read replica (DATABASE_READ_URL) was behind the primary at its last probe; no sample while it cannot be reached',
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset();
        for (const r of replicas.states()) if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'fas_db_replica_serving',
      help: 'Whether each read replica serves reads now (1), or is skipped (0: down, not a standby, or behind past FAS_READ_MAX_LAG_MS)',
      labelNames: ['replica'],
      registers,
      collect() {
        for (const r of replicas.states()) this.set({ replica: r.name }, r.status === 'serving' ? 1 : 0);
      },
    });
  }

  const procedures = new Set(Object.keys(appRouter._def.procedures));
  const operationNames = new Set<string>();
  /**
   * Labels come only from what the server defines (route templates, procedure names, methods) or,
   * for GraphQL, from operation names of authenticated callers (at most MAX_OPERATION_NAMES);
   * anything else is `other`, so requests cannot create series (test/operations/metrics-labels.test.ts).
   */
  const operationsOf = (request: FastifyRequest): { protocol: string; operations: string[] } => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/trpc/')) {
      // A batch counts each procedure it calls (duplicates too, up to the batch's length).
      const names = safeDecode(path.slice('/trpc/'.length)).split(',', MAX_BATCH_LABELS);
      return { protocol: 'trpc', operations: names.map((n) => (procedures.has(n) ? n : 'other')) };
    }
    if (path === '/graphql') return { protocol: 'graphql', operations: [graphqlOperation(request)] };
    const route = request.routeOptions.url;
    return { protocol: path.startsWith('/api/') ? 'rest' : 'other', operations: [route ?? 'other'] };
  };
  const graphqlOperation = (request: FastifyRequest): string => {
    const params = (request.method === 'GET' ? request.query : request.body) as { operationName?: unknown; query?: unknown } | undefined;
    // The name given, or the first operation's own name in the document.
    const name =
      params?.operationName ?? (typeof params?.query === 'string' ? NAMED_OPERATION.exec(params.query.slice(0, 1000))?.[1] : undefined);
    if (typeof name !== 'string' || !OPERATION_NAME.test(name)) return 'anonymous';
    // Names are the caller's choice: kept only from authenticated callers, and only so many.
    if (!request.fasCaller?.authenticated) return 'other';
    if (!operationNames.has(name) && operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    operationNames.add(name);
    return name;
  };

  return {
    registry,
    database: { refresh: fromDb.refresh, stop: fromDb.stop },
    instrument(app) {
      app.addHook('onResponse', async (request, reply) => {
        const { protocol, operations } = operationsOf(request);
        const method = METHODS.has(request.method) ? request.method : 'other';
        const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
        for (const operation of operations) {
          requests.observe({ protocol, operation, method, status_class: statusClass }, reply.elapsedTime / 1000);
        }
      });
    },
    dispatcher: {
      attempt({ statusCode, durationMs, retryCount, sinceEventMs }) {
        const outcome = statusCode === null ? 'network_error' : statusCode >= 200 && statusCode < 300 ? 'success' : 'http_error';
        attempts.inc({ outcome });
        attemptLatency.observe({ outcome }, durationMs / 1000);
        if (retryCount === 0) firstAttemptLag.observe(Math.max(0, sinceEventMs) / 1000);
      },
    },
  };
}
