import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimitsRule } from '../../src/graphql/limits.js';

// A schema with a cycle, which the product schema does not have (yet): depth must still be bounded.
const schema = buildSchema(`
  type Node { id: ID! parent: Node children: [Node!]! }
  type Page { data: [Node!]! }
  type Query { node: Node transactions(limit: Int): Page }
`);
const rule = queryLimitsRule({ maxDepth: 5, maxCost: 1000 });
const check = (q: string) => validate(schema, parse(q), [rule]).map((e) => e.message);

describe('GraphQL depth and cost limits', () => {
  it('counts depth through fields, inline fragments and named fragments', () => {
    expect(check('{ node { parent { parent { parent { id } } } } }')).toEqual([]);
    expect(check('{ node { parent { parent { parent { parent { id } } } } } }')).toEqual(['query depth 6 exceeds the limit of 5']);
    expect(check('{ node { ... on Node { parent { ...P } } } } fragment P on Node { parent { parent { parent { id } } } }')).toEqual([
      'query depth 6 exceeds the limit of 5',
    ]);
  });

  it('multiplies by page sizes, assuming the maximum for variables', () => {
    expect(check('{ transactions(limit: 10) { data { id parent { id } } } }')).toEqual([]);
    expect(check('{ transactions(limit: 300) { data { id parent { id } } } }')[0]).toMatch(/cost 1201 exceeds the limit of 1000/);
    expect(check('{ transactions { data { id } } }')).toEqual([]);
    expect(check('query($l: Int) { transactions(limit: $l) { data { id } } }')[0]).toMatch(/cost 2001 exceeds/);
  });

  it('ignores introspection and survives fragment cycles', () => {
    expect(check('{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }')).toEqual([]);
    expect(() => validate(schema, parse('{ node { ...A } } fragment A on Node { parent { ...A } }'), [rule])).not.toThrow();
  });
});
