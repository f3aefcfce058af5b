import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { workspaceFactory } from '../factories/workspace.js';
import { cookieOf, csrf, trpcHttp } from '../sessions/trpc-http.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, signForm, uploadFile } from '../support/holder.js';
import { trpcCaller } from '../support/trpc-caller.js';

// The dashboard's preview route: a holder's document read through the session cookie, by the same
// core read as REST (admins only, each read recorded, scoped to the session's workspace).
let h: Harness;
let link: Awaited<ReturnType<typeof holderLink>>;
const files = { jpeg: sampleFile.jpeg(3_000), pdf: sampleFile.pdf(5_000) };
const ids: Record<'jpeg' | 'pdf', string> = { jpeg: '', pdf: '' };

beforeAll(async () => {
  h = await startHarness();
  link = await holderLink(h);
  const { nonce } = await openPage(h, link.token);
  expect((await uploadFile(h, link.token, { nonce, kind: 'document_front', file: files.jpeg, name: 'front side.jpg' })).status).toBe(303);
  expect((await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file: files.pdf, name: 'Rechnung März.pdf' })).status).toBe(
    303,
  );
  for (const d of await h.deps.db.kycDocument.findMany({ where: { accountId: link.accountId }, select: { id: true, kind: true } })) {
    ids[d.kind === 'document_front' ? 'jpeg' : 'pdf'] = d.id;
  }
});
afterAll(async () => h?.close());

const signIn = async (token: string) => cookieOf((await trpcHttp(h, 'mutation', 'session.signIn', { token }, csrf(h))).setCookie);
const url = (accountId: string, documentId: string, query = '') =>
  `${h.baseUrl}/dashboard/kyc/${accountId}/documents/${documentId}/content${query}`;
const reads = (documentId: string) => h.deps.db.kycDocumentRead.count({ where: { documentId } });

describe('GET /dashboard/kyc/:accountId/documents/:documentId/content', () => {
  it('gives an admin the bytes inline, typed, not sniffable nor cacheable, and records the read', async () => {
    const cookie = await signIn(link.ws.adminToken);
    const before = await reads(ids.jpeg);
    const res = await fetch(url(link.accountId, ids.jpeg), { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(files.jpeg)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="front side.jpg"; filename*=UTF-8''front%20side.jpg`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await reads(ids.jpeg)).toBe(before + 1);
    const [read] = await h.deps.db.kycDocumentRead.findMany({
      where: { documentId: ids.jpeg },
      select: { actorKind: true, adminEmail: true },
    });
    expect(read).toEqual({ actorKind: 'admin', adminEmail: link.ws.adminEmail });
  });

  it('gives a PDF as an attachment when asked, with a non-ASCII name kept in filename*', async () => {
    const cookie = await signIn(link.ws.adminToken);
    const res = await fetch(url(link.accountId, ids.pdf, '?download=1'), { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(files.pdf)).toBe(true);
  });

  it('refuses an analyst (403), no session (401), a dead cookie (401), and records nothing', async () => {
    const before = await reads(ids.jpeg);
    const analyst = await fetch(url(link.accountId, ids.jpeg), { headers: { cookie: await signIn(link.ws.analystToken) } });
    expect(analyst.status).toBe(403);
    expect(await analyst.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await fetch(url(link.accountId, ids.jpeg))).status).toBe(401);
    expect((await fetch(url(link.accountId, ids.jpeg), { headers: { cookie: 'fas_session=nope' } })).status).toBe(401);
    // An API key or admin token in a header is not how this route authenticates.
    expect((await fetch(url(link.accountId, ids.jpeg), { headers: { authorization: `APIKey ${link.ws.apiKey}` } })).status).toBe(401);
    expect(await reads(ids.jpeg)).toBe(before);
  });

  it("another workspace's admin gets 404 (its existence is not revealed), a malformed id 400", async () => {
    const other = await workspaceFactory(h.deps);
    const cookie = await signIn(other.adminToken);
    const before = await reads(ids.jpeg);
    const res = await fetch(url(link.accountId, ids.jpeg), { headers: { cookie } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await reads(ids.jpeg)).toBe(before);
    const bad = await fetch(url('not-a-uuid', ids.jpeg), { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'accountId' }] });
  });
});

describe('the signature for the KYC review (tRPC kyc.documents.signature)', () => {
  it("gives admins the signer's name and time, analysts FORBIDDEN, another workspace NOT_FOUND, null before signing", async () => {
    const signed = await signForm(h, link.token, {
      nonce: (await openPage(h, link.token)).nonce ?? '',
      acceptTerms: 'on',
      fullName: 'Ada  Holder',
    });
    expect(signed.status).toBe(303);
    const admin = await trpcCaller(h, link.ws.adminToken).kyc.documents.signature.query({ accountId: link.accountId });
    expect(admin).toMatchObject({ accountId: link.accountId, fullName: 'Ada Holder' });
    expect(Date.parse(admin?.signedAt ?? '')).toBeGreaterThan(0);
    const analyst = await trpcCaller(h, link.ws.analystToken)
      .kyc.documents.signature.query({ accountId: link.accountId })
      .catch((e) => e);
    expect(analyst.data).toMatchObject({ code: 'FORBIDDEN' });
    expect(JSON.stringify(analyst)).not.toContain('Ada Holder');
    const other = await workspaceFactory(h.deps);
    const elsewhere = await trpcCaller(h, other.adminToken)
      .kyc.documents.signature.query({ accountId: link.accountId })
      .catch((e) => e);
    expect(elsewhere.data).toMatchObject({ code: 'NOT_FOUND' });
    const unsigned = await holderLink(h);
    expect(await trpcCaller(h, unsigned.ws.apiKey).kyc.documents.signature.query({ accountId: unsigned.accountId })).toBeNull();
    const bad = await trpcCaller(h, link.ws.adminToken)
      .kyc.documents.signature.query({ accountId: 'nope' })
      .catch((e) => e);
    expect(bad.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'accountId' }] });
  });
});
