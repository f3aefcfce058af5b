import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type BucketStore, databaseBuckets, memoryBuckets } from '../../src/core/rate-limits/buckets.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

let clockMs = 1_000_000;
const policy = { perSecond: 2, burst: 10, now: () => clockMs };
let n = 0;
const fresh = () => `test:${process.pid}:${++n}`;
const rows = async () => (await h.database.sql<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM rate_limit_buckets`))[0]?.n ?? 0;

// The table's store runs on PGlite too (same SQL); `fas serve` uses it on PostgreSQL only.
const stores: [string, () => BucketStore][] = [
  ['memory', () => memoryBuckets(policy)],
  ['database', () => databaseBuckets(h.database.sql, policy)],
];

describe.each(stores)('token buckets (%s)', (_name, make) => {
  it('a new bucket is full; takes spend it; refused takes take nothing; time refills it up to the burst', async () => {
    const store = make();
    const key = fresh();
    expect(await store.take(key, 4)).toEqual({ taken: true, tokens: 6 });
    expect(await store.take(key, 6)).toEqual({ taken: true, tokens: 0 });
    expect(await store.take(key, 1)).toEqual({ taken: false, tokens: 0 });
    clockMs += 1500;
    expect(await store.take(key, 4)).toEqual({ taken: false, tokens: 3 });
    expect(await store.take(key, 3)).toEqual({ taken: true, tokens: 0 });
    clockMs += 60_000;
    expect(await store.take(key, 1)).toEqual({ taken: true, tokens: 9 });
  });

  it('a refund gives tokens back to another bucket in the same step, never past the burst', async () => {
    const store = make();
    const [address, caller] = [fresh(), fresh()];
    await store.take(address, 3);
    expect(await store.take(caller, 1, { key: address, tokens: 2 })).toEqual({ taken: true, tokens: 9 });
    expect(await store.take(address, 0)).toEqual({ taken: true, tokens: 9 });
    await store.take(caller, 0, { key: address, tokens: 5 });
    expect((await store.take(address, 0)).tokens).toBe(10);
  });

  it('concurrent takes on one bucket spend it exactly: 40 at once, 10 pass', async () => {
    const store = make();
    const key = fresh();
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.take(key, 1)));
    expect(answers.filter((a) => a.taken)).toHaveLength(10);
  });

  it('prune forgets the buckets idle long enough to be full again, and only those', async () => {
    const store = make();
    // What earlier tests left (in the shared table) is forgotten first.
    clockMs += 60_000;
    await store.prune();
    const idle = [fresh(), fresh(), fresh()];
    for (const key of idle) await store.take(key, 5);
    clockMs += 5001;
    const busy = fresh();
    await store.take(busy, 5);
    expect(await store.prune()).toBe(3);
    expect(await store.prune()).toBe(0);
    // The busy bucket was kept with what it holds; a pruned one answers as a new (full) bucket.
    expect(await store.take(busy, 0)).toEqual({ taken: true, tokens: 5 });
    expect(await store.take(idle[0]!, 0)).toEqual({ taken: true, tokens: 10 });
  });
});

describe('the shared table', () => {
  it('two stores on one database (two processes) spend one bucket', async () => {
    const [one, two] = [databaseBuckets(h.database.sql, policy), databaseBuckets(h.database.sql, policy)];
    const key = fresh();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await (i % 2 ? one : two).take(key, 1));
    expect(answers.filter((a) => a.taken)).toHaveLength(10);
  });

  it('holds one row per bucket: pruning keeps the table bounded whoever calls', async () => {
    const store = databaseBuckets(h.database.sql, policy);
    clockMs += 60_000;
    await store.prune();
    const before = await rows();
    for (let i = 0; i < 50; i++) await store.take(fresh(), 1);
    expect(await rows()).toBe(before + 50);
    clockMs += 5001;
    await store.prune();
    expect(await rows()).toBe(before);
  });
});

describe('FAS_RATE_LIMIT_LOCAL', () => {
  it('is off unless set to true (shared buckets on PostgreSQL); anything but true or false is refused', () => {
    expect(loadConfig({}).rateLimit.local).toBe(false);
    expect(loadConfig({ FAS_RATE_LIMIT_LOCAL: 'true' }).rateLimit.local).toBe(true);
    expect(() => loadConfig({ FAS_RATE_LIMIT_LOCAL: 'yes' })).toThrow(/FAS_RATE_LIMIT_LOCAL must be true or false/);
  });
});
