import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDocumentStore } from '../../src/core/kyc/documents/document-store.js';
import { sampleFile } from '../factories/holder-files.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, uploadFile } from '../support/holder.js';

describe('replacing a document when the old content cannot be deleted', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('the new document stays published with its content, and the upload answers success', async () => {
    const real = databaseDocumentStore(h.deps.sql, h.deps.cipher);
    let deleteCalls = 0;
    h.deps.documentStore = {
      write: (workspaceId, id, content) => real.write(workspaceId, id, content),
      read: (workspaceId, id) => real.read(workspaceId, id),
      async delete(_workspaceId, ids) {
        if (ids.length === 0) return;
        deleteCalls++;
        throw new Error('object store unavailable');
      },
    };
    try {
      const link = await holderLink(h);
      const { nonce } = await openPage(h, link.token);
      const first = await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file: sampleFile.pdf(30_000), name: 'old.pdf' });
      expect(first.status).toBe(303);
      const file = sampleFile.pdf(50_000);
      const second = await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file, name: 'new.pdf' });
      expect(second.status).toBe(303);
      expect(deleteCalls).toBe(1);

      const docs = await h.deps.db.kycDocument.findMany({
        where: { accountId: link.accountId },
        select: { workspaceId: true, id: true, fileName: true, uploadedAt: true, sizeBytes: true },
      });
      expect(docs).toHaveLength(1);
      const doc = docs[0] as (typeof docs)[number];
      expect(doc.fileName).toBe('new.pdf');
      expect(doc.uploadedAt).not.toBeNull();
      const stored: Buffer[] = [];
      for await (const chunk of real.read(doc.workspaceId, doc.id)) stored.push(chunk);
      expect(Buffer.concat(stored).equals(file)).toBe(true);
    } finally {
      h.deps.documentStore = undefined;
    }
  });
});
