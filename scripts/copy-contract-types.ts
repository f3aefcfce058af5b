// The packages integrators install carry their own copy of the types generated from openapi.yaml
// (a tarball cannot reach into the server's source); this keeps each copy identical to the core's.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const generatedContractTypes = 'src/core/generated/openapi.ts';
export const packageContractTypes = ['packages/client/src/generated/openapi.ts', 'packages/receiver/src/generated/openapi.ts'];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const target of packageContractTypes) {
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(generatedContractTypes, target);
  }
}
