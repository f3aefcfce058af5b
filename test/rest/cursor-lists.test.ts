import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

// The cursor (`after` / `nextCursor`) of the accounts list, the delivery log and the audit log:
// paging through while accounts are created (each makes an audit record and a delivery) and
// deliveries change status sees every item that existed at the start exactly once.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let made = 0;

async function createAccounts(n: number) {
  for (let i = 0; i < n; i++) {
    made += 1;
    await createAccount(ws.ctx, { type: made % 2 ? 'individual' : 'business', email: `cursor-${made}@example.com` });
  }
}

beforeAll(async () => {
  h = await startHarness({ allowInsecureWebhooks: true });
  ws = await workspaceFactory(h.deps);
  // A target nobody serves and no dispatcher: deliveries wait as pending until the test moves them.
  const target = await rawRequest(h, 'POST', '/api/v2/webhook-targets', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'http://127.0.0.1:9/cursor-hook' }),
  });
  expect(target.status).toBe(201);
  await createAccounts(23);
});
afterAll(async () => h?.close());

type Query = Record<string, string | number>;
interface ListCase {
  path: string;
  /** Who may read it (the audit log is for admins). */
  secret: () => string;
  idOf: (item: any) => string;
  filters: Query;
  /** Another filter of the same list, for the cursor to be refused with. */
  other: Query;
}

const CASES: Record<string, ListCase> = {
  accounts: { path: '/api/v2/accounts', secret: () => ws.apiKey, idOf: (a) => a.accountId, filters: {}, other: { status: 'active' } },
  'accounts matching a search and a status': {
    path: '/api/v2/accounts',
    secret: () => ws.apiKey,
    idOf: (a) => a.accountId,
    filters: { search: 'cursor-', status: 'pending' },
    other: { status: 'active' },
  },
  'webhook deliveries': {
    path: '/api/v2/webhook-deliveries',
    secret: () => ws.apiKey,
    idOf: (d) => d.id,
    filters: {},
    other: { status: 'failed' },
  },
  'webhook deliveries of a type': {
    path: '/api/v2/webhook-deliveries',
    secret: () => ws.apiKey,
    idOf: (d) => d.id,
    filters: { type: 'account_created' },
    other: { type: 'account_status_updated' },
  },
  'audit log': {
    path: '/api/v2/audit-log',
    secret: () => ws.adminToken,
    idOf: (r) => r.seq,
    filters: {},
    other: { objectType: 'account' },
  },
  'audit log of one action': {
    path: '/api/v2/audit-log',
    secret: () => ws.adminToken,
    idOf: (r) => r.seq,
    filters: { action: 'account.created' },
    other: { action: 'account.erased' },
  },
};

async function get(c: ListCase, query: Query) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return rawRequest(h, 'GET', `${c.path}?${qs}`, { headers: { authorization: `Bearer ${c.secret()}` } });
}

async function allIds(c: ListCase): Promise<string[]> {
  const r = await get(c, { ...c.filters, limit: 1000 });
  expect(r.status).toBe(200);
  return r.body.data.map(c.idOf);
}

/** Between pages: 2 new accounts (2 audit records, 2 deliveries each in front), and 3 deliveries failed. */
async function meanwhile() {
  await createAccounts(2);
  const pending = await h.deps.db.webhookDelivery.findMany({
    where: { workspaceId: ws.workspaceId, status: 'pending' },
    select: { id: true },
    take: 3,
  });
  await h.deps.db.webhookDelivery.updateMany({
    where: { workspaceId: ws.workspaceId, id: { in: pending.map((p) => p.id) } },
    data: { status: 'failed', attempts: 6, nextAttemptAt: null },
  });
}

describe.each(Object.entries(CASES))('%s with a cursor', (_name, c) => {
  it('sees every item that existed at the start exactly once, in order, while items are added and change', async () => {
    const existing = await allIds(c);
    expect(existing.length).toBeGreaterThan(10);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const r = await get(c, { ...c.filters, limit: 4, ...(after ? { after } : {}) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.total).toBe((await allIds(c)).length);
      seen.push(...r.body.data.map(c.idOf));
      after = r.body.nextCursor ?? undefined;
      await meanwhile();
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => existing.includes(id))).toEqual(existing);
  });

  it('refuses a cursor with other filters, or altered, with a 400 naming after', async () => {
    const first = await get(c, { ...c.filters, limit: 2 });
    const cursor: string = first.body.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const other = await get(c, { ...c.filters, ...c.other, limit: 2, after: cursor });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'after', code: 'invalid', message: expect.stringContaining('other filters') })],
    });
    const altered = await get(c, { ...c.filters, after: `x${cursor}` });
    expect(altered.body.errors).toEqual([expect.objectContaining({ field: 'after', message: expect.stringContaining('altered') })]);
  });
});

describe('another workspace', () => {
  it("refuses A's cursors of every list on REST, tRPC and GraphQL, revealing nothing of A", async () => {
    const b = await workspaceFactory(h.deps);
    const cursors = {
      accounts: (await get(CASES.accounts!, { limit: 1 })).body.nextCursor as string,
      deliveries: (await get(CASES['webhook deliveries']!, { limit: 1 })).body.nextCursor as string,
      audit: (await get(CASES['audit log']!, { limit: 1 })).body.nextCursor as string,
    };
    const as = (path: string, secret: string, after: string) =>
      rawRequest(h, 'GET', `${path}?after=${after}`, { headers: { authorization: `Bearer ${secret}` } });
    const answers = [
      await as('/api/v2/accounts', b.apiKey, cursors.accounts),
      await as('/api/v2/webhook-deliveries', b.apiKey, cursors.deliveries),
      await as('/api/v2/audit-log', b.adminToken, cursors.audit),
    ];
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        expect.objectContaining({ field: 'after', message: expect.stringContaining('not issued for this workspace') }),
      ]);
      expect(JSON.stringify(r.body)).not.toContain(ws.workspaceId);
      expect(JSON.stringify(r.body)).not.toContain('cursor-');
    }
    const trpc = trpcClient(h, b.adminToken);
    const trpcCodes = await Promise.all([
      trpc.accounts.list.query({ after: cursors.accounts }).catch((e) => e.data.code),
      trpc.webhookDeliveries.list.query({ after: cursors.deliveries }).catch((e) => e.data.code),
      trpc.auditLog.list.query({ after: cursors.audit }).catch((e) => e.data.code),
    ]);
    expect(trpcCodes).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    const accounts = await graphql(h, b.adminToken, 'query($a: String) { accounts(after: $a) { total } }', { a: cursors.accounts });
    const audit = await graphql(h, b.adminToken, 'query($a: String) { auditLog(after: $a) { total } }', { a: cursors.audit });
    for (const r of [accounts, audit]) {
      expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['VALIDATION_FAILED']);
      expect(r.errors?.[0]?.extensions?.errors).toEqual(answers[0]!.body.errors);
    }
  });
});
