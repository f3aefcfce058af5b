import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { endOfFeed } from '../../src/core/events/event-feed.js';
import { listEvents } from '../../src/core/events/list-events.js';
import { pruneEvents } from '../../src/core/events/prune-events.js';
import { emitEvent } from '../../src/core/webhooks/events.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { workspaceFactory } from '../factories/workspace.js';
import { gate } from '../support/gate.js';
import { freshDatabase, type Harness, startHarness } from '../support/harness.js';

// The events list's kept counts (migrations event_counts, event_counts_by_type) and the feed's horizon, which only this
// database's transactions hold back.
const onPostgres = inject('databaseUrl').startsWith('postgres');
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const rowCount = async (workspaceId: string) =>
  Number((await h.deps.sql<{ n: bigint }>(Prisma.sql`SELECT count(*) AS n FROM events WHERE workspace_id = ${workspaceId}::uuid`))[0]?.n);

describe('the events total', () => {
  it('comes from the kept counts per type, which follow inserts, rollbacks and pruning', { timeout: 120_000 }, async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    for (let i = 0; i < 5; i++) await createAccount(ws.ctx, { type: 'individual', email: `count-${i}@example.com` });
    await createAccount(other.ctx, { type: 'individual', email: 'other@example.com' });
    // An event whose transaction rolls back never counts.
    await expect(
      h.deps.db.$transaction(async (tx) => {
        await emitEvent(tx, ws.ctx, { type: 'account_created', accountId: null, details: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // One event of another type: the kept counts are per type.
    await h.deps.db.$transaction((tx) =>
      emitEvent(tx, ws.ctx, { type: 'kyc_status_updated', accountId: null, details: { status: 'saved', previousStatus: null } }),
    );
    const page = await listEvents(ws.ctx, { limit: 2 });
    expect(page.total).toBe(6);
    expect(page.total).toBe(await rowCount(ws.workspaceId));
    expect(page.data).toHaveLength(2);
    const kept = await h.deps.sql<{ type: string; n: bigint }>(
      Prisma.sql`SELECT type, n FROM event_counts WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY type`,
    );
    expect(kept.map((k) => [k.type, Number(k.n)])).toEqual([
      ['account_created', 5],
      ['kyc_status_updated', 1],
    ]);
    // One type's total is its kept count; with another filter the rows are counted, and agree.
    expect((await listEvents(ws.ctx, { type: 'account_created' })).total).toBe(5);
    expect((await listEvents(ws.ctx, { type: 'kyc_status_updated' })).total).toBe(1);
    expect((await listEvents(ws.ctx, { type: 'crypto_wallet_created' })).total).toBe(0);
    expect((await listEvents(ws.ctx, { type: 'account_created', startDate: '2000-01-01' })).total).toBe(5);
    // Retention removes events of every workspace: the counts follow.
    while ((await pruneEvents(h.deps.sql, { before: new Date(Date.now() + 60_000), batch: 3 })) > 0);
    expect((await listEvents(ws.ctx, {})).total).toBe(0);
    expect((await listEvents(other.ctx, {})).total).toBe(0);
    await createAccount(ws.ctx, { type: 'individual', email: 'after@example.com' });
    expect((await listEvents(ws.ctx, {})).total).toBe(1);
  });
});

describe.skipIf(!onPostgres)('the feed horizon (PostgreSQL)', () => {
  it('is not held back by a transaction left open in another database of the server, but is by one of its own', async () => {
    const ws = await workspaceFactory(h.deps);
    const elsewhere = await freshDatabase({ empty: true });
    const client = new pg.Client({ connectionString: elsewhere.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      const account = await createAccount(ws.ctx, { type: 'individual', email: 'horizon@example.com' });
      const feed = await listEvents(ws.ctx, { order: 'asc' });
      expect(feed.data.map((e) => e.accountId)).toEqual([account.accountId]);
      const [row] = await h.deps.sql<{ tx: string }>(
        Prisma.sql`SELECT tx_id::text AS tx FROM events WHERE workspace_id = ${ws.workspaceId}::uuid`,
      );
      expect(BigInt((await endOfFeed(ws.ctx)).txId)).toBeGreaterThanOrEqual(BigInt(row!.tx));

      // Control: a transaction of this database opened before the next event holds that event back.
      const isOpen = gate();
      const released = gate();
      const held = h.deps.db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT pg_current_xact_id()::text`;
          isOpen.open();
          await released.opened;
        },
        { timeout: 60_000 },
      );
      await isOpen.opened;
      await createAccount(ws.ctx, { type: 'individual', email: 'held@example.com' });
      expect((await listEvents(ws.ctx, { order: 'asc' })).data).toHaveLength(1);
      released.open();
      await held;
      expect((await listEvents(ws.ctx, { order: 'asc' })).data).toHaveLength(2);
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      await client.end();
      await elsewhere.drop();
    }
  }, 60_000);
});
