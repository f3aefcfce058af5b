// npm run bench:recover [-- --failed N] [--only postgres|pglite]
// How long `recover` takes for N (default 10,000) failed deliveries of one target, on PostgreSQL
// and on PGlite: the call that queues them again (the use case, as REST/tRPC call it), the same
// call again (queues nothing: idempotent), and the real dispatcher delivering all of them, signed,
// over HTTP to a local receiver (127.0.0.1, its own thread, 204 at once) until every webhookId has
// arrived. The failed deliveries are written with SQL (events + deliveries, 6 attempts, `failed`),
// as an outage would have left them. Prints a markdown table.
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fas_bench_recover, dropped
// and recreated); PGlite: a temporary data directory, removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { createWebhookTarget } from '../src/core/webhooks/create-webhook-target.js';
import { Dispatcher } from '../src/core/webhooks/dispatch/dispatcher.js';
import { DELIVERIES_CHANNEL } from '../src/core/webhooks/events.js';
import { recoverWebhookTarget } from '../src/core/webhooks/recover-webhook-target.js';
import { DEFAULT_RETRY_POLICY } from '../src/core/webhooks/retry-schedule.js';
import { ensureSigningKey } from '../src/core/webhooks/rotate-signing-key.js';
import { createWorkspace } from '../src/core/workspaces/create-workspace.js';
import { openDatabase } from '../src/db/database.js';
import { depsOf } from '../src/server/deps.js';
import { httpWebhookSender } from '../src/server/http-webhook-sender.js';
import { ensureBenchDatabase } from './support/database.js';
import { startReceiver } from './support/receiver-thread.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const FAILED = Number(arg('--failed') ?? 10_000);
const ONLY = arg('--only');
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fas_bench_recover';
/** No delivery phase may run longer than this. */
const DEADLINE_MS = 600_000;
const log = (s: string) => process.stderr.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  database: string;
  queueMs: number;
  queued: number;
  againMs: number;
  againQueued: number;
  deliverS: number;
  received: number;
}

async function run(kind: 'PostgreSQL' | 'PGlite'): Promise<Row> {
  const dataDir = kind === 'PGlite' ? mkdtempSync(path.join(tmpdir(), 'fas-bench-recover-')) : undefined;
  if (kind === 'PostgreSQL') await ensureBenchDatabase(pgUrl, { fresh: true });
  const database = await openDatabase({ databaseUrl: kind === 'PostgreSQL' ? pgUrl : undefined, dataDir: dataDir ?? '/nonexistent' });
  const receiver = await startReceiver();
  const sender = httpWebhookSender({ timeoutMs: 15_000, allowInsecure: true });
  try {
    const deps = depsOf(database, {
      cipher: createFieldCipher(randomBytes(32)),
      publicUrl: 'http://127.0.0.1',
      allowInsecureWebhooks: true,
    });
    await ensureSigningKey(deps);
    const ws = await createWorkspace(deps, { name: 'Recover bench', sandbox: true, adminEmail: 'bench@example.com' });
    const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
    const target = await createWebhookTarget(ctx, { url: `${receiver.url}/hook` });

    // The outage's leftovers: N events, each with a delivery to the target that failed 6 times.
    const t0 = performance.now();
    await deps.db.$executeRaw`
      WITH e AS (
        INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details)
        SELECT gen_random_uuid(), ${ws.workspaceId}::uuid, 'account_created', NULL, now() - make_interval(secs => i),
          jsonb_build_object('account', jsonb_build_object('accountId', gen_random_uuid(), 'type', 'individual', 'email', 'outage' || i || '@example.com',
            'status', 'pending', 'reference', NULL, 'createdAt', now(), 'updatedAt', now()))
        FROM generate_series(1, ${FAILED}) AS i
        RETURNING id, occurred_at
      )
      INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, status, attempts, next_attempt_at,
        last_status_code, last_error, created_at, completed_at)
      SELECT gen_random_uuid(), e.id, ${target.id}::uuid, ${ws.workspaceId}::uuid, 'account_created', 'failed', 6, e.occurred_at,
        503, 'HTTP 503', e.occurred_at, now()
      FROM e`;
    log(`${kind}: ${FAILED.toLocaleString('en-US')} failed deliveries written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const since = new Date(Date.now() - 2 * 86_400_000).toISOString();
    let t = performance.now();
    const first = await recoverWebhookTarget(ctx, { targetId: target.id, body: { since } });
    const queueMs = performance.now() - t;
    t = performance.now();
    const again = await recoverWebhookTarget(ctx, { targetId: target.id, body: { since } });
    const againMs = performance.now() - t;
    log(`${kind}: recover queued ${first.queued} in ${queueMs.toFixed(0)} ms; again ${again.queued} in ${againMs.toFixed(0)} ms`);

    // The dispatcher as `fas serve` runs it: woken by the NOTIFY, claiming while slots are free.
    const dispatcher = new Dispatcher(
      { ...deps, sql: database.dispatchSql },
      {
        sender,
        timeoutMs: 15_000,
        retry: DEFAULT_RETRY_POLICY,
        onError: (err) => log(`dispatcher: ${(err as Error).message}`),
        wakeups: (wake) => database.listen(DELIVERIES_CHANNEL, wake),
      },
    );
    t = performance.now();
    dispatcher.start();
    let received = 0;
    while (performance.now() - t < DEADLINE_MS) {
      received = (await receiver.count()).unique;
      if (received >= first.queued) break;
      await sleep(50);
    }
    const deliverS = (performance.now() - t) / 1000;
    await dispatcher.stop();
    log(`${kind}: ${received.toLocaleString('en-US')} delivered in ${deliverS.toFixed(1)} s`);
    return { database: kind, queueMs, queued: first.queued, againMs, againQueued: again.queued, deliverS, received };
  } finally {
    await sender.close();
    await receiver.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const kind of ['PostgreSQL', 'PGlite'] as const) {
  if (ONLY && !kind.toLowerCase().startsWith(ONLY.toLowerCase())) continue;
  rows.push(await run(kind));
}
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
console.log(`\nrecover: ${fmt(FAILED)} failed deliveries of one target, delivered again to a local receiver`);
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '| database | recover call (queues) | queued | the same call again | queued | all delivered (signed, HTTP) | deliveries/s | unique webhookIds received |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.database} | ${fmt(r.queueMs)} ms | ${fmt(r.queued)} | ${fmt(r.againMs)} ms | ${fmt(r.againQueued)} | ${fmt(r.deliverS, 1)} s | ${fmt(r.received / r.deliverS)} | ${fmt(r.received)} |`,
  );
}
