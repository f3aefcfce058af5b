import { type GraphQLObjectType, getNamedType, isObjectType } from 'graphql';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { graphqlSchema } from './compare.js';
import { exposed, MATRIX } from './matrix.js';

/**
 * GraphQL types against the REST schemas they mirror, field by field and nested, starting from
 * each read use case the matrix gives to both (the REST 200 body against the GraphQL field's type).
 * Only these declared differences are allowed.
 */
export const GRAPHQL_DIFFERENCES = {
  /** Links to another resource that REST does not embed. */
  relations: ['Transaction.account', 'Account.bankingVerification', 'Account.businessVerification'],
  /** A GraphQL scalar standing for a REST object (the transaction's account summary is its email). */
  standsFor: { 'Transaction.accountEmail': 'account' } as Record<string, string>,
};

type JsonSchema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

function resolve(schema: JsonSchema): JsonSchema {
  let s = schema;
  while (s.$ref) {
    const path = s.$ref.replace(/^#\//, '').split('/');
    s = path.reduce<any>((node, key) => node[key], contractDocument());
  }
  if (s.allOf) return { type: 'object', properties: Object.assign({}, ...s.allOf.map((p) => resolve(p).properties ?? {})) };
  // A discriminated union (Transaction, Event): GraphQL has one type with every variant's fields.
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return { type: 'object', properties: Object.assign({}, ...variants.map((p) => resolve(p).properties ?? {})) };
  return s;
}

function restBodyOf(operationId: string): JsonSchema | undefined {
  for (const item of Object.values(contractDocument().paths) as Record<string, any>[]) {
    for (const op of Object.values(item)) {
      if (op?.operationId !== operationId) continue;
      const response = op.responses?.['200'];
      const resolved = response?.$ref ? resolve(response) : response;
      return resolved?.content?.['application/json']?.schema;
    }
  }
  return undefined;
}

/** Differences between a GraphQL type and a REST schema, as "Type.field: what" lines. */
export function shapeDifferences(type: GraphQLObjectType, rest: JsonSchema, seen = new Set<string>()): string[] {
  if (seen.has(type.name)) return [];
  seen.add(type.name);
  const props = resolve(rest).properties ?? {};
  const out: string[] = [];
  const matched = new Set<string>();
  for (const field of Object.values(type.getFields())) {
    const key = `${type.name}.${field.name}`;
    if (GRAPHQL_DIFFERENCES.relations.includes(key)) continue;
    const restName = GRAPHQL_DIFFERENCES.standsFor[key] ?? field.name;
    const prop = props[restName];
    if (!prop) {
      out.push(`${key}: not in REST`);
      continue;
    }
    matched.add(restName);
    const named = getNamedType(field.type);
    if (isObjectType(named) && !GRAPHQL_DIFFERENCES.standsFor[key]) {
      const p = resolve(prop);
      out.push(...shapeDifferences(named, p.type === 'array' && p.items ? p.items : p, seen));
    }
  }
  for (const name of Object.keys(props)) if (!matched.has(name)) out.push(`${type.name}: REST's ${name} is not in GraphQL`);
  return out;
}

/** [use case, GraphQL type, REST body schema] for every read both protocols serve. */
export function mirroredReads(): [string, GraphQLObjectType, JsonSchema][] {
  return Object.entries(MATRIX).flatMap(([name, u]) => {
    if (u.kind !== 'read' || !exposed(u.rest) || !exposed(u.graphql)) return [];
    const [typeName, fieldName] = u.graphql.split('.') as [string, string];
    const parent = graphqlSchema.getType(typeName) as GraphQLObjectType;
    const named = getNamedType(parent.getFields()[fieldName]!.type);
    const body = restBodyOf(u.rest);
    if (!isObjectType(named) || !body) throw new Error(`${name}: no GraphQL object type or no REST JSON body`);
    return [[name, named, body]];
  });
}
