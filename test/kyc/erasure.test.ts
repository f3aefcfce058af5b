import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { openPage, signForm, uploadFile } from '../support/holder.js';
import { trpcCaller } from '../support/trpc-caller.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The first workspace's transaction pays the first queries' warm-up (plans and caches built on a
  // shared CPU), which can outlast Prisma's 5 s transaction timeout: it is made here, retried once, so
  // no test's own timeout includes the warm-up.
  await workspaceFactory(h.deps).catch(() => workspaceFactory(h.deps));
}, 120_000);
afterAll(async () => h?.close());

const SIGNER = 'Ottoline Vanderquill';
const STREET = '77 Quillfeather Lane';

/** An active individual with KYC data, a document, a signature, a deposit and balances: everything erasure touches or keeps. */
async function verifiedHolder() {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const unique = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
  const email = `ottoline.${unique}@erasure.example`;
  // Unique per holder: the other holder's file (which must stay) would otherwise match the search.
  const fileName = `ottoline-statement-${unique}.pdf`;
  const accountId = (await post('/api/v2/accounts', { type: 'individual', email })).body.accountId as string;
  const body = submission(accountId, { address: { ...submission(accountId).address, address1: STREET } });
  const saved = await post('/api/v2/kyc/banking-verification/individual', body);
  expect(saved.status).toBe(200);
  const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
  const { nonce = '' } = await openPage(h, token);
  const file = sampleFile.pdf(40_000);
  expect((await uploadFile(h, token, { nonce, kind: 'proof_of_address', file, name: fileName })).status).toBe(303);
  expect((await signForm(h, token, { nonce, acceptTerms: 'on', fullName: SIGNER })).status).toBe(303);
  expect((await post('/api/v2/kyc/banking-verification/request', { accountId })).status).toBe(200);
  expect((await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'completed' })).body.status).toBe('active');
  const deposit = await post('/api/v2/simulations/deposits/bank', { accountId, amount: '250.00', coin: 'USD', instrumentType: 'ach' });
  expect(deposit.status).toBe(201);
  return { ws, post, accountId, email, token, file, fileName };
}

/** Every public table's rows as text, one string per table: what "the raw table contents" hold. */
async function tableTexts(): Promise<Map<string, string>> {
  const tables = await h.deps.db.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`;
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = await h.deps.db.$queryRawUnsafe<{ text: string | null }[]>(`SELECT string_agg(t::text, E'\\n') AS text FROM "${name}" t`);
    out.set(name, rows[0]?.text ?? '');
  }
  return out;
}

/** What the account's money looks like: transactions, ledger entries and balances. */
async function money(accountId: string) {
  const [transactions, entries, balances] = await Promise.all([
    h.deps.db.transaction.findMany({ where: { accountId }, select: { id: true, status: true, amount: true } }),
    h.deps.db.ledgerEntry.count({ where: { accountId } }),
    h.deps.db.ledgerBalance.findMany({ where: { accountId }, select: { currency: true, posted: true, pendingIn: true } }),
  ]);
  return JSON.stringify({ transactions, entries, balances });
}

describe('erasing an account holder (POST /api/v2/accounts/{accountId}/erasure)', { timeout: 180_000 }, () => {
  it('destroys the PII and the files (unreadable by every API, absent from every table), keeps the money, announces it once', async () => {
    const { ws, post, accountId, email, token, fileName } = await verifiedHolder();
    const other = await verifiedHolder();
    // What must disappear: the email in clear, and the sealed values and file chunks as they were stored.
    const v = await h.deps.db.bankingVerification.findFirstOrThrow({
      where: { accountId },
      select: { phoneEnc: true, idNumberEnc: true, address1Enc: true, dateOfBirthEnc: true, signatureNameEnc: true },
    });
    const docs = await h.deps.db.kycDocument.findMany({ where: { accountId }, select: { id: true } });
    expect(docs).toHaveLength(1);
    const chunk = await h.deps.db.kycDocumentChunk.findFirstOrThrow({ where: { documentId: docs[0]?.id }, select: { data: true } });
    const needles: [string, string][] = [
      ['email', email],
      ['file name', fileName],
      ...Object.entries(v).map(([k, value]): [string, string] => [`sealed ${k}`, String(value)]),
      ['stored chunk (hex)', Buffer.from(chunk.data).subarray(100, 164).toString('hex')],
    ];
    const before = await tableTexts();
    for (const [what, needle] of needles)
      expect(
        [...before.values()].some((t) => t.includes(needle)),
        `${what} stored before`,
      ).toBe(true);
    const moneyBefore = await money(accountId);

    // Admins only; another workspace's admin sees no such account.
    expect((await post(`/api/v2/accounts/${accountId}/erasure`, {})).status).toBe(403);
    const analyst = await trpcCaller(h, ws.analystToken)
      .accounts.erase.mutate({ accountId })
      .catch((e) => e);
    expect(analyst.data).toMatchObject({ code: 'FORBIDDEN' });
    const foreign = await rawRequest(h, 'POST', `/api/v2/accounts/${accountId}/erasure`, {
      headers: { authorization: `Bearer ${other.ws.adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(404);

    const erase = () =>
      rawRequest(h, 'POST', `/api/v2/accounts/${accountId}/erasure`, {
        headers: { authorization: `Bearer ${ws.adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
    const res = await erase();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountId,
      email: null,
      status: 'active',
      erasure: { erasedAt: expect.any(String), erased: ['email', 'verification', 'documents', 'signature'] },
    });

    // Every API says so, and nothing of the holder can be read any more.
    const get = (path: string) => rawRequest(h, 'GET', path, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect((await get(`/api/v2/accounts/${accountId}`)).body).toMatchObject({ email: null, erasure: res.body.erasure });
    expect((await get(`/api/v2/kyc/banking-verification/${accountId}`)).status).toBe(404);
    expect((await get(`/api/v2/kyc/banking-verification/${accountId}/documents/${docs[0]?.id}/content`)).status).toBe(404);
    expect((await openPage(h, token)).res.status).toBe(404);
    const viaTrpc = await trpcCaller(h, ws.adminToken).accounts.get.query({ accountId });
    expect(viaTrpc).toMatchObject({ email: null, erasure: res.body.erasure });
    const gq = await graphql(
      h,
      ws.adminToken,
      `query($id: ID!) { account(accountId: $id) { email erasure { erasedAt erased } bankingVerification { status } } }`,
      {
        id: accountId,
      },
    );
    expect(gq.errors).toBeUndefined();
    expect(gq.data.account).toEqual({ email: null, erasure: res.body.erasure, bankingVerification: null });

    // Absent from every table's contents; the other holder's data is still there (the search works).
    const after = await tableTexts();
    for (const [what, needle] of needles) {
      const holding = [...after.entries()].filter(([, t]) => t.includes(needle)).map(([name]) => name);
      expect(holding, `${what} still stored`).toEqual([]);
    }
    expect([...after.values()].some((t) => t.includes(other.email))).toBe(true);
    expect(await h.deps.db.kycDocumentChunk.count({ where: { documentId: { in: docs.map((d) => d.id) } } })).toBe(0);

    // Money records intact; the event announces it once, and erasing again changes nothing.
    expect(await money(accountId)).toBe(moneyBefore);
    const again = await erase();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const erased = await h.deps.db.event.findMany({ where: { accountId, type: 'account_erased' }, select: { details: true } });
    expect(erased).toEqual([{ details: { accountId, erasedAt: res.body.erasure.erasedAt, erased: res.body.erasure.erased } }]);
    // The audit log names the admin who erased, once (and, searched above with every table, holds no PII).
    const audits = await h.deps.db.auditRecord.findMany({
      where: { workspaceId: ws.workspaceId, action: 'account.erased', objectId: accountId },
      select: { actorKind: true },
    });
    expect(audits).toEqual([{ actorKind: 'admin' }]);

    // Nothing new is accepted for the account.
    expect((await post('/api/v2/kyc/banking-verification/individual', submission(accountId))).status).toBe(409);
    expect((await post('/api/v2/kyc/banking-verification/request', { accountId })).status).toBe(409);
  });

  it('erases a business: company, people and documents; GraphQL and tRPC erase alike', async () => {
    const ws = await workspaceFactory(h.deps);
    const post = poster(h, ws.apiKey);
    const { businessSubmission } = await import('../factories/business-verification.js');
    const accountId = (await post('/api/v2/accounts', { type: 'business', email: 'ops@erase-biz.example' })).body.accountId as string;
    expect((await post('/api/v2/kyc/banking-verification/business', businessSubmission(accountId))).status).toBe(200);
    const people = () => h.deps.db.businessPerson.count({ where: { accountId } });
    expect(await people()).toBeGreaterThan(0);
    const gq = await graphql(h, ws.adminToken, `mutation($id: ID!) { eraseAccount(accountId: $id) { email erasure { erased } } }`, {
      id: accountId,
    });
    expect(gq.errors).toBeUndefined();
    expect(gq.data.eraseAccount).toEqual({ email: null, erasure: { erased: ['email', 'verification', 'business'] } });
    expect(await people()).toBe(0);
    expect(await h.deps.db.businessVerification.count({ where: { accountId } })).toBe(0);
    const viaTrpc = await trpcCaller(h, ws.adminToken).accounts.erase.mutate({ accountId });
    expect(viaTrpc.erasure?.erased).toEqual(['email', 'verification', 'business']);
    expect((await post('/api/v2/kyc/banking-verification/business', businessSubmission(accountId))).status).toBe(409);
  });
});
