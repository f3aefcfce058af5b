import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eraseAccount } from '../../src/core/accounts/erase-account.js';
import { createContext } from '../../src/core/context.js';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import { openDatabase } from '../../src/db/database.js';
import { buildApp } from '../../src/server/app.js';
import { depsOf } from '../../src/server/deps.js';
import { sampleFile } from '../factories/holder-files.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import type { Harness } from '../support/harness.js';
import { poster } from '../support/harness.js';
import { openPage, uploadFile } from '../support/holder.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('erasure in the embedded database files', { timeout: 240_000 }, () => {
  it('after an erasure the table files hold neither the email nor the sealed values nor the stored file chunks', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fas-erasure-'));
    try {
      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      const deps = depsOf(database, {
        cipher: createFieldCipher(randomBytes(32)),
        publicUrl: 'http://fas.test',
        allowInsecureWebhooks: false,
      });
      const app = await buildApp({ deps, ping: database.ping, logLevel: false, graphiql: false, bodyLimitBytes: 1024 * 1024 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const h = { deps, baseUrl: `http://127.0.0.1:${port}` } as Harness;

      const ws = await workspaceFactory(deps);
      const post = poster(h, ws.apiKey);
      const make = async (email: string) => {
        const accountId = (await post('/api/v2/accounts', { type: 'individual', email })).body.accountId as string;
        const saved = await post('/api/v2/kyc/banking-verification/individual', submission(accountId));
        const token = String(saved.body.verificationUrl).split('/verify/')[1] as string;
        const { nonce = '' } = await openPage(h, token);
        expect(
          (await uploadFile(h, token, { nonce, kind: 'proof_of_address', file: sampleFile.pdf(20_000), name: 'bill.pdf' })).status,
        ).toBe(303);
        return accountId;
      };
      const erasedEmail = 'philippa.erasewright@example.com';
      const keptEmail = 'kept.holder@example.com';
      const accountId = await make(erasedEmail);
      await make(keptEmail);
      const v = await deps.db.bankingVerification.findFirstOrThrow({ where: { accountId }, select: { phoneEnc: true, idNumberEnc: true } });
      const doc = await deps.db.kycDocument.findFirstOrThrow({ where: { accountId }, select: { id: true } });
      const chunk = await deps.db.kycDocumentChunk.findFirstOrThrow({ where: { documentId: doc.id }, select: { data: true } });
      const needles: [string, Buffer][] = [
        ['email', Buffer.from(erasedEmail)],
        ['sealed phone', Buffer.from(String(v.phoneEnc))],
        ['sealed id number', Buffer.from(String(v.idNumberEnc))],
        ['stored chunk bytes', Buffer.from(chunk.data).subarray(200, 264)],
      ];

      const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
      const erased = await eraseAccount(ctx, { accountId });
      expect(erased.email).toBeNull();
      await deps.db.$executeRawUnsafe('CHECKPOINT');
      await app.close();
      await database.close();

      // The table files (WAL aside: docs/operations.md "Erasure" says when it is recycled).
      const files = filesUnder(dataDir)
        .filter((f) => !f.includes(`${path.sep}pg_wal${path.sep}`))
        .map((f) => readFileSync(f));
      const found = (needle: Buffer) => files.some((bytes) => bytes.includes(needle));
      expect(found(Buffer.from(keptEmail)), 'the search finds what is still stored').toBe(true);
      for (const [what, needle] of needles) expect(found(needle), what).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
