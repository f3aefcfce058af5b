import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupFileError, BackupKeyError } from '../../src/operator/backup/backup-errors.js';
import { keyFingerprint, sealKey, unsealKey } from '../../src/operator/backup/master-key-seal.js';
import { tarDirectory, untar } from '../../src/operator/backup/tar.js';

const work = mkdtempSync(path.join(tmpdir(), 'fas-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function* chunks(parts: Buffer[]) {
  yield* parts;
}
const collect = async (gen: AsyncIterable<Buffer>) => {
  const out: Buffer[] = [];
  for await (const c of gen) out.push(c);
  return Buffer.concat(out);
};

describe("a backup's archive and sealed key", () => {
  it('archives a directory and writes it back byte for byte', async () => {
    const src = path.join(work, 'src');
    mkdirSync(path.join(src, 'base', '5'), { recursive: true });
    const big = randomBytes(3 * 1024 * 1024 + 17);
    writeFileSync(path.join(src, 'base', '5', '1259'), big);
    writeFileSync(path.join(src, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(src, 'empty'), '');
    const tar = await collect(tarDirectory(src, 'pgdata'));
    const dest = path.join(work, 'dest');
    // Fed in uneven pieces, as a decompressor hands them over.
    const pieces = [tar.subarray(0, 100), tar.subarray(100, 70_000), tar.subarray(70_000)];
    expect(await untar(chunks(pieces), dest)).toEqual({ files: 3, bytes: big.length + 3 });
    expect(readFileSync(path.join(dest, 'pgdata', 'base', '5', '1259')).equals(big)).toBe(true);
    expect(readFileSync(path.join(dest, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    await expect(untar(chunks([tar.subarray(0, tar.length - 1024 - 512)]), path.join(work, 'short'))).rejects.toThrow(BackupFileError);
  });

  it('refuses an entry that would land outside the destination', async () => {
    const src = path.join(work, 'evil');
    mkdirSync(src);
    writeFileSync(path.join(src, 'x'), 'x');
    const tar = await collect(tarDirectory(src, 'pgdata'));
    // Rename the file entry (the second header) to ../x, its checksum made right again.
    const h = tar.subarray(512, 1024);
    h.fill(0, 0, 100);
    h.write('pgdata/../../x', 0);
    h.write('        ', 148);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    await expect(untar(chunks([tar]), path.join(work, 'evil-out'))).rejects.toThrow(/unsafe path/);
  });

  it('seals the master key under a passphrase; a wrong one is refused', () => {
    const key = randomBytes(32);
    const sealed = sealKey(key, 'correct horse battery staple');
    expect(JSON.stringify(sealed)).not.toContain(key.toString('base64'));
    expect(unsealKey(sealed, 'correct horse battery staple').equals(key)).toBe(true);
    expect(() => unsealKey(sealed, 'correct horse battery stapler')).toThrow(BackupKeyError);
    expect(keyFingerprint(key)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFingerprint(key)).not.toBe(keyFingerprint(randomBytes(32)));
  });
});
