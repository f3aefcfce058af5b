import { createHash } from 'node:crypto';
import { type Dirent, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `npm run build:app` compiles into `dist/` (the CLI and server by tsc, the dashboard by Vite),
 * hashed, so a test run can tell a stale build from a fresh one. The build records the hash of
 * its inputs as it starts (`begin`) and makes it the stamp once every step succeeded (`end`).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts'];
const stampOf = (root: string) => path.join(root, 'dist/.build-inputs');

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  try {
    return (readdirSync(full, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [entry];
    if (code === 'ENOENT') return [];
    throw err;
  }
}

/** The hash of every input's path and content. */
export function buildInputsHash(root = repoRoot): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => files(root, entry)).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Why `dist/` is not the build of the current sources, or undefined when it is. */
export function staleBuild(root = repoRoot): string | undefined {
  let stamp: string;
  try {
    stamp = readFileSync(stampOf(root), 'utf8').trim();
  } catch {
    return 'dist/ has no build stamp (never built, or its last build failed)';
  }
  return stamp === buildInputsHash(root) ? undefined : `the sources changed since dist/ was built (${INPUTS.join(', ')})`;
}

/** Before the build: no stamp (a failed build leaves none), and the hash of what it compiles. */
export function beginBuild(root = repoRoot): void {
  rmSync(stampOf(root), { force: true });
  mkdirSync(path.dirname(stampOf(root)), { recursive: true });
  writeFileSync(`${stampOf(root)}.pending`, `${buildInputsHash(root)}\n`);
}

/** After every step succeeded: the hash taken before it is the stamp. */
export function endBuild(root = repoRoot): void {
  renameSync(`${stampOf(root)}.pending`, stampOf(root));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === 'begin') beginBuild();
  else if (step === 'end') endBuild();
  else throw new Error('usage: tsx scripts/build-stamp.ts begin|end');
}
