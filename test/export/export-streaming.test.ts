import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { exportAccounts } from '../../src/core/accounts/export-accounts.js';
import type { Deps } from '../../src/core/context.js';
import { exportTransactions } from '../../src/core/transactions/export-transactions.js';
import { COLUMN_KEYS, TRANSACTION_COLUMNS } from '../../src/core/transactions/transaction-columns.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { cookieOf, csrf, trpcHttp } from '../sessions/trpc-http.js';
import { exportOver, listEverything, parseCsv } from '../support/csv.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { settled } from '../support/until.js';

// How the export streams: keyset batches that never skip or repeat a row (ties included), the
// next batch read only when the client takes the previous one, nothing more read once the
// client leaves, a failing batch after the first byte breaking the transfer; the dashboard's
// cookie downloads; and the accounts export against its list.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let other: Awaited<ReturnType<typeof workspaceFactory>>;
const COPIES = 8_000; // x 5 rows: 40,005 transactions, 41 batches of 1,000 (EXPORT_BATCH_ROWS)
const CONTINUATION = '(t.created_at, t.id) <';
let continuations = 0;
let failNext = false;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Stream');
  other = await workspaceFactory(h.deps, 'Elsewhere');
  const accountId = await activeAccount(ws.ctx, 'stream@example.com');
  const when = at(ws.ctx, '2025-05-01T12:00:00.000Z');
  await createBank(when, accountId);
  await createCrypto(when, accountId);
  await createTrade(when, accountId);
  await createBank(at(ws.ctx, '2025-05-01T12:00:01.000Z'), accountId);
  await createCrypto(at(ws.ctx, '2025-05-01T11:59:59.000Z'), accountId);
  // Copies 10 s apart, each group of 5 with three rows at one instant: ties at every batch edge.
  const names = COLUMN_KEYS.map((k) => TRANSACTION_COLUMNS[k].name);
  const copied: Record<string, string> = {
    id: 'gen_random_uuid()',
    reference: "'copy-' || g",
    created_at: "t.created_at - g * interval '10 seconds'",
  };
  await h.deps.db.$executeRawUnsafe(
    `INSERT INTO transactions (${names.join(', ')})
     SELECT ${names.map((c) => copied[c] ?? `t.${c}`).join(', ')}
     FROM transactions t CROSS JOIN generate_series(1, ${COPIES}) g WHERE t.workspace_id = $1::uuid`,
    ws.workspaceId,
  );
  const otherAccount = await activeAccount(other.ctx, 'other@example.com');
  await createBank(at(other.ctx, '2025-05-01T12:00:00.000Z'), otherAccount);
  // Counts the export's continuation batches, and fails one on demand.
  const sql = h.deps.sql;
  h.deps.sql = (async (q, opts) => {
    if (q.text.includes(CONTINUATION)) {
      continuations++;
      if (failNext) {
        failNext = false;
        throw new Error('connection to the database lost');
      }
    }
    return sql(q, opts);
  }) as Deps['sql'];
}, 300_000);
afterAll(async () => h?.close());

async function orderedIds(workspaceId: string): Promise<string[]> {
  const rows = await h.deps.db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM transactions WHERE workspace_id = ${workspaceId}::uuid ORDER BY created_at DESC, id DESC`;
  return rows.map((r) => r.id);
}

/** No new batch for this long: the export has stopped reading (a batch of 1,000 rows takes tens of ms). */
const QUIET_MS = 500;

describe('streaming', () => {
  it('keyset batches of 7 give every row once, in list order, across ties', async () => {
    const window = { startDate: '2025-05-01T11:58:00Z', endDate: '2025-05-01T12:00:00Z' };
    const file = await exportTransactions(ws.ctx, window, { batchRows: 7 });
    let text = '';
    for await (const piece of file.chunks) text += piece;
    const listed = await listEverything(h, ws.apiKey, '/api/v2/transactions', window);
    expect(listed.length).toBeGreaterThan(50);
    expect(parseCsv(text).records.map((r) => r.id)).toEqual(listed.map((t) => t.id));
  });

  it('40,005 rows over HTTP: all of them, once, in order, read batch by batch as the client reads', async () => {
    const before = continuations;
    const res = await fetch(`${h.baseUrl}/api/v2/transactions/export`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(200);
    // The client reads nothing: the server stops at what the socket buffers hold (or this times out).
    // Stopped is no batch for QUIET_MS, many times a batch's time, so a batch delayed on a shared CPU is not taken for a stop.
    const whileStalled = (await settled('the export while the client reads nothing', () => continuations, QUIET_MS)) - before;
    expect(whileStalled).toBeLessThan(30);
    const text = await res.text();
    expect(continuations - before).toBe(40);
    const ids = parseCsv(text).records.map((r) => r.id);
    expect(ids).toHaveLength(COPIES * 5 + 5);
    expect(ids).toEqual(await orderedIds(ws.workspaceId));
  }, 120_000);

  it('a client that goes away stops the reading', async () => {
    const controller = new AbortController();
    const before = continuations;
    const res = await fetch(`${h.baseUrl}/api/v2/transactions/export`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    // The reading stops (or this times out): no batch follows for a while after the client left.
    const atAbort = (await settled('the export after the client left', () => continuations, QUIET_MS)) - before;
    expect(atAbort).toBeLessThan(40);
  }, 60_000);

  it('a batch failing after the first byte breaks the transfer: the client cannot mistake it for a whole file', async () => {
    failNext = true;
    const res = await fetch(`${h.baseUrl}/api/v2/transactions/export`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(failNext).toBe(false);
    // The server goes on serving.
    expect((await rawRequest(h, 'GET', '/healthz')).status).toBe(200);
  }, 60_000);
});

describe('the dashboard downloads (session cookie)', () => {
  const signIn = async (token: string) => cookieOf((await trpcHttp(h, 'mutation', 'session.signIn', { token }, csrf(h))).setCookie);
  const download = (path: string, cookie?: string, accept = '*/*') =>
    fetch(`${h.baseUrl}${path}`, { headers: { accept, ...(cookie ? { cookie } : {}) } });

  it('admins and analysts get the same file as the API, with the same filters', async () => {
    for (const token of [ws.adminToken, ws.analystToken]) {
      const cookie = await signIn(token);
      const res = await download('/dashboard/export/transactions.csv?transactionType=trade&search=copy-7', cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-\d{8}T\d{6}Z\.csv"$/);
      const api = await exportOver(h, ws.apiKey, '/api/v2/transactions/export', { transactionType: 'trade', search: 'copy-7' });
      const records = parseCsv(await res.text()).records;
      expect(records.length).toBeGreaterThan(5);
      expect(records).toEqual(api.csv!.records);
    }
    const accounts = await download('/dashboard/export/accounts.csv', await signIn(ws.analystToken));
    expect(parseCsv(await accounts.text()).records.map((r) => r.email)).toEqual(['stream@example.com']);
  });

  it("another workspace's session downloads only its own rows", async () => {
    const res = await download('/dashboard/export/transactions.csv', await signIn(other.adminToken));
    const records = parseCsv(await res.text()).records;
    expect(records).toHaveLength(1);
    expect(records[0]?.accountEmail).toBe('other@example.com');
  });

  it('refuses without a session (JSON for programs, a page for people) and validates as the API does', async () => {
    const bare = await download('/dashboard/export/transactions.csv');
    expect(bare.status).toBe(401);
    expect(bare.headers.get('content-type')).toContain('application/problem+json');
    const page = await download('/dashboard/export/accounts.csv', 'fas_session=fas_ss_forged', 'text/html');
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Back to the dashboard');
    const invalid = await download('/dashboard/export/transactions.csv?search=ab&page=2', await signIn(ws.adminToken));
    expect(invalid.status).toBe(400);
    const api = await rawRequest(h, 'GET', '/api/v2/transactions/export?search=ab&page=2', {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect((await invalid.json()).errors).toEqual(api.body.errors);
  });
});

describe('GET /api/v2/accounts/export', () => {
  let team: Awaited<ReturnType<typeof workspaceFactory>>;
  beforeAll(async () => {
    team = await workspaceFactory(h.deps, 'Accounts');
    const same = at(team.ctx, '2025-01-01T00:00:00.000Z');
    for (let i = 0; i < 9; i++) await createAccount(same, { type: 'individual', email: `same${i}@example.com`, reference: `=cmd|${i}` });
    await createAccount(at(team.ctx, '2025-01-02T00:00:00.000Z'), {
      type: 'business',
      email: 'corp@example.com',
      reference: 'corp, "main"',
    });
    const active = await createAccount(team.ctx, { type: 'individual', email: 'active@example.com' });
    await h.deps.db.account.updateMany({ where: { id: active.accountId }, data: { status: 'active' } });
  });

  it.each([
    {},
    { status: 'pending' },
    { status: 'active' },
    { search: 'SAME' },
    { search: 'main' },
  ])('%j: the same accounts as the list, cell for cell', async (filter) => {
    const listed = await listEverything(h, team.apiKey, '/api/v2/accounts', filter as Record<string, string>);
    const exported = await exportOver(h, team.apiKey, '/api/v2/accounts/export', filter as Record<string, string>);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/filename="accounts-\d{8}T\d{6}Z\.csv"/);
    expect(exported.csv!.header).toEqual(['accountId', 'type', 'email', 'reference', 'status', 'createdAt', 'updatedAt']);
    expect(exported.csv!.records).toEqual(
      listed.map((a) => ({ ...a, reference: a.reference?.startsWith('=') ? `'${a.reference}` : (a.reference ?? '') })),
    );
  });

  it('batches of 2 across nine accounts created at one instant: each once, in order', async () => {
    const file = await exportAccounts(team.ctx, {}, { batchRows: 2 });
    let text = '';
    for await (const piece of file.chunks) text += piece;
    const listed = await listEverything(h, team.apiKey, '/api/v2/accounts');
    expect(parseCsv(text).records.map((r) => r.accountId)).toEqual(listed.map((a) => a.accountId));
  });

  it("holds no other workspace's account, and validates as the list does", async () => {
    const mine = await exportOver(h, team.apiKey, '/api/v2/accounts/export');
    expect(mine.csv!.records.some((r) => r.email === 'stream@example.com')).toBe(false);
    const auth = { headers: { authorization: `APIKey ${team.apiKey}` } };
    for (const q of ['status=closed', 'search=ab', 'limit=5', 'x=1']) {
      const listed = await rawRequest(h, 'GET', `/api/v2/accounts?${q}`, auth);
      const exported = await rawRequest(h, 'GET', `/api/v2/accounts/export?${q}`, auth);
      expect(exported.status).toBe(400);
      if (!q.startsWith('limit')) expect(exported.body.errors).toEqual(listed.body.errors);
    }
  });
});
