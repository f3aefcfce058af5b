import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** openapi.yaml at the package root (same depth from src/ and dist/). */
export const contractPath = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
/**
 * openapi.yaml already parsed, which `npm run build:app` writes (`scripts/contract-json.ts`):
 * parsing the YAML took a second or more of every process's start (a spawned `fas serve`, each
 * test worker), reading the JSON takes milliseconds. It names the SHA-256 of the text it was
 * parsed from and is used only when that is the text of openapi.yaml now, so an edited contract
 * is never answered by an old copy (it is parsed again instead).
 */
export const contractJsonPath = fileURLToPath(new URL('../../../dist/openapi.json', import.meta.url));

let text: string | undefined;
let doc: OpenApiDocument | undefined;

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Record<string, unknown>;
  $ref?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; parameters?: OpenApiParameter[] }>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, OpenApiParameter> };
  [key: string]: unknown;
}

/** What `contractJsonPath` holds. */
export interface ParsedContract {
  sha256: string;
  document: OpenApiDocument;
}

export function contractText(): string {
  text ??= readFileSync(contractPath, 'utf8');
  return text;
}

export function contractSha256(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

/** The parsed copy when it is the parse of `source`, else undefined. */
function parsedCopyOf(source: string): OpenApiDocument | undefined {
  let copy: ParsedContract;
  try {
    copy = JSON.parse(readFileSync(contractJsonPath, 'utf8')) as ParsedContract;
  } catch {
    return undefined;
  }
  return copy.sha256 === contractSha256(source) ? copy.document : undefined;
}

/** openapi.yaml's text parsed (the YAML itself: what the build's copy is checked against). */
export function parseContract(source: string): OpenApiDocument {
  return parse(source) as OpenApiDocument;
}

export function contractDocument(): OpenApiDocument {
  if (!doc) {
    const source = contractText();
    doc = parsedCopyOf(source) ?? parseContract(source);
  }
  return doc;
}
