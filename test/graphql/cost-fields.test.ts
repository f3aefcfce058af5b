import { createRequire } from 'node:module';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isPaginated, measureSelection } from '../../src/graphql/limits.js';
import { schema } from '../../src/graphql/schema.js';

const gql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** A selection of one scalar field at the bottom of `type` (following `data` on pages). */
function leafSelection(type: import('graphql').GraphQLNamedType, depth = 0): string {
  if (!gql.isObjectType(type) || depth > 3) return '';
  const fields = Object.values(type.getFields());
  const data = fields.find((f) => f.name === 'data');
  if (data) return `{ data ${leafSelection(gql.getNamedType(data.type), depth + 1)} }`;
  const scalar = fields.find((f) => gql.isLeafType(gql.getNamedType(f.type)) && f.args.length === 0);
  return `{ ${scalar?.name ?? '__typename'} }`;
}

describe('GraphQL cost is read from the schema', () => {
  const paginated = Object.values(schema.getTypeMap())
    .filter((t) => gql.isObjectType(t) && !t.name.startsWith('__'))
    .flatMap((t) => Object.values((t as import('graphql').GraphQLObjectType).getFields()).map((f) => ({ type: t, field: f })))
    .filter(({ field }) => field.args.some((a) => a.name === 'limit'));

  it('finds every list field with a limit argument, including those a hand list missed', () => {
    const names = paginated.map(({ field }) => field.name);
    expect(names).toEqual(expect.arrayContaining(['accounts', 'transactions', 'cryptoWallets', 'cryptoBeneficiaries', 'bankAccounts']));
    for (const { field } of paginated) expect(isPaginated(field)).toBe(true);
  });

  it.each(
    paginated.map(({ type, field }) => [`${type.name}.${field.name}`, type, field] as const),
  )('%s multiplies what it selects by its page size', (_name, type, field) => {
    const required = field.args
      .filter((a) => gql.isNonNullType(a.type) && a.name !== 'limit')
      .map((a) => `${a.name}: ${gql.getNamedType(a.type).name === 'ID' ? '"x"' : '[]'}`);
    const selection = leafSelection(gql.getNamedType(field.type));
    const cost = (limit: number) => {
      const args = [...required, `limit: ${limit}`].join(', ');
      const doc = parse(`{ ${field.name}(${args}) ${selection} }`);
      const op = doc.definitions[0] as import('graphql').OperationDefinitionNode;
      return measureSelection(schema, type, op.selectionSet, new Map()).cost;
    };
    // Costed as one item, a page of 500 would cost as much as a page of 1.
    expect(cost(500)).toBeGreaterThanOrEqual(500);
    expect(cost(500)).toBeGreaterThan(cost(1) * 100);
  });
});
