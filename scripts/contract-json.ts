import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  contractJsonPath,
  contractSha256,
  contractText,
  type ParsedContract,
  parseContract,
} from '../src/core/validation/contract-document.js';

/**
 * Writes dist/openapi.json: openapi.yaml parsed once at build time, with the SHA-256 of the text
 * it came from, which `contractDocument` reads instead of parsing the YAML at every start (see
 * src/core/validation/contract-document.ts). Refuses a contract JSON cannot carry unchanged.
 */
const source = contractText();
const document = parseContract(source);
const json = JSON.stringify({ sha256: contractSha256(source), document } satisfies ParsedContract);
if (!isDeepStrictEqual((JSON.parse(json) as ParsedContract).document, document)) {
  throw new Error('openapi.yaml holds a value JSON cannot carry (NaN, Infinity, a date?): its parsed copy would differ');
}
writeFileSync(contractJsonPath, json);
