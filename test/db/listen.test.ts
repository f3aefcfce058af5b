import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

// `Database.listen`: what wakes the webhook dispatchers at the commit of new deliveries.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const onPostgres = inject('databaseUrl').startsWith('postgres');
const notify = (channel: string) => h.database.sql(Prisma.sql`SELECT pg_notify(${channel}, '')`);

describe('Database.listen', () => {
  it('hears a notification at commit, not before, and nothing after unlisten', async () => {
    let heard = 0;
    const unlisten = await h.database.listen('fas_test_channel', () => heard++);
    // On PostgreSQL the listener reports once when it (re)connects (before listen() resolves), so
    // nothing committed while it was away is missed; start counting after that.
    const base = heard;
    await h.database.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_notify('fas_test_channel', '')`;
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(base);
    });
    await until('the notification', () => heard === base + 1);
    await notify('another_channel');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(base + 1);
    await unlisten();
    await notify('fas_test_channel');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(base + 1);
  });

  it.skipIf(!onPostgres)('on PostgreSQL, comes back by itself after its connection is killed', async () => {
    let heard = 0;
    const unlisten = await h.database.listen('fas_test_reconnect', () => heard++);
    try {
      const killed = await h.database.sql<{ n: number }>(
        Prisma.sql`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query = 'LISTEN fas_test_reconnect'`,
      );
      expect(killed[0]!.n).toBe(1);
      // Back within about a second (it reports its return), then hears new notifications.
      const before = heard;
      await until('the reconnection', () => heard > before, 5000);
      const after = heard;
      await notify('fas_test_reconnect');
      await until('a notification after the reconnection', () => heard > after, 5000);
    } finally {
      await unlisten();
    }
  });
});
