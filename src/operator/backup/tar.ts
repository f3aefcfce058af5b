import { mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupFileError } from './backup-errors.js';

/**
 * The backup's archive: POSIX ustar, regular files and directories only, so standard tools read
 * it (`tar -x`). Names are relative, at most 100 bytes (a PostgreSQL data directory's are far shorter).
 */
const BLOCK = 512;
const CHUNK = 1024 * 1024;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | '5', mode: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`a path too long for the archive: ${name}`);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode & 0o7777, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The directory `root` as ustar bytes, its entries named `<prefix>/...`, in name order. */
export async function* tarDirectory(root: string, prefix: string): AsyncGenerator<Buffer> {
  async function* walk(dir: string, name: string): AsyncGenerator<Buffer> {
    const s = await stat(dir);
    yield header(`${name}/`, 0, '5', s.mode, s.mtimeMs);
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(p, `${name}/${e.name}`);
      else if (e.isFile()) yield* file(p, `${name}/${e.name}`);
    }
  }
  async function* file(p: string, name: string): AsyncGenerator<Buffer> {
    const fh = await open(p, 'r');
    try {
      const s = await fh.stat();
      yield header(name, s.size, '0', s.mode, s.mtimeMs);
      let left = s.size;
      while (left > 0) {
        const buf = Buffer.allocUnsafe(Math.min(CHUNK, left));
        const { bytesRead } = await fh.read(buf, 0, buf.length, s.size - left);
        if (bytesRead === 0) throw new Error(`${p} shrank while it was archived`);
        left -= bytesRead;
        yield buf.subarray(0, bytesRead);
      }
      yield padding(s.size);
    } finally {
      await fh.close();
    }
  }
  yield* walk(root, prefix);
  yield Buffer.alloc(BLOCK * 2);
}

const field = (h: Buffer, at: number, len: number) => h.toString('utf8', at, at + len).replace(/\0.*$/s, '');

/** A name from an archive, refused unless it stays inside the destination. */
function safeName(name: string): string {
  const n = name.replace(/\/$/, '');
  if (!n || n.startsWith('/') || n.split('/').some((part) => part === '..' || part === '.' || part === ''))
    throw new BackupFileError(`the archive holds an unsafe path: ${JSON.stringify(name)}`);
  return n;
}

/**
 * Writes the ustar stream `chunks` under `dest` (files 0600, directories 0700): regular files and
 * directories only, names that stay inside `dest`. Returns the files and bytes written.
 */
export async function untar(chunks: AsyncIterable<Buffer>, dest: string): Promise<{ files: number; bytes: number }> {
  let buffered: Buffer = Buffer.alloc(0);
  let current: { fh: Awaited<ReturnType<typeof open>>; left: number; pad: number } | undefined;
  let skip = 0;
  let files = 0;
  let bytes = 0;
  let ended = false;
  for await (const chunk of chunks) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      if (current) {
        const take = Math.min(current.left, buffered.length);
        if (take > 0) await current.fh.write(buffered.subarray(0, take));
        current.left -= take;
        bytes += take;
        buffered = buffered.subarray(take);
        if (current.left > 0) break;
        await current.fh.close();
        skip = current.pad;
        current = undefined;
      }
      if (skip > 0) {
        const take = Math.min(skip, buffered.length);
        skip -= take;
        buffered = buffered.subarray(take);
        if (skip > 0) break;
      }
      if (ended || buffered.length < BLOCK) break;
      const h = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] ?? 0);
      if (Number.parseInt(field(h, 148, 8).trim(), 8) !== sum || field(h, 257, 5) !== 'ustar')
        throw new BackupFileError('the archive is damaged (a header fails its checksum)');
      const name = safeName(field(h, 0, 100));
      const size = Number.parseInt(field(h, 124, 12).trim() || '0', 8);
      const type = field(h, 156, 1) || '0';
      const target = path.join(dest, name);
      if (type === '5') await mkdir(target, { recursive: true, mode: 0o700 });
      else if (type === '0') {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        current = { fh: await open(target, 'wx', 0o600), left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
        files++;
      } else throw new BackupFileError(`the archive holds an entry of a kind a restore does not write (type ${type}): ${name}`);
    }
  }
  if (current) await current.fh.close();
  if (!ended || current) throw new BackupFileError('the archive ends early');
  return { files, bytes };
}
