// Fails when committed generated files differ from what their sources produce now:
// src/core/generated/openapi.ts (from openapi.yaml) and schema.graphql (from src/graphql).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'fas-generated-'));
const checks = [
  {
    file: 'src/core/generated/openapi.ts',
    make: (out: string) => execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', out], { stdio: 'ignore' }),
  },
  {
    file: 'schema.graphql',
    make: (out: string) => execFileSync('npx', ['tsx', 'scripts/print-graphql-schema.ts', out], { stdio: 'ignore' }),
  },
];

let stale = 0;
for (const check of checks) {
  const out = path.join(dir, path.basename(check.file));
  check.make(out);
  if (readFileSync(out, 'utf8') !== readFileSync(check.file, 'utf8')) {
    console.error(`stale: ${check.file} differs from its source; run npm run generate`);
    stale++;
  } else {
    console.log(`up to date: ${check.file}`);
  }
}
rmSync(dir, { recursive: true, force: true });
process.exit(stale ? 1 : 0);
