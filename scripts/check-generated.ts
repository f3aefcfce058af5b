// Fails when committed generated files differ from what their sources produce now:
// src/core/generated/openapi.ts and contract-facts.ts (from openapi.yaml), schema.graphql (from src/graphql).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatedContractTypes, packageContractTypes } from './copy-contract-types.js';
import { contractFactsFile } from './generate-contract-facts.js';

const dir = mkdtempSync(path.join(tmpdir(), 'fas-generated-'));
const checks = [
  {
    file: 'src/core/generated/openapi.ts',
    make: (out: string) => execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', out], { stdio: 'ignore' }),
  },
  {
    file: contractFactsFile,
    make: (out: string) => execFileSync('npx', ['tsx', 'scripts/generate-contract-facts.ts', out], { stdio: 'ignore' }),
  },
  {
    file: 'schema.graphql',
    make: (out: string) => execFileSync('npx', ['tsx', 'scripts/print-graphql-schema.ts', out], { stdio: 'ignore' }),
  },
];

let stale = 0;
// The packages' copies must equal the core's (scripts/copy-contract-types.ts writes them).
for (const copy of packageContractTypes) {
  if (readFileSync(copy, 'utf8') !== readFileSync(generatedContractTypes, 'utf8')) {
    console.error(`stale: ${copy} differs from ${generatedContractTypes}; run npm run generate`);
    stale++;
  }
}
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
