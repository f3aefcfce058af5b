import type { Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { OpenApiDocument, OpenApiParameter } from './contract-document.js';
import { DISPLAY_TEXT_FORMAT, isDisplayText } from './display-text.js';

// ajv-formats is CommonJS; under NodeNext its function sits on `.default` for the type checker.
const addFormats = (formatsModule as unknown as { default: typeof formatsModule.default }).default;

/** The `$id` the contract is registered under: schemas are named `openapi.json#/components/...`. */
export const CONTRACT_ID = 'openapi.json';

/**
 * strict: false lets Ajv skip OpenAPI's own keywords (example, paths...) it does not know,
 * `discriminator` included: Ajv's refuses `mapping`, which generators need; each branch's `const`
 * already makes the `oneOf` pick one. The build compiles with these same options
 * (scripts/contract-validators.ts), and they are part of the key its output is used under.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, useDefaults: true } as const satisfies Options;

/** The display-text format as Ajv takes it (its own code, not compiled into the build's output). */
export const displayTextFormat = { type: 'string', validate: isDisplayText } as const;

/** An Ajv instance that knows the contract's formats and schemas; `code` is the build's. */
export function contractAjv(document: OpenApiDocument, code?: Options['code']): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...(code ? { code } : {}) });
  addFormats(ajv, { mode: 'full' });
  ajv.addFormat(DISPLAY_TEXT_FORMAT, displayTextFormat);
  ajv.addSchema({ ...document, $id: CONTRACT_ID });
  return ajv;
}

/** The key a compiled validator of a body schema is exported under. */
export const bodyKey = (name: string) => `schema:${name}`;
/** The key a compiled validator of an operation's query is exported under. */
export const queryKey = (operationId: string) => `query:${operationId}`;

/** Every operationId of the contract, in the contract's order. */
export function operationIds(document: OpenApiDocument): string[] {
  const ids: string[] = [];
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      const id = op && typeof op === 'object' ? op.operationId : undefined;
      if (id) ids.push(id);
    }
  }
  return ids;
}

function resolveParameter(document: OpenApiDocument, p: OpenApiParameter): OpenApiParameter {
  if (!p.$ref) return p;
  const name = p.$ref.replace('#/components/parameters/', '');
  const found = document.components.parameters[name];
  if (!found) throw new Error(`unresolved parameter ${p.$ref}`);
  return found;
}

function queryParameters(document: OpenApiDocument, operationId: string): OpenApiParameter[] {
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && op.operationId === operationId) {
        return (op.parameters ?? []).map((p) => resolveParameter(document, p)).filter((p) => p.in === 'query');
      }
    }
  }
  throw new Error(`no operation ${operationId} in openapi.yaml`);
}

// Parameter schemas point at `#/components/...` of the contract; make the refs absolute.
function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${CONTRACT_ID}${v}` : rewriteRefs(v),
      ]),
    );
  }
  return schema;
}

/**
 * An operation's query parameters as one object schema (unknown parameters refused), and the
 * names of its integer parameters (which may arrive as decimal strings).
 */
export function querySchema(document: OpenApiDocument, operationId: string): { schema: object; integers: string[] } {
  const params = queryParameters(document, operationId);
  const schema = {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(params.map((p) => [p.name, rewriteRefs(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  return { schema, integers: params.filter((p) => p.schema.type === 'integer').map((p) => p.name) };
}
