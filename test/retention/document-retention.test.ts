import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/core/context.js';
import { applyDocumentRetention } from '../../src/core/retention/apply-document-retention.js';
import { sampleFile } from '../factories/holder-files.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { openPage, uploadFile } from '../support/holder.js';
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

const DAY = 86_400_000;
const at = (t: number): Deps => ({ ...h.deps, clock: { now: () => new Date(t) } });

/** A workspace (retention set or not) with an individual whose two documents were uploaded, then rejected. */
async function rejectedWithDocuments(retentionDays: number | null) {
  const ws = await workspaceFactory(h.deps);
  const post = poster(h, ws.apiKey);
  const patch = await rawRequest(h, 'PATCH', '/api/v2/workspace', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ documentRetentionDays: retentionDays }),
  });
  expect(patch.status).toBe(200);
  expect(patch.body.documentRetentionDays).toBe(retentionDays);
  const accountId = (await post('/api/v2/accounts', { type: 'individual', email: 'kept@example.com' })).body.accountId as string;
  const saved = await post('/api/v2/kyc/banking-verification/individual', submission(accountId));
  const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
  const { nonce = '' } = await openPage(h, token);
  for (const kind of ['proof_of_address', 'document_front']) {
    expect((await uploadFile(h, token, { nonce, kind, file: sampleFile.pdf(5_000), name: `${kind}.pdf` })).status).toBe(303);
  }
  expect((await post('/api/v2/kyc/banking-verification/request', { accountId })).status).toBe(200);
  expect((await post(`/api/v2/simulations/kyc/${accountId}/outcome`, { outcome: 'rejected' })).status).toBe(200);
  const v = await h.deps.db.bankingVerification.findFirstOrThrow({ where: { accountId }, select: { rejectedAt: true } });
  const docs = () => h.deps.db.kycDocument.count({ where: { accountId } });
  expect(await docs()).toBe(2);
  return { ws, accountId, rejectedAt: (v.rejectedAt as Date).getTime(), docs };
}

describe('document retention of rejected verifications (the worker step, with a fixed clock)', { timeout: 180_000 }, () => {
  it('keeps documents inside the period, removes them after it in bounded batches, and leaves workspaces without a retention alone', async () => {
    const kept = await rejectedWithDocuments(null);
    const subject = await rejectedWithDocuments(30);
    const mine = <T extends { workspaceId: string }>(removed: T[]) => removed.filter((r) => r.workspaceId === subject.ws.workspaceId);

    expect(mine(await applyDocumentRetention(at(subject.rejectedAt + 29 * DAY), { batch: 1 }))).toEqual([]);
    expect(await subject.docs()).toBe(2);

    const removed = mine(await applyDocumentRetention(at(subject.rejectedAt + 31 * DAY), { batch: 1 }));
    expect(removed).toHaveLength(2);
    expect(new Set(removed.map((r) => r.accountId))).toEqual(new Set([subject.accountId]));
    expect(await subject.docs()).toBe(0);
    expect(await h.deps.db.kycDocumentChunk.count({ where: { documentId: { in: removed.map((r) => r.documentId) } } })).toBe(0);
    const audits = await h.deps.db.auditRecord.findMany({
      where: { workspaceId: subject.ws.workspaceId, action: 'kyc.document_removed_by_retention' },
      select: { actorKind: true, objectId: true },
    });
    expect(audits.map((a) => a.actorKind)).toEqual(['system', 'system']);
    expect(new Set(audits.map((a) => a.objectId))).toEqual(new Set(removed.map((r) => r.documentId)));
    // The verification itself and the account stay (rejected); only the documents went.
    expect((await h.deps.db.account.findFirstOrThrow({ where: { id: subject.accountId } })).status).toBe('rejected');

    // No retention set: kept forever, even years later.
    await applyDocumentRetention(at(kept.rejectedAt + 3650 * DAY));
    expect(await kept.docs()).toBe(2);
  });

  it('the setting is validated and served alike over REST, tRPC and GraphQL', async () => {
    const ws = await workspaceFactory(h.deps);
    const patch = (body: unknown) =>
      rawRequest(h, 'PATCH', '/api/v2/workspace', {
        headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const bad of [0, 3651, 1.5, '30']) expect((await patch({ documentRetentionDays: bad })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    expect((await patch({ documentRetentionDays: 90 })).body).toMatchObject({ documentRetentionDays: 90, displayName: null });
    const viaTrpc = await trpcCaller(h, ws.adminToken).workspace.update.mutate({ documentRetentionDays: 45 });
    expect(viaTrpc.documentRetentionDays).toBe(45);
    const gq = await graphql(
      h,
      ws.adminToken,
      'mutation { updateWorkspace(documentRetentionDays: 7) { documentRetentionDays displayName } }',
    );
    expect(gq.errors).toBeUndefined();
    expect(gq.data.updateWorkspace).toEqual({ documentRetentionDays: 7, displayName: null });
    const analyst = await trpcCaller(h, ws.analystToken)
      .workspace.update.mutate({ documentRetentionDays: 1 })
      .catch((e) => e);
    expect(analyst.data).toMatchObject({ code: 'FORBIDDEN' });
    expect((await h.deps.db.workspace.findUniqueOrThrow({ where: { id: ws.workspaceId } })).documentRetentionDays).toBe(7);
  });
});
