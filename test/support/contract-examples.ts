import { contractDocument } from '../../src/core/validation/contract-document.js';
import { contractSchemaAt } from '../../src/core/validation/validators.js';

/** One example of a JSON body in openapi.yaml and the schema it must fit. */
export interface BodyExample {
  /** `example`, `examples/<name>` or `schema <Name>` (the referenced schema's own example). */
  name: string;
  value: unknown;
  /** JSON pointer of the schema the example must validate against. */
  schemaPointer: string;
}

/** A JSON request or 2xx JSON response body of one operation. */
export interface ExampleSlot {
  operationId: string;
  method: string;
  path: string;
  /** `request` or the response status. */
  slot: string;
  examples: BodyExample[];
}

type Json = Record<string, any>;
const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function resolve(ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, key) => node?.[key], contractDocument() as Json);
}

/** Follows `$ref`s, returning the object and the pointer it lives at. */
function follow(node: Json, pointer: string): { node: Json; pointer: string } {
  let n = node;
  let p = pointer;
  while (n && typeof n.$ref === 'string') {
    p = n.$ref;
    n = resolve(n.$ref);
  }
  return { node: n, pointer: p };
}

/** The examples a media type offers: its own `example`/`examples`, else its referenced schema's `example`. */
function examplesOf(mediaType: Json, mediaPointer: string): BodyExample[] {
  const schemaPointer = `${mediaPointer}/schema`;
  if (mediaType.example !== undefined) return [{ name: 'example', value: mediaType.example, schemaPointer }];
  if (mediaType.examples) {
    return Object.entries(mediaType.examples as Json).map(([name, ex]) => ({
      name: `examples/${name}`,
      value: follow(ex, '').node.value,
      schemaPointer,
    }));
  }
  const schema = mediaType.schema as Json | undefined;
  if (schema?.$ref) {
    const target = follow(schema, schemaPointer);
    if (target.node.example !== undefined) {
      return [{ name: `schema ${target.pointer.split('/').pop()}`, value: target.node.example, schemaPointer: target.pointer }];
    }
  }
  return [];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every JSON request body and every 2xx JSON response body of the contract, with their examples. */
export function exampleSlots(): ExampleSlot[] {
  const slots: ExampleSlot[] = [];
  for (const [path, item] of Object.entries(contractDocument().paths as Json)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const base = `#/paths/${pointerEscape(path)}/${method}`;
      const at = { operationId: op.operationId as string, method: method.toUpperCase(), path };
      if (op.requestBody) {
        const body = follow(op.requestBody, `${base}/requestBody`);
        const json = body.node.content?.['application/json'];
        if (json) slots.push({ ...at, slot: 'request', examples: examplesOf(json, `${body.pointer}/content/application~1json`) });
      }
      for (const [status, response] of Object.entries((op.responses ?? {}) as Json)) {
        if (!status.startsWith('2')) continue;
        const r = follow(response, `${base}/responses/${status}`);
        for (const [mediaType, content] of Object.entries((r.node.content ?? {}) as Json)) {
          if (!/json$/.test(mediaType)) continue;
          slots.push({ ...at, slot: status, examples: examplesOf(content, `${r.pointer}/content/${pointerEscape(mediaType)}`) });
        }
      }
    }
  }
  return slots;
}

/** Why an example does not fit its schema (empty when it does). The value is copied: Ajv fills defaults in. */
export function exampleViolations(example: BodyExample): string[] {
  const validate = contractSchemaAt(example.schemaPointer);
  return validate(structuredClone(example.value)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** The documented 2xx statuses of an operation. */
export function successStatuses(method: string, path: string): number[] {
  const op = (contractDocument().paths as Json)[path]?.[method.toLowerCase()] as Json;
  return Object.keys(op?.responses ?? {})
    .filter((s) => s.startsWith('2'))
    .map(Number);
}
