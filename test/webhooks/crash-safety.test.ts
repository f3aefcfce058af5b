import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { ensureSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { until } from '../support/until.js';

// Several processes share one database: PostgreSQL only (an in-memory PGlite is private to its process).
const onPostgres = inject('databaseUrl').startsWith('postgres');
const root = path.resolve(import.meta.dirname, '../..');
/** The workers decrypt the signing key the harness sealed: they must share its master key. */
const masterKey = randomBytes(32);
const EVENTS = 300;
const BATCH = 50; // the dispatcher's default batch size
const LANES = 32; // the dispatcher's default concurrency: at most this many attempts are in flight
// The pump claims more once half of its lanes are free: with this many answers held, it waits.
const STALLED = LANES - LANES / 2 + 1;
let h: Harness;
let databaseUrl: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  if (!onPostgres) return;
  h = await startHarness({ allowInsecureWebhooks: true, masterKey });
  const [{ name }] = await h.deps.db.$queryRaw<[{ name: string }]>`SELECT current_database() AS name`;
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  // The workers create it themselves too (under the migration lock); make it exist before either starts.
  await ensureSigningKey(h.deps);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await h?.close();
});

/**
 * A real `fas worker` process. Started as `node --import tsx src/cli/main.ts worker` rather than
 * through `node_modules/.bin/tsx`, which runs the script in a child process of its own: a SIGKILL
 * sent to the tsx launcher cannot be relayed, and would leave that child delivering.
 */
function startWorker(): ChildProcess & { log: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'worker'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FAS_WEBHOOK_ALLOW_INSECURE: 'true',
      FAS_MASTER_KEY: masterKey.toString('base64'),
      // Longer than the test holds answers, however slowly its steps run: held attempts end with the kill, not a timeout.
      FAS_WEBHOOK_TIMEOUT_MS: '30000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  children.add(child);
  return Object.assign(child, { log: () => log });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('crash safety (real worker processes on PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'a worker killed with SIGKILL mid-batch loses no delivery: the next worker delivers the rest',
    async () => {
      const ws = await workspaceFactory(h.deps);
      // From the middle of the second batch on, the receiver holds its answers until the kill: the
      // first worker dies with attempts claimed, sent and not recorded (each batch is claimed whole
      // and its attempts recorded one by one). Held well under FAS_WEBHOOK_TIMEOUT_MS.
      const HOLD_FROM = BATCH + BATCH / 2;
      let release = () => {};
      const killed = new Promise<void>((resolve) => {
        release = resolve;
      });
      let requests = 0;
      const rx = await startReceiver(async (_r, res) => {
        if (requests++ >= HOLD_FROM) await killed;
        await new Promise((r) => setTimeout(r, 30));
        res.writeHead(204).end();
      });
      try {
        await createWebhookTarget(ws.ctx, { url: rx.url });
        for (let i = 0; i < EVENTS; i++) await createAccount(ws.ctx, { type: 'individual', email: `crash${i}@example.com` });
        const deliveries = await h.deps.db.webhookDelivery.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
        expect(deliveries).toHaveLength(EVENTS);

        const first = startWorker();
        // The worker's lanes wait on held answers (or the worker died, which fails below).
        await until(
          () => `the lanes to wait on held answers (${rx.received.length} received); first worker:\n${first.log()}`,
          () => rx.received.length >= HOLD_FROM + STALLED || first.exitCode !== null,
          120_000,
        );
        expect(first.exitCode, `first worker:\n${first.log()}`).toBeNull();
        first.kill('SIGKILL');
        await exited(first);
        release();
        const receivedAtKill = rx.received.length;
        // What the dead worker recorded: nothing more can be recorded by it.
        const recordedAtKill = await h.deps.db.webhookAttempt.count({ where: { workspaceId: ws.workspaceId } });

        // The attempts the dead worker had claimed but not recorded still hold a lease, which lasts
        // FAS_WEBHOOK_TIMEOUT_MS + 30 s. The worker takes its clock from the system, so rather than
        // waiting a minute we move those leases into the past: the same state the database is in once
        // they have run out.
        const inFlight = await h.deps.db.$executeRaw`
        UPDATE webhook_deliveries SET lease_until = now() - interval '1 second' WHERE lease_until IS NOT NULL`;

        const second = startWorker();
        const succeeded = () => h.deps.db.webhookDelivery.count({ where: { workspaceId: ws.workspaceId, status: 'succeeded' } });
        await until(
          () => `every delivery to succeed; second worker:\n${second.log()}`,
          async () => (await succeeded()) === EVENTS || second.exitCode !== null,
          120_000,
        );
        second.kill('SIGTERM');
        await exited(second);
        expect(await succeeded(), `second worker:\n${second.log()}`).toBe(EVENTS);

        // Every delivery arrived at least once.
        const arrived = new Set(rx.received.map((r) => String(r.headers['x-service-webhook-id'])));
        const lost = deliveries.filter((d) => !arrived.has(d.id));
        expect(lost).toEqual([]);
        expect(arrived.size).toBe(EVENTS);

        // A duplicate: the same attempt (webhookId and retry count) received twice.
        const seen = new Map<string, number>();
        for (const r of rx.received) {
          const key = `${r.headers['x-service-webhook-id']}#${r.headers['x-service-retry-count']}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        const duplicates = [...seen.values()].reduce((n, times) => n + times - 1, 0);
        console.log(
          `crash safety: ${EVENTS} deliveries; ${receivedAtKill} received before SIGKILL; ` +
            `${inFlight} leased but unrecorded at the kill; ${rx.received.length} requests received in all; ${duplicates} duplicate(s)`,
        );
        // Only attempts in flight at the kill (claimed, maybe sent, not recorded) can arrive twice.
        expect(duplicates).toBeLessThanOrEqual(inFlight);
        expect(inFlight).toBeGreaterThan(0);
        // A lease left unrecorded was either on a lane (at most LANES) or answered and waiting for its
        // batched record (at most what the receiver got and the database did not record): the worker
        // never leases more than it can send.
        expect(inFlight).toBeLessThanOrEqual(LANES + Math.max(0, receivedAtKill - recordedAtKill));
        // The database agrees: one recorded attempt per delivery, all acknowledged.
        const attempts = await h.deps.db.webhookAttempt.count({ where: { delivery: { workspaceId: ws.workspaceId } } });
        expect(attempts).toBe(EVENTS);
      } finally {
        release();
        await rx.close();
      }
    },
    360_000,
  );
});
