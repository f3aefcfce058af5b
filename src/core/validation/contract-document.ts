import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** openapi.yaml at the package root (same depth from src/ and dist/). */
export const contractPath = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));

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

export function contractText(): string {
  text ??= readFileSync(contractPath, 'utf8');
  return text;
}

export function contractDocument(): OpenApiDocument {
  doc ??= parse(contractText()) as OpenApiDocument;
  return doc;
}
