import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { contractViolations } from '../support/contract.js';
import { graphql, type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';
import { holderLink, openPage, uploadFile } from '../support/holder.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const docsPath = (accountId: string) => `/api/v2/kyc/banking-verification/${accountId}/documents`;

/** A holder who uploaded a 600 KB JPEG front and a PDF proof of address through the page. */
async function uploaded() {
  const link = await holderLink(h);
  const { nonce } = await openPage(h, link.token);
  const front = sampleFile.jpeg(600_000);
  const proof = sampleFile.pdf(5000);
  expect((await uploadFile(h, link.token, { nonce, kind: 'document_front', file: front, name: 'front.jpeg' })).status).toBe(303);
  expect((await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file: proof, name: 'bill é.pdf' })).status).toBe(303);
  return { ...link, front, proof };
}

/** A download through REST, its response checked against openapi.yaml. */
async function download(secret: string, path: string) {
  const url = h.baseUrl + path;
  const res = await fetch(url, { headers: { authorization: `APIKey ${secret}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ct = res.headers.get('content-type');
  const body = (ct ?? '').includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined;
  expect(contractViolations('GET', url, res.status, ct, body)).toEqual([]);
  return { res, bytes, body };
}

describe('reading the holder documents back', () => {
  it('shows the same metadata over REST, tRPC and GraphQL', async () => {
    const u = await uploaded();
    const { data: rest } = await restClient(h, u.ws.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}/documents', {
      params: { path: { accountId: u.accountId } },
    });
    expect(rest).toMatchObject({
      accountId: u.accountId,
      required: ['document_front', 'selfie', 'proof_of_address'],
      missing: ['selfie'],
      signedAt: null,
      documentsCompletedAt: null,
    });
    expect(rest?.data.map((d) => [d.kind, d.fileName, d.mediaType, d.sizeBytes, d.sha256])).toEqual([
      ['document_front', 'front.jpeg', 'image/jpeg', u.front.length, createHash('sha256').update(u.front).digest('hex')],
      ['proof_of_address', 'bill é.pdf', 'application/pdf', u.proof.length, createHash('sha256').update(u.proof).digest('hex')],
    ]);
    const trpc = await trpcClient(h, u.ws.adminToken).kyc.documents.list.query({ accountId: u.accountId });
    expect(trpc).toEqual(rest);
    const gql = await graphql(
      h,
      u.ws.analystToken,
      `query($id: ID!) { verificationDocuments(accountId: $id) { accountId required missing signedAt documentsCompletedAt
        data { documentId kind fileName mediaType sizeBytes sha256 uploadedAt reads { readAt } } page limit total } }`,
      { id: u.accountId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.verificationDocuments).toEqual(rest);
  });

  it('pages like every list (the set described on every page) and refuses unknown parameters, on every protocol', async () => {
    const u = await uploaded();
    const client = restClient(h, u.ws.apiKey);
    const path = { accountId: u.accountId };
    const all = (await client.GET('/api/v2/kyc/banking-verification/{accountId}/documents', { params: { path } })).data!;
    expect(all).toMatchObject({ page: 1, limit: 100, total: 2 });
    const second = (
      await client.GET('/api/v2/kyc/banking-verification/{accountId}/documents', { params: { path, query: { page: 2, limit: 1 } } })
    ).data!;
    // The page holds the second upload; what is missing is about the whole set.
    expect(second).toEqual({ ...all, data: [all.data[1]], page: 2, limit: 1, total: 2 });
    const past = (
      await client.GET('/api/v2/kyc/banking-verification/{accountId}/documents', { params: { path, query: { page: 3, limit: 1 } } })
    ).data!;
    expect(past).toMatchObject({ data: [], total: 2, missing: ['selfie'] });
    expect(await trpcClient(h, u.ws.adminToken).kyc.documents.list.query({ accountId: u.accountId, page: 2, limit: 1 })).toEqual(second);
    const gql = await graphql(
      h,
      u.ws.analystToken,
      `query($id: ID!) { verificationDocuments(accountId: $id, page: 2, limit: 1) { missing data { documentId } page limit total } }`,
      { id: u.accountId },
    );
    expect(gql.data.verificationDocuments).toEqual({
      missing: ['selfie'],
      data: [{ documentId: all.data[1]!.documentId }],
      page: 2,
      limit: 1,
      total: 2,
    });

    const auth = { headers: { authorization: `APIKey ${u.ws.apiKey}` } };
    const unknown = await rawRequest(h, 'GET', `${docsPath(u.accountId)}?kind=selfie`, auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'kind', message: 'is not a known field' }] });
    const badLimit = await rawRequest(h, 'GET', `${docsPath(u.accountId)}?limit=0`, auth);
    expect(badLimit.body.errors).toEqual([{ field: 'limit', code: 'too_small', params: { limit: 1 }, message: 'must be >= 1' }]);
    const viaTrpc = await trpcClient(h, u.ws.adminToken)
      .kyc.documents.list.query({ accountId: u.accountId, kind: 'selfie' } as never)
      .catch((e) => e);
    expect(viaTrpc.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'kind', message: 'is not a known field' }] });
  });

  it('downloads the content byte-identical over REST and tRPC, recording each read; analysts are refused', async () => {
    const u = await uploaded();
    const { data: list } = await restClient(h, u.ws.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}/documents', {
      params: { path: { accountId: u.accountId } },
    });
    const front = list!.data[0]!;
    const path = `${docsPath(u.accountId)}/${front.documentId}/content`;
    const got = await download(u.ws.apiKey, path);
    expect(got.res.status).toBe(200);
    expect(got.res.headers.get('content-type')).toBe('image/jpeg');
    expect(got.res.headers.get('x-content-sha256')).toBe(front.sha256);
    expect(got.res.headers.get('cache-control')).toBe('no-store');
    expect(got.res.headers.get('content-disposition')).toBe('attachment; filename="front.jpeg"; filename*=UTF-8\'\'front.jpeg');
    expect(got.bytes.equals(u.front)).toBe(true);

    const viaTrpc = await trpcClient(h, u.ws.adminToken).kyc.documents.content.query({
      accountId: u.accountId,
      documentId: front.documentId,
    });
    expect(Buffer.from(viaTrpc.contentBase64, 'base64').equals(u.front)).toBe(true);
    expect(viaTrpc.document.sha256).toBe(front.sha256);

    const analystRest = await rawRequest(h, 'GET', path, { headers: { authorization: `Bearer ${u.ws.analystToken}` } });
    expect(analystRest.status).toBe(403);
    await expect(
      trpcClient(h, u.ws.analystToken).kyc.documents.content.query({ accountId: u.accountId, documentId: front.documentId }),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

    const { data: after } = await restClient(h, u.ws.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}/documents', {
      params: { path: { accountId: u.accountId } },
    });
    const reads = after!.data[0]!.reads;
    expect(reads.map((r) => [r.actor, r.apiKeyId, r.adminId, r.admin])).toEqual([
      ['api_key', u.ws.apiKeyId, null, null],
      ['admin', null, u.ws.adminId, u.ws.adminEmail],
    ]);
    expect(after!.data[1]!.reads).toEqual([]);
  });

  it('hides other workspaces documents and answers unknown ones 404', async () => {
    const u = await uploaded();
    const other = await holderLink(h);
    const { data: list } = await restClient(h, u.ws.apiKey).GET('/api/v2/kyc/banking-verification/{accountId}/documents', {
      params: { path: { accountId: u.accountId } },
    });
    const id = list!.data[0]!.documentId;
    const foreign = await rawRequest(h, 'GET', docsPath(u.accountId), { headers: { authorization: `APIKey ${other.ws.apiKey}` } });
    expect(foreign.status).toBe(404);
    const foreignContent = await download(other.ws.apiKey, `${docsPath(u.accountId)}/${id}/content`);
    expect(foreignContent.res.status).toBe(404);
    const wrongAccount = await download(other.ws.apiKey, `${docsPath(other.accountId)}/${id}/content`);
    expect(wrongAccount.res.status).toBe(404);
    const bad = await download(u.ws.apiKey, `${docsPath(u.accountId)}/not-a-uuid/content`);
    expect(bad.res.status).toBe(400);
    expect(await h.deps.db.kycDocumentRead.count({ where: { documentId: id } })).toBe(0);
  });

  it('refuses content whose stored chunks were tampered with (swapped or truncated)', async () => {
    const u = await uploaded();
    const doc = await h.deps.db.kycDocument.findFirstOrThrow({ where: { accountId: u.accountId, kind: 'document_front' } });
    const read = async () => {
      const parts: Buffer[] = [];
      const { databaseDocumentStore } = await import('../../src/core/kyc/documents/document-store.js');
      for await (const p of databaseDocumentStore(h.deps.sql, h.deps.cipher).read(doc.workspaceId, doc.id)) parts.push(p);
      return Buffer.concat(parts);
    };
    expect((await read()).equals(u.front)).toBe(true);
    const chunks = await h.deps.db.kycDocumentChunk.findMany({ where: { documentId: doc.id }, orderBy: { seq: 'asc' } });
    expect(chunks).toHaveLength(3);
    const chunk = (seq: number) => ({ workspaceId_documentId_seq: { workspaceId: doc.workspaceId, documentId: doc.id, seq } });
    await h.deps.db.kycDocumentChunk.delete({ where: chunk(2) });
    await expect(read()).rejects.toThrow(/failed authentication/);
    await h.deps.db.kycDocumentChunk.create({ data: { workspaceId: doc.workspaceId, documentId: doc.id, seq: 2, data: chunks[2]!.data } });
    await h.deps.db.kycDocumentChunk.update({ where: chunk(0), data: { data: chunks[1]!.data } });
    await expect(read()).rejects.toThrow(/failed authentication/);
  });

  it('the sandbox simulation uploads and signs through the same use cases', async () => {
    const link = await holderLink(h);
    for (const action of ['document_upload_received', 'documents_uploaded', 'terms_signed']) {
      expect((await link.call(`/api/v2/simulations/kyc/${link.accountId}/holder-action`, { action })).status).toBe(200);
    }
    const again = await link.call(`/api/v2/simulations/kyc/${link.accountId}/holder-action`, { action: 'terms_signed' });
    expect(again.status).toBe(409);
    const list = await rawRequest(h, 'GET', docsPath(link.accountId), { headers: { authorization: `APIKey ${link.ws.apiKey}` } });
    expect(list.body.missing).toEqual([]);
    expect(list.body.signedAt).not.toBeNull();
    expect(list.body.data.map((d: { kind: string; mediaType: string }) => `${d.kind}:${d.mediaType}`)).toEqual([
      'document_front:image/png',
      'selfie:image/png',
      'proof_of_address:image/png',
    ]);
    const types = await h.deps.db.event.findMany({
      where: {
        workspaceId: link.ws.workspaceId,
        type: { in: ['kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_signed'] },
      },
      orderBy: { occurredAt: 'asc' },
      select: { type: true },
    });
    expect(types.map((t) => t.type)).toEqual([
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_upload_received',
      'kyc_document_uploaded',
      'kyc_verification_signed',
    ]);
  });
});
