import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { legsOf } from '../../src/core/ledger/legs.js';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.js';
import { addressValid, PRICES, routingNumberValid } from '../../src/core/transactions/catalog.js';
import { Decimal } from '../../src/core/transactions/money.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { copyField } from '../../src/operator/seed/copy-text.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { progressBar, seedOptions } from '../../src/operator/seed.js';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { cliEnv, dataDirCli, spawnFas } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';
import type { LooseTransaction as TransactionDto } from '../support/loose-transaction.js';
import { matchesSearch } from '../support/search-oracle.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const NOW = '2026-06-30T12:00:00.000Z';
const N = 2000;

/** Seeds a new workspace: with COPY (the database's bulk port) unless `copy` is false. */
async function seeded(seed: number, batchSize = 700, copy = true, threads?: number) {
  const ws = await workspaceFactory(h.deps);
  const progress: number[] = [];
  const ctx = at(ws.ctx, NOW);
  const result = await seedTransactions(copy ? { ...ctx, bulk: h.database.bulk } : { ...ctx, bulk: undefined }, {
    transactions: N,
    accounts: 20,
    seed,
    batchSize,
    threads,
    onProgress: (done, total) => {
      expect(total).toBe(N);
      progress.push(done);
    },
  });
  return { ws, progress, result };
}

/** Every transaction of a workspace through GET /api/v2/transactions (each page validated against openapi.yaml). */
async function listAll(apiKey: string): Promise<TransactionDto[]> {
  const client = restClient(h, apiKey);
  const out: TransactionDto[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await client.GET('/api/v2/transactions', { params: { query: { page, limit: 1000 } } });
    expect(error).toBeUndefined();
    out.push(...data!.data);
    if (out.length >= data!.total) return out;
  }
}

const PATHS: Record<string, string[]> = {
  pending: ['pending'],
  processing: ['processing', 'pending'],
  completed: ['completed', 'processing', 'pending'],
  failed: ['failed', 'processing', 'pending'],
  canceled: ['canceled', 'pending'],
  returned: ['returned', 'completed', 'processing', 'pending'],
};

/** Every index and key of `transactions`, as the catalog describes them. */
async function tableStructure(): Promise<string[]> {
  const rows = await h.deps.sql<{ def: string }>(Prisma.sql`
    SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'transactions'::regclass
    UNION ALL
    SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'transactions'::regclass`);
  return rows.map((r) => r.def).sort();
}

describe('fas seed: seedTransactions', () => {
  let ws: Awaited<ReturnType<typeof seeded>>['ws'];
  let rows: TransactionDto[];
  let before: string[];

  beforeAll(async () => {
    before = await tableStructure();
    const s = await seeded(7);
    ws = s.ws;
    // COPY sends a block of 1,000 rows at a time, whatever the batch size (that is for INSERT).
    expect(s.progress).toEqual([1000, 2000]);
    expect(s.result).toEqual({ workspaceId: ws.workspaceId, accounts: 20, transactions: N, inserted: { accounts: 20, transactions: N } });
    rows = await listAll(ws.apiKey);
  }, 120_000);

  it('creates active accounts and all three types in the expected mix, newest first, over the last 365 days', async () => {
    expect(rows).toHaveLength(N);
    const accounts = await h.deps.db.account.findMany({ where: { workspaceId: ws.workspaceId } });
    expect(accounts).toHaveLength(20);
    for (const a of accounts) {
      expect(a.status).toBe('active');
      expect(a.email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/);
    }
    const share = (t: string) => rows.filter((r) => r.transactionType === t).length / N;
    expect(share('bank')).toBeGreaterThan(0.4);
    expect(share('bank')).toBeLessThan(0.5);
    expect(share('crypto')).toBeGreaterThan(0.3);
    expect(share('crypto')).toBeLessThan(0.4);
    expect(share('trade')).toBeGreaterThan(0.16);
    expect(share('trade')).toBeLessThan(0.24);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(Object.keys(PATHS)));
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(NOW) - 365 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse(NOW));
    // The list's totals come from the count table: rebuilt after the load.
    const client = restClient(h, ws.apiKey);
    const failed = await client.GET('/api/v2/transactions', { params: { query: { status: 'failed', coin: 'usd', limit: 1 } } });
    expect(failed.data!.total).toBe(rows.filter((r) => r.status === 'failed' && r.coins.includes('USD')).length);
  });

  it('builds every index and key again after a load into a table it more than doubles', async () => {
    expect(before.length).toBeGreaterThanOrEqual(9);
    expect(await tableStructure()).toEqual(before);
    // Foreign keys are checked again when they are added back: a row of an unknown account is refused.
    await expect(
      h.deps.sql(Prisma.sql`UPDATE transactions SET account_id = '00000000-0000-4000-8000-000000000000' WHERE id = ${rows[0]!.id}::uuid`),
    ).rejects.toThrow(/foreign key/);
  });

  it('builds the ledger of its rows: verify is clean, no balance below zero; ledger_legs (SQL) is legsOf (TS) on every row', async () => {
    const report = await verifyLedger(h.deps, { workspaceId: ws.workspaceId });
    expect(report.drifts).toEqual([]);
    expect(report.negative).toBe(0);
    expect(report.entries).toBeGreaterThan(N / 2);
    const inSql = await h.deps.sql<{
      id: string;
      currency: string;
      amount: string;
      clearing: string;
      fees: string;
      tradingDesk: string;
    }>(Prisma.sql`
      SELECT t.id::text AS id, l.currency, l.amount::text AS amount, l.clearing::text AS clearing, l.fees::text AS fees,
             l.trading_desk::text AS "tradingDesk"
      FROM transactions t
      CROSS JOIN LATERAL ledger_legs(t.transaction_type, t.detail_type, t.side, t.coin, t.amount, t.fee, t.total, t.quote_quantity, t.quote_currency) l
      WHERE t.workspace_id = ${ws.workspaceId}::uuid ORDER BY t.id, l.currency`);
    const stored = await h.deps.db.transaction.findMany({
      where: { workspaceId: ws.workspaceId },
      select: {
        id: true,
        accountId: true,
        transactionType: true,
        detailType: true,
        coin: true,
        amount: true,
        fee: true,
        total: true,
        side: true,
        quoteQuantity: true,
        quoteCurrency: true,
      },
      orderBy: { id: 'asc' },
    });
    const inTs = stored.flatMap((t) =>
      legsOf(t).map((l) => ({
        id: t.id,
        currency: l.currency,
        amount: l.amount,
        clearing: l.clearing,
        fees: l.fees,
        tradingDesk: l.tradingDesk,
      })),
    );
    expect(inSql.length).toBe(inTs.length);
    const key = (r: { id: string; currency: string }) => `${r.id} ${r.currency}`;
    const sqlBy = new Map(inSql.map((r) => [key(r), r]));
    for (const l of inTs) {
      const r = sqlBy.get(key(l));
      for (const f of ['amount', 'clearing', 'fees', 'tradingDesk'] as const)
        expect(new Decimal(r?.[f] ?? 'NaN').eq(l[f]), `${key(l)} ${f}`).toBe(true);
    }
  });

  it('gives every row a status history that leads to its status, and amounts the create use cases would compute', () => {
    for (const r of rows) {
      expect(r.statusHistory.map((e) => e.status)).toEqual(PATHS[r.status]);
      expect(r.statusHistory.at(-1)!.statusReason).toBe('created');
      expect(r.statusReason).toBe(r.statusHistory[0]!.statusReason);
      const dates = r.statusHistory.map((e) => Date.parse(e.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(dates.at(-1)).toBe(Date.parse(r.createdAt));
      expect(Math.max(...dates)).toBeLessThanOrEqual(Date.parse(NOW));
      expect(r.audit).toEqual({ apiKey: true });
      const b = r.bankTransactionDetails;
      const c = r.cryptoTransactionDetails;
      const t = r.tradeTransactionDetails;
      if (r.status === 'returned') expect(r.transactionType).toBe('bank');
      if (b) {
        expect(Number(b.total)).toBeCloseTo(Number(b.amount) + Number(b.fee), 2);
        expect(b.transactionReference).toMatch(/^FAS\d{16}$/);
        expect(b.traceNumber !== undefined).toBe(b.instrumentType === 'ach');
        expect(b.imad !== undefined).toBe(b.instrumentType === 'wire');
        if (b.instrumentType !== 'swift') expect(b.coin).toBe('USD');
        if (b.type === 'deposit') {
          expect(b.fee).toBe('0.00');
          expect(b.originatorName).toBeTruthy();
          expect(b.addenda![0]).toMatch(/^ORIG NAME: /);
        } else {
          expect(b.fee).toBe({ ach: '0.25', wire: '15.00', swift: '25.00' }[b.instrumentType]);
          expect(b.beneficiaryName).toBeTruthy();
          if (b.beneficiaryRoutingNumber) expect(routingNumberValid(b.beneficiaryRoutingNumber)).toBe(true);
          if (b.instrumentType === 'swift') expect(b.beneficiaryIban).toMatch(/^[A-Z]{2}\d{2}\d+$/);
        }
      } else if (c) {
        expect(Number(c.total)).toBeCloseTo(Number(c.amount) + Number(c.fee), 8);
        if (c.type === 'deposit') {
          expect(c.txHash).toMatch(/^0x[0-9a-f]{64}$/);
        } else {
          expect(addressValid(c.network, c.targetAddress!)).toBe(true);
          expect(c.networkFee).toBeTruthy();
          expect(c.txHash !== undefined).toBe(!['pending', 'canceled'].includes(r.status));
        }
      } else {
        expect(t!.rate).toBe(String(Number(PRICES[t!.product])));
        expect(r.coins).toEqual(t!.product.split('-'));
        const quote = Number(t!.quoteQuantity);
        expect(Number(t!.fee)).toBeGreaterThanOrEqual(quote * 0.005 - 1e-9);
        expect(quote).toBeCloseTo(Number(t!.quantity) * Number(t!.rate), t!.quoteCurrency === 'BTC' ? 7 : 1);
        expect(t!.feeCurrency).toBe(t!.quoteCurrency);
      }
    }
  });

  it('reads single rows through GET /api/v2/transactions/{id} (validated) as the list shows them', async () => {
    const client = restClient(h, ws.apiKey);
    for (const type of ['bank', 'crypto', 'trade']) {
      const row = rows.find((r) => r.transactionType === type)!;
      const { data } = await client.GET('/api/v2/transactions/{transactionId}', { params: { path: { transactionId: row.id } } });
      expect(data).toEqual(row);
    }
  });

  it('search finds exactly what openapi.yaml says it matches, on every kind of field of seeded rows', async () => {
    const client = restClient(h, ws.apiKey);
    const bank = rows.find((r) => r.bankTransactionDetails?.addenda?.[0]?.startsWith('ORIG NAME: '))!;
    const crypto = rows.find((r) => r.cryptoTransactionDetails?.txHash?.startsWith('0x'))!;
    const b = bank.bankTransactionDetails!;
    const c = crypto.cryptoTransactionDetails!;
    const name = b.addenda![0]!.slice('ORIG NAME: '.length).toLowerCase();
    const invoice = rows.find((r) => r.reference.startsWith('INV-'))!.reference;
    const email = bank.account.email ?? '';
    const searches = [
      name, // a name, many rows
      `orig name: ${name.slice(0, 4)}`, // a phrase of word prefixes
      name.slice(2), // the middle of a word: no match
      b.transactionReference.slice(0, 12), // the start of an identifier of digits
      b.transactionReference.slice(3, 12), // its middle: no match
      invoice
        .slice(0, -1)
        .toUpperCase(), // any case, across its dashes
      invoice
        .split('-')
        .slice(1)
        .join(' '), // its later words
      email.slice(0, 8), // the account's email
      email.split('@')[1]!, // its domain
      bank.id.slice(0, 8), // an id prefix
      bank.id.slice(0, 14), // past its first dash
      bank.id.slice(9, 20), // the middle of an id: no match
      c.txHash!.slice(0, 12), // a hash prefix with its 0x
      c.txHash!.slice(2, 14), // and without
      c.txHash!.slice(30, 44), // the middle of a hash: no match
      c.targetAddress!.slice(0, 10).toUpperCase(),
      'orig name: ',
      '100%', // % and _ are literal
      'zzzzzz-nothing',
    ];
    for (const search of searches) {
      const { data, error } = await client.GET('/api/v2/transactions', { params: { query: { search, limit: 1000 } } });
      expect(error, search).toBeUndefined();
      const expected = rows.filter((r) => matchesSearch(r, search)).map((r) => r.id);
      expect(data!.total, search).toBe(expected.length);
      expect(
        data!.data.map((r) => r.id),
        search,
      ).toEqual(expected.slice(0, 1000));
    }
    const found = (search: string) => rows.filter((r) => matchesSearch(r, search)).length;
    expect(found(name)).toBeGreaterThan(1);
    for (const some of [searches[1]!, searches[3]!, searches[5]!, searches[6]!, searches[7]!, searches[8]!])
      expect(found(some), some).toBeGreaterThan(0);
    for (const none of [searches[2]!, searches[4]!, bank.id.slice(9, 20)]) expect(found(none), none).toBe(0);
  });

  it('running a seed again on a workspace that has its rows adds nothing (INSERT ... ON CONFLICT, though COPY is at hand)', async () => {
    const count = () => h.deps.db.transaction.count({ where: { workspaceId: ws.workspaceId } });
    const before = await count();
    const again = await seedTransactions(
      { ...at(ws.ctx, NOW), bulk: h.database.bulk },
      { transactions: N, accounts: 20, seed: 7, batchSize: 700 },
    );
    expect(await count()).toBe(before);
    // ...and says so (the command's message is built from this).
    expect(again.inserted).toEqual({ accounts: 0, transactions: 0 });
  }, 120_000);

  it('into a workspace that already holds a transaction, counts every row its two insert lanes add', async () => {
    // Reported: "inserted 10000 of 20000 (10000 already there)" after inserting 20,000 (the lanes'
    // `inserted += await ...` lost each other's batches).
    const other = await workspaceFactory(h.deps);
    await createBank(other.ctx, await activeAccount(other.ctx));
    const count = () => h.deps.db.transaction.count({ where: { workspaceId: other.workspaceId } });
    const seeded = await seedTransactions(
      { ...at(other.ctx, NOW), bulk: h.database.bulk },
      { transactions: 1000, accounts: 10, batchSize: 100 },
    );
    expect(await count()).toBe(1001);
    expect(seeded.inserted).toEqual({ accounts: 10, transactions: 1000 });
  }, 120_000);

  it('COPY text carries tabs, newlines, backslashes, quotes, braces, the text NULL and NULL unchanged', async () => {
    const values: [string | null, string[] | null][] = [
      ['a\tb', []],
      ['line\nbreak\r', ['x']],
      ['back\\slash \\N', ['ORIG NAME: A, B', 'with "quote"', 'back\\slash', 'NULL', '{}', '']],
      ['"quoted" {braces}, comma', ['tab\there', 'new\nline']],
      ['NULL', null],
      ['', ['\\N']],
      [null, ['a']],
    ];
    const back = await h.database.bulk.session(async (s) => {
      await s.exec('CREATE TEMP TABLE copy_check (n int, t text, a text[]) ON COMMIT DROP');
      const text = values.map(([t, a], i) => `${i}\t${copyField(t)}\t${copyField(a)}\n`).join('');
      await s.copyIn(
        'COPY copy_check (n, t, a) FROM STDIN',
        (async function* () {
          yield text;
        })(),
      );
      return s.query<{ t: string | null; a: string[] | null }>('SELECT t, a FROM copy_check ORDER BY n');
    });
    expect(back.map((r) => [r.t, r.a])).toEqual(values);
  });

  it('rows that cannot be produced abort the COPY and roll the session back; the connection serves the next one', async () => {
    const table = `copy_abort_${process.pid}`;
    await h.database.bulk.session((s) => s.exec(`CREATE TABLE ${table} (n int)`));
    try {
      const broken = h.database.bulk.session(async (s) => {
        await s.exec(`INSERT INTO ${table} VALUES (-1)`);
        await s.copyIn(
          `COPY ${table} (n) FROM STDIN`,
          (async function* () {
            yield '1\n2\n';
            throw new Error('the rows ran out of luck');
          })(),
        );
      });
      await expect(broken).rejects.toThrow('the rows ran out of luck');
      const after = await h.database.bulk.session((s) => s.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`));
      expect(after).toEqual([{ n: 0 }]);
    } finally {
      await h.database.bulk.session((s) => s.exec(`DROP TABLE ${table}`));
    }
  });

  it('the same seed gives the same data (in another workspace, with other batches, through INSERT instead of COPY, drawn on worker threads); another seed does not', async () => {
    const digest = (list: TransactionDto[]) => {
      const emails = new Map<string | null, number>();
      return createHash('sha256')
        .update(
          JSON.stringify(
            list.map((r) => {
              // Ids differ between workspaces; everything else must not (accounts by first appearance).
              if (!emails.has(r.account.email)) emails.set(r.account.email, emails.size);
              const { id: _id, accountId: _a, account, ...rest } = r;
              return { ...rest, account: [emails.get(account.email), account.email] };
            }),
          ),
        )
        .digest('hex');
    };
    const again = await seeded(7, 450, false);
    const threaded = await seeded(7, 700, true, 2);
    const other = await seeded(8);
    expect(digest(await listAll(again.ws.apiKey))).toBe(digest(rows));
    expect(digest(await listAll(threaded.ws.apiKey))).toBe(digest(rows));
    expect(digest(await listAll(other.ws.apiKey))).not.toBe(digest(rows));
  }, 120_000);

  it('refuses a workspace that does not exist and bad sizes', async () => {
    const ctx = { ...ws.ctx, workspaceId: '00000000-0000-4000-8000-000000000000' };
    await expect(seedTransactions(ctx, { transactions: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(seedTransactions(ws.ctx, { transactions: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(seedTransactions(ws.ctx, { transactions: 10, accounts: 1.5 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('fas seed: the command', () => {
  it('validates its options: positive integers, --transactions required, accounts default max(10, N/1000)', () => {
    expect(seedOptions({ transactions: '5000' })).toEqual({ transactions: 5000, accounts: 10, seed: 1 });
    expect(seedOptions({ transactions: '1000000', seed: '42' })).toEqual({ transactions: 1_000_000, accounts: 1000, seed: 42 });
    expect(seedOptions({ transactions: '20', accounts: '3' })).toEqual({ transactions: 20, accounts: 3, seed: 1 });
    expect(() => seedOptions({})).toThrow('--transactions is required');
    for (const bad of ['0', '-5', '1.5', 'abc', '1e6', '', '100000001']) {
      expect(() => seedOptions({ transactions: bad })).toThrow(/--transactions must be a positive integer/);
    }
    expect(() => seedOptions({ transactions: '10', accounts: '0' })).toThrow(/--accounts must be a positive integer/);
    expect(() => seedOptions({ transactions: '10', seed: 'x' })).toThrow(/--seed must be a positive integer/);
    expect(() => seedOptions({ transactions: true })).toThrow(/--transactions must be a positive integer/);
  });

  it('draws a progress bar', () => {
    expect(progressBar(420_000, 1_000_000, 34.1, 10)).toBe('[####......] 42% 420000/1000000 12.3k rows/s ETA 0:47');
    expect(progressBar(10, 10, 1, 4)).toBe('[####] 100% 10/10 10 rows/s in 0:01');
    expect(progressBar(0, 10, 1, 4)).toBe('[....] 0% 0/10 0 rows/s ETA -');
    expect(progressBar(1, 10_000_000, 1, 4)).toBe('[....] 0% 1/10000000 1 rows/s ETA 2777:46:39');
  });

  it('runs as `fas seed`: JSON result on stdout, progress on stderr, bad options exit non-zero', async () => {
    const dir = templatedDataDir('fas-seed-');
    try {
      const url = inject('databaseUrl');
      const fas = dataDirCli(dir);
      const bad = await fas(['seed', '--transactions', '0']);
      // A value out of range is a usage error (exit 2), refused before the database is opened.
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--transactions <n>' argument '0' is invalid\. must be a positive integer/);
      const ws = await fas(['workspace', 'create', '--name', 'Seeded', '--sandbox', '--json']);
      expect(ws.code, ws.stderr).toBe(0);
      const { workspaceId } = JSON.parse(ws.stdout);
      // The seed itself as the built binary, a process of its own.
      const run = spawnFas(['seed', '--transactions', '300', '--seed', '3', '--workspace', workspaceId, '--json'], cliEnv(dir));
      expect(run.code, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout);
      expect(out).toMatchObject({ workspaceId, accounts: 10, transactions: 300 });
      expect(typeof out.seconds).toBe('number');
      expect(run.stderr).toMatch(/\[#+\] 100% 300\/300 .* rows\/s/);
      // In a new data directory the table held fewer rows than the seed adds: indexes were built
      // again after the load (on the suite's shared PostgreSQL database other files may have rows there).
      if (!url.startsWith('postgres')) expect(run.stderr).toMatch(/building transactions_pkey\.\.\.[\s\S]*analyzing\.\.\./);
      expect(run.stderr).toMatch(/(analyzing|vacuuming)( counts)?\.\.\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
