// Writes src/core/generated/contract-facts.ts from openapi.yaml: the values of its string enums,
// the webhook event types, the bounds of its integer parameters (page sizes) and, per operation,
// its method, path and the query parameters that have a default. These are runtime values the type generator (openapi-typescript) does not emit;
// GraphQL, tRPC and the webhook code read them here instead of keeping copies.
import { writeFileSync } from 'node:fs';
import { contractDocument, type OpenApiParameter } from '../src/core/validation/contract-document.js';

export const contractFactsFile = 'src/core/generated/contract-facts.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  operationId?: string;
  parameters?: OpenApiParameter[];
}

const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (values: readonly string[]) => `[${values.map(literal).join(', ')}]`;

export function contractFacts(): string {
  const doc = contractDocument() as ReturnType<typeof contractDocument> & { webhooks?: Record<string, unknown> };
  const resolve = (p: OpenApiParameter): OpenApiParameter => {
    if (!p.$ref) return p;
    const found = doc.components.parameters[p.$ref.replace('#/components/parameters/', '')];
    if (!found) throw new Error(`unresolved parameter ${p.$ref}`);
    return found;
  };

  const enums = Object.entries(doc.components.schemas)
    .filter(([, s]) => {
      const schema = s as { type?: unknown; enum?: unknown };
      return schema.type === 'string' && Array.isArray(schema.enum);
    })
    .map(([name, s]) => `  ${name}: ${list((s as { enum: unknown[] }).enum.map(String))},`);

  // Enums written inline on a property of an object schema (`coin: { enum: [USD, EUR, GBP] }`).
  const propertyEnums = Object.entries(doc.components.schemas).flatMap(([name, s]) => {
    const props = Object.entries((s as { properties?: Record<string, { type?: unknown; enum?: unknown }> }).properties ?? {}).filter(
      ([, p]) => p.type === 'string' && Array.isArray(p.enum),
    );
    if (!props.length) return [];
    return [`  ${name}: {\n${props.map(([prop, p]) => `    ${prop}: ${list((p.enum as unknown[]).map(String))},`).join('\n')}\n  },`];
  });

  const events = Object.keys(doc.webhooks ?? {});
  type WebhookItem = { post?: { requestBody?: { content?: Record<string, { example?: unknown }> } } };
  // The example body of each event (what a test send delivers), keyed by type.
  const examples = Object.entries((doc.webhooks ?? {}) as Record<string, WebhookItem>).map(([type, item]) => {
    const example = item.post?.requestBody?.content?.['application/json']?.example;
    if (example === undefined) throw new Error(`webhooks.${type} has no example body`);
    return `  ${type}: ${JSON.stringify(example)},`;
  });

  // The bounds and default of each integer parameter under components.parameters (page sizes).
  const integerParameters = Object.entries(doc.components.parameters)
    .filter(([, p]) => p.schema?.type === 'integer')
    .map(([key, p]) => {
      const facts = [`name: ${literal(p.name)}`];
      for (const k of ['minimum', 'maximum', 'default'] as const) if (typeof p.schema[k] === 'number') facts.push(`${k}: ${p.schema[k]}`);
      return `  ${key}: { ${facts.join(', ')} },`;
    });

  const operations: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op?.operationId) continue;
      const defaulted = (op.parameters ?? [])
        .map(resolve)
        .filter((p) => p.in === 'query' && p.schema.default !== undefined)
        .map((p) => p.name);
      operations.push(`  ${op.operationId}: { method: '${method}', path: ${literal(path)}, queryDefaults: ${list(defaulted)} },`);
    }
  }

  return `// Generated from openapi.yaml by scripts/generate-contract-facts.ts. Do not edit: run npm run generate.
import type { components, operations } from './openapi.js';

type Schemas = components['schemas'];

/** The values of every string enum under components.schemas, in the contract's order. */
export const CONTRACT_ENUMS = {
${enums.join('\n')}
} as const satisfies { [K in keyof Schemas]?: readonly Schemas[K][] };

/** The values of string enums written on a property of an object schema, by schema and property. */
export const CONTRACT_PROPERTY_ENUMS = {
${propertyEnums.join('\n')}
} as const satisfies { [K in keyof Schemas]?: { [P in keyof Schemas[K]]?: readonly NonNullable<Schemas[K][P]>[] } };

/** The keys of the contract's \`webhooks:\` section: every event type a delivery can carry. */
export const WEBHOOK_EVENT_TYPES = ${list(events)} as const satisfies readonly Schemas['EventType'][];

/** The example body of each event type (its \`example\` under \`webhooks:\`): what a test send delivers. */
export const WEBHOOK_EXAMPLES = {
${examples.join('\n')}
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], Schemas['WebhookEvent']>;

// Compile-time: the EventType enum names no event that the webhooks section does not describe.
type Assert<T extends true> = T;
export type EveryEventTypeDescribed = Assert<[Exclude<Schemas['EventType'], (typeof WEBHOOK_EVENT_TYPES)[number]>] extends [never] ? true : false>;

/** The name, bounds and default of every integer parameter under components.parameters (page sizes, page numbers). */
export const CONTRACT_INTEGER_PARAMETERS = {
${integerParameters.join('\n')}
} as const satisfies Record<string, { name: string; minimum?: number; maximum?: number; default?: number }>;

/** Every operation under \`paths:\`: its method, its path template, its query parameters with a default. */
export const CONTRACT_OPERATIONS = {
${operations.join('\n')}
} as const satisfies { [K in keyof operations]?: { method: string; path: string; queryDefaults: readonly string[] } };
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(process.argv[2] ?? contractFactsFile, contractFacts());
}
