import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import { openDatabase } from '../../src/db/database.js';
import { buildApp } from '../../src/server/app.js';
import { depsOf } from '../../src/server/deps.js';
import { sampleFile } from '../factories/holder-files.js';
import { type Harness, startHarness } from '../support/harness.js';
import { holderLink, openPage, signForm, uploadFile } from '../support/holder.js';

const NAME = 'Zebulon Quixotewright';

/** A holder uploads a file and signs; returns what must never be found at rest. */
async function holderFlow(h: Harness) {
  const link = await holderLink(h);
  const { nonce = '' } = await openPage(h, link.token);
  const file = sampleFile.pdf(40_000);
  expect((await uploadFile(h, link.token, { nonce, kind: 'proof_of_address', file, name: 'statement.pdf' })).status).toBe(303);
  expect((await signForm(h, link.token, { nonce, acceptTerms: 'on', fullName: NAME })).status).toBe(303);
  // Several slices of the content: none may appear, raw or hex-encoded (pg_dump writes bytea as hex).
  const slices = [1000, 17_000, 39_000].map((at) => file.subarray(at, at + 32));
  return { slices };
}

function needles(slices: Buffer[]): Array<[string, Buffer]> {
  return [
    ['typed name', Buffer.from(NAME)],
    ...slices.flatMap(
      (s, i): Array<[string, Buffer]> => [
        [`content slice ${i}`, s],
        [`content slice ${i} as hex`, Buffer.from(s.toString('hex'))],
      ],
    ),
  ];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('document contents and the signature at rest', { timeout: 180_000 }, () => {
  it('an embedded data directory holds neither the file bytes nor the typed name', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fas-at-rest-'));
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
      const { slices } = await holderFlow(h);
      await app.close();
      await database.close();

      const files = filesUnder(dataDir).map((f) => readFileSync(f));
      const found = (needle: Buffer) => files.some((bytes) => bytes.includes(needle));
      // The search itself works: the account's email is stored in clear and is found.
      expect(found(Buffer.from('holder@example.com'))).toBe(true);
      for (const [what, needle] of needles(slices)) expect(found(needle), what).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!inject('databaseUrl').startsWith('postgres'))('a pg_dump of the PostgreSQL database holds neither', async () => {
    const h = await startHarness();
    try {
      const { slices } = await holderFlow(h);
      const rows = await h.deps.db.$queryRaw<{ db: string }[]>`SELECT current_database() AS db`;
      const url = new URL(inject('databaseUrl'));
      url.pathname = `/${rows[0]?.db}`;
      const dump = execFileSync('pg_dump', ['--no-owner', url.toString()], { maxBuffer: 256 * 1024 * 1024 });
      expect(dump.includes(Buffer.from('holder@example.com'))).toBe(true);
      expect(dump.includes(Buffer.from('kyc_document_chunks'))).toBe(true);
      for (const [what, needle] of needles(slices)) expect(dump.includes(needle), what).toBe(false);
    } finally {
      await h.close();
    }
  });
});
