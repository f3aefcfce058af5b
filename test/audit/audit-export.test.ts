import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAuditLog } from '../../src/core/audit/export-audit-log.js';
import type { Deps } from '../../src/core/context.js';
import { contractSchemaAt } from '../../src/core/validation/validators.js';
import { workspaceFactory } from '../factories/workspace.js';
import { cookieOf, csrf, trpcHttp } from '../sessions/trpc-http.js';
import { parseCsv, safeCell } from '../support/csv.js';
import { type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';
import { settled } from '../support/until.js';

// GET /api/v2/audit-log/export and the dashboard's /dashboard/export/audit-log.{csv,ndjson}: the
// list's records and filters, admins only, the spreadsheet guard, tenant isolation, streaming.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let other: Awaited<ReturnType<typeof workspaceFactory>>;
let bulk: Awaited<ReturnType<typeof workspaceFactory>>;
const FORMULA_KEY = '=HYPERLINK("https://evil.example","click")';
const BULK = 30_000; // synthetic records: 30 batches of 1,000 (AUDIT_EXPORT_BATCH_ROWS)
const CONTINUATION = 'a.seq <';
let continuations = 0;

const auth = (secret: string) => ({ authorization: `Bearer ${secret}` });
const get = (secret: string, path: string) => rawRequest(h, 'GET', path, { headers: auth(secret) });

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Exported');
  other = await workspaceFactory(h.deps, 'Elsewhere');
  bulk = await workspaceFactory(h.deps, 'Bulk');
  // Records by an API key whose name a spreadsheet would run as a formula.
  const key = await trpcClient(h, ws.adminToken).apiKeys.create.mutate({ name: FORMULA_KEY });
  for (const [secret, n] of [
    [key.key, 3],
    [ws.apiKey, 4],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const created = await rawRequest(h, 'POST', '/api/v2/accounts', {
        headers: { ...auth(secret), 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'individual', email: `export-${n}-${i}@example.com` }),
      });
      expect(created.status).toBe(201);
    }
  }
  await rawRequest(h, 'POST', '/api/v2/accounts', {
    headers: { ...auth(other.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'individual', email: 'other-export@example.com' }),
  });
  // Synthetic records after the bulk workspace's own (its chain is not verified here).
  await h.deps.db.$executeRawUnsafe(
    `INSERT INTO audit_records (workspace_id, seq, occurred_at, actor_kind, actor_id, actor_name, actor_role, action,
       object_type, object_id, changes, prev_hash, hash)
     SELECT $1::uuid, 100 + g, now() - (g || ' seconds')::interval, 'system', NULL, 'bulk', 'system', 'account.status_changed',
       'account', gen_random_uuid()::text, jsonb_build_object('status', jsonb_build_object('before', 'active', 'after', 'suspended')),
       repeat('0', 64), repeat('f', 64)
     FROM generate_series(1, ${BULK}) g`,
    bulk.workspaceId,
  );
  const sql = h.deps.sql;
  h.deps.sql = (async (q, opts) => {
    if (q.text.includes(CONTINUATION)) continuations++;
    return sql(q, opts);
  }) as Deps['sql'];
}, 120_000);
afterAll(async () => h?.close());

/** Every record the REST list gives for these filters, page after page. */
async function listed(secret: string, params: Record<string, string> = {}) {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const res = await get(secret, `/api/v2/audit-log?${new URLSearchParams({ ...params, page: String(page), limit: '100' })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...res.body.data);
    if (all.length >= res.body.total) return all;
  }
}

/** The CSV record a list item must give: the contract's flattening, guarded as a spreadsheet cell. */
const csvOf = (r: any): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      seq: r.seq,
      occurredAt: r.occurredAt,
      actorKind: r.actor.kind,
      actorId: r.actor.id,
      actorName: r.actor.name,
      actorRole: r.actor.role,
      requestId: r.requestId,
      clientAddress: r.clientAddress,
      action: r.action,
      objectType: r.object.type,
      objectId: r.object.id,
      changes: r.changes === null ? null : JSON.stringify(r.changes),
      prevHash: r.prevHash,
      hash: r.hash,
    }).map(([k, v]) => [k, safeCell(v)]),
  );

const ndjsonOf = (text: string) => {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line));
};

describe('the export holds the list', () => {
  it("CSV: every record of the list, in the list's order, flattened, with the headers of a download", async () => {
    const res = await get(ws.adminToken, '/api/v2/audit-log/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{8}T\d{6}Z\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { header, records } = parseCsv(res.body);
    expect(header).toEqual(Object.keys(csvOf((await listed(ws.adminToken))[0])));
    const all = await listed(ws.adminToken);
    expect(all.length).toBeGreaterThan(10);
    expect(records).toEqual(all.map(csvOf));
  });

  it('NDJSON: one AuditRecord per line, exactly as the list gives it', async () => {
    const res = await get(ws.adminToken, '/api/v2/audit-log/export?format=ndjson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{8}T\d{6}Z\.ndjson"$/);
    const lines = ndjsonOf(res.body);
    const schema = contractSchemaAt('#/components/schemas/AuditRecord');
    for (const line of lines) expect(schema(line), JSON.stringify(schema.errors)).toBe(true);
    expect(lines).toEqual(await listed(ws.adminToken));
  });

  it("the list's filters select the same records; page, limit and unknown values are 400", async () => {
    const first = (await listed(ws.adminToken, { action: 'account.created' })).at(-1);
    const filters: Record<string, string>[] = [
      { action: 'account.created' },
      { actorId: ws.apiKeyId },
      { objectType: 'account', objectId: first.object.id },
      { startDate: first.occurredAt, endDate: new Date(Date.parse(first.occurredAt) + 1).toISOString() },
      { action: 'api_key.created', actorId: ws.adminId },
    ];
    for (const f of filters) {
      const expected = await listed(ws.adminToken, f);
      expect(expected.length, JSON.stringify(f)).toBeGreaterThan(0);
      const csv = await get(ws.adminToken, `/api/v2/audit-log/export?${new URLSearchParams(f)}`);
      expect(parseCsv(csv.body).records, JSON.stringify(f)).toEqual(expected.map(csvOf));
      const nd = await get(ws.adminToken, `/api/v2/audit-log/export?${new URLSearchParams({ ...f, format: 'ndjson' })}`);
      expect(ndjsonOf(nd.body), JSON.stringify(f)).toEqual(expected);
    }
    for (const q of ['page=1', 'limit=10', 'format=xml', 'action=Not-An-Action', 'startDate=yesterday', 'colour=red']) {
      const res = await get(ws.adminToken, `/api/v2/audit-log/export?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe('VALIDATION_FAILED');
    }
  });

  it('CSV guards a cell a spreadsheet would run; NDJSON keeps the value as it is', async () => {
    const csv = parseCsv((await get(ws.adminToken, '/api/v2/audit-log/export?action=account.created')).body).records;
    const guarded = csv.filter((r) => r.actorName === `'${FORMULA_KEY}`);
    expect(guarded).toHaveLength(3);
    expect(csv.some((r) => r.actorName === FORMULA_KEY)).toBe(false);
    const nd = ndjsonOf((await get(ws.adminToken, '/api/v2/audit-log/export?action=account.created&format=ndjson')).body);
    expect(nd.filter((r) => r.actor.name === FORMULA_KEY)).toHaveLength(3);
  });
});

describe('who may export', () => {
  it('API keys and analysts are refused (403) before the first byte; no credentials is 401', async () => {
    for (const secret of [ws.apiKey, ws.analystToken]) {
      for (const format of ['csv', 'ndjson']) {
        const res = await get(secret, `/api/v2/audit-log/export?format=${format}`);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    expect((await rawRequest(h, 'GET', '/api/v2/audit-log/export')).status).toBe(401);
  });

  it("another workspace's admin exports only its own records", async () => {
    const mine = await listed(ws.adminToken);
    const ids = new Set(mine.map((r) => r.object.id));
    const theirs = ndjsonOf((await get(other.adminToken, '/api/v2/audit-log/export?format=ndjson')).body);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((r) => ids.has(r.object.id))).toEqual([]);
    const probe = await get(other.adminToken, `/api/v2/audit-log/export?objectId=${mine[0].object.id}`);
    expect(parseCsv(probe.body).records).toEqual([]);
  });
});

describe('the dashboard downloads (session cookie)', () => {
  const signIn = async (token: string) => cookieOf((await trpcHttp(h, 'mutation', 'session.signIn', { token }, csrf(h))).setCookie);
  const download = (path: string, cookie?: string) => fetch(`${h.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });

  it("an admin's session downloads the API's files, the extension choosing the format", async () => {
    const cookie = await signIn(ws.adminToken);
    const query = `action=account.created&actorId=${ws.apiKeyId}`;
    const csv = await download(`/dashboard/export/audit-log.csv?${query}&format=ndjson`, cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    const api = await get(ws.adminToken, `/api/v2/audit-log/export?${query}`);
    const records = parseCsv(await csv.text()).records;
    expect(records).toHaveLength(4);
    expect(records).toEqual(parseCsv(api.body).records);
    const nd = await download(`/dashboard/export/audit-log.ndjson?${query}`, cookie);
    expect(nd.headers.get('content-type')).toBe('application/x-ndjson');
    expect(nd.headers.get('content-disposition')).toMatch(/filename="audit-log-\d{8}T\d{6}Z\.ndjson"$/);
    expect(ndjsonOf(await nd.text())).toEqual(await listed(ws.adminToken, { action: 'account.created', actorId: ws.apiKeyId }));
  });

  it("an analyst's session is refused, no session is 401, and another workspace's admin gets only its own", async () => {
    const analyst = await download('/dashboard/export/audit-log.csv', await signIn(ws.analystToken));
    expect(analyst.status).toBe(403);
    expect(((await analyst.json()) as { code: string }).code).toBe('FORBIDDEN');
    expect((await download('/dashboard/export/audit-log.ndjson')).status).toBe(401);
    const mine = await listed(ws.adminToken, { action: 'account.created' });
    const theirs = await download(`/dashboard/export/audit-log.ndjson?objectId=${mine[0].object.id}`, await signIn(other.adminToken));
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toBe('');
  });
});

describe('streaming', () => {
  it('keyset batches of 7 give every record once, in order', async () => {
    const file = await exportAuditLog(ws.ctx, { format: 'ndjson' }, { batchRows: 7 });
    let text = '';
    for await (const piece of file.chunks) text += piece;
    expect(ndjsonOf(text)).toEqual(await listed(ws.adminToken));
  });

  it('30,000 records over HTTP: read batch by batch as the client reads, all of them once', async () => {
    const before = continuations;
    const res = await fetch(`${h.baseUrl}/api/v2/audit-log/export`, { headers: auth(bulk.adminToken) });
    expect(res.status).toBe(200);
    // The client reads nothing: the server stops at what the socket buffers hold. Stopped is no
    // batch for 500 ms, many times a batch's time (tens of ms), awaited instead of a fixed sleep.
    const whileStalled = (await settled('the export while the client reads nothing', () => continuations, 500)) - before;
    expect(whileStalled).toBeLessThan(25);
    const records = parseCsv(await res.text()).records;
    expect(continuations - before).toBe(BULK / 1000);
    const seqs = records.map((r) => Number(r.seq));
    expect(seqs.length).toBeGreaterThanOrEqual(BULK);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  }, 120_000);
});
