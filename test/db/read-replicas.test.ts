import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReplicaSet } from '../../src/db/database.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { createMetrics } from '../../src/server/metrics.js';
import { workspaceFactory } from '../factories/workspace.js';
import { trpcHttp } from '../sessions/trpc-http.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { type ReplicaCluster, startReplicaCluster } from '../support/replica-cluster.js';
import { until } from '../support/until.js';

/**
 * DATABASE_READ_URL against a real streaming replica of the suite's PostgreSQL, made here with
 * pg_basebackup -R and removed afterwards. What a read was served by is told by what it sees: with
 * the replica's replay paused, a row written since is on the primary only.
 */
const suiteUrl = inject('databaseUrl');
const onPostgres = suiteUrl.startsWith('postgres');
const MAX_LAG_MS = 8000;
const TOKEN = 'metrics-token-for-the-replica-test-0123';

describe.skipIf(!onPostgres)('read replicas (a streaming replica made with pg_basebackup -R)', () => {
  let replica: ReplicaCluster;
  let h: Harness;
  let replicas: ReplicaSet;
  let ws: Awaited<ReturnType<typeof workspaceFactory>>;
  let post: ReturnType<typeof poster>;
  const changes: string[] = [];
  /** The file's database (the harness makes one). */
  let fileUrl = '';

  beforeAll(async () => {
    replica = await startReplicaCluster(suiteUrl);
    h = await startHarness({
      reads: (url) => {
        fileUrl = url;
        return { urls: [replica.urlOf(url)], maxLagMs: MAX_LAG_MS };
      },
      app: (database) => ({ metrics: { metrics: createMetrics({ sql: database.sql }, database), token: TOKEN } }),
    });
    replicas = h.database.replicas as ReplicaSet;
    ws = await workspaceFactory(h.deps);
    post = poster(h, ws.apiKey);
    // The file's database is copied from a template in milliseconds: the first probes may find the
    // replica without it (down) until it replays the CREATE DATABASE. The changes logged from then on are the test's.
    await until('the replica to serve the new database', () => replicas.states()[0]?.status === 'serving', 60_000);
    replicas.watch((s, previous) => changes.push(`${previous}->${s.status}`));
  }, 300_000);

  afterAll(async () => {
    await h?.close();
    await replica?.remove();
  });

  const status = () => replicas.states()[0]?.status;
  const onReplica = (sql: string) => replica.query(fileUrl, sql);
  const gqlTotal = async () => (await graphql(h, ws.analystToken, '{ accounts { total } }')).data.accounts.total as number;
  const trpcTotal = async (headers: Record<string, string> = {}) =>
    (await trpcHttp(h, 'query', 'accounts.list', {}, { authorization: `Bearer ${ws.adminToken}`, ...headers })).data.total as number;
  const restTotal = async (path: string) =>
    (await rawRequest(h, 'GET', path, { headers: { authorization: `APIKey ${ws.apiKey}` } })).body.total as number;
  const scrape = async () => (await rawRequest(h, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body as string;
  const createAccount = async (email: string) => {
    const res = await post('/api/v2/accounts', { type: 'individual', email });
    expect(res.status).toBe(201);
    return res.body.accountId as string;
  };

  it("serves analysts' and the dashboard's lists and aggregates, exports and the events list from the replica; REST reads and the writer's own reads see the write at once", async () => {
    await createAccount('first@example.com');
    await until('the replica to serve the first account', async () => status() === 'serving' && (await gqlTotal()) === 1, 60_000);
    await onReplica('SELECT pg_wal_replay_pause()');
    const id = await createAccount('second@example.com');

    // REST: GET right after POST, and the REST list, read the primary.
    expect((await rawRequest(h, 'GET', `/api/v2/accounts/${id}`, { headers: { authorization: `APIKey ${ws.apiKey}` } })).status).toBe(200);
    expect(await restTotal('/api/v2/accounts')).toBe(2);
    // The events feed (a sync loop's `order=asc` / `after`) reads the primary too: after the new
    // account's event, which the paused replica does not have (there it would be 404).
    const [event] = await h.database.sql<{ id: string }>(Prisma.sql`SELECT id::text FROM events WHERE account_id = ${id}::uuid`);
    const feed = await rawRequest(h, 'GET', `/api/v2/events?after=${event?.id}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(feed.status).toBe(200);

    // Only the paused replica still has one account.
    expect(await gqlTotal()).toBe(1);
    expect(await trpcTotal()).toBe(1);
    const overview = await trpcHttp(h, 'query', 'overview.get', {}, { authorization: `Bearer ${ws.adminToken}` });
    expect(overview.data.accountsByStatus).toEqual([{ status: 'pending', count: 1 }]);
    expect(await restTotal('/api/v2/events')).toBe(1);
    const csv = await rawRequest(h, 'GET', '/api/v2/accounts/export', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(String(csv.body).trim().split('\n')).toHaveLength(2);

    // A dashboard write marks the browser; its reads stay on the primary while a replica may lag.
    const created = await trpcHttp(
      h,
      'mutation',
      'accounts.create',
      { type: 'individual', email: 'third@example.com' },
      {
        authorization: `Bearer ${ws.adminToken}`,
      },
    );
    expect(created.status).toBe(200);
    expect(created.setCookie).toMatch(/fas_wrote=1; Path=\/; HttpOnly; SameSite=Strict; Max-Age=8/);
    expect(await trpcTotal({ cookie: 'fas_wrote=1' })).toBe(3);
    expect(await trpcTotal()).toBe(1);
    // Every answer above that saw one account came from a replica that was serving.
    expect(status()).toBe('serving');
  });

  it('skips a replica once it is further behind than the bound (reads fall back to the primary), takes it back when it catches up, and logs each change once', async () => {
    await until('the paused replica to fall past the bound', () => status() === 'lagging', 3 * MAX_LAG_MS);
    expect(replicas.states()[0]?.lagMs).toBeGreaterThan(MAX_LAG_MS - 1000);
    expect(await gqlTotal()).toBe(3);
    expect(await trpcTotal()).toBe(3);
    expect(await restTotal('/api/v2/events')).toBe(3);
    const text = await scrape();
    expect(text).toMatch(/fas_db_replica_serving\{replica="127\.0\.0\.1:\d+\/fas_t_\w+"\} 0/);
    await onReplica('SELECT pg_wal_replay_resume()');
    await until('the replica to catch up', () => status() === 'serving', 30_000);
    expect(await gqlTotal()).toBe(3);
    expect(changes).toEqual(['serving->lagging', 'lagging->serving']);
  });

  it('exports the lag of each replica on /metrics', async () => {
    const text = await scrape();
    const lag = /fas_db_replica_lag_seconds\{replica="127\.0\.0\.1:(\d+)\/fas_t_\w+"\} (\S+)/.exec(text);
    expect(Number(lag?.[1])).toBe(replica.port);
    expect(Number(lag?.[2])).toBeGreaterThanOrEqual(0);
    expect(Number(lag?.[2])).toBeLessThan(MAX_LAG_MS / 1000);
    expect(text).toMatch(/fas_db_replica_serving\{replica="[^"]+"\} 1/);
  });

  it('answers from the primary without an error when the replica stops, even a read already sent to it', async () => {
    const picked = replicas.pick();
    expect(picked).toBeDefined();
    await replica.stop();
    // The runners of a replica that no longer answers: the read runs on the primary instead.
    const [raw] = await picked!.sql<{ standby: boolean }>(Prisma.sql`SELECT pg_is_in_recovery() AS standby`);
    expect(raw?.standby).toBe(false);
    const [orm] = await picked!.db.$queryRaw<{ standby: boolean }[]>`SELECT pg_is_in_recovery() AS standby`;
    expect(orm?.standby).toBe(false);
    expect(status()).toBe('down');
    expect(await gqlTotal()).toBe(3);
    expect(await trpcTotal()).toBe(3);
    expect(await restTotal('/api/v2/events')).toBe(3);
    expect((await rawRequest(h, 'GET', '/api/v2/transactions/export', { headers: { authorization: `APIKey ${ws.apiKey}` } })).status).toBe(
      200,
    );
    const text = await scrape();
    expect(text).not.toMatch(/fas_db_replica_lag_seconds\{/);
    expect(text).toMatch(/fas_db_replica_serving\{replica="[^"]+"\} 0/);
    // Probes go on finding it down: still one change logged for it.
    await replicas.probe();
    await replicas.probe();
    expect(changes).toEqual(['serving->lagging', 'lagging->serving', 'serving->down']);
  });
});
