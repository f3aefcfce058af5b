import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AGGREGATE, queryLimitsRule } from '../../src/graphql/limits.js';

// A schema with a cycle, which the product schema does not have (yet): depth must still be bounded.
const schema = buildSchema(`
  type Node { id: ID! parent: Node children: [Node!]! }
  type Page { data: [Node!]! }
  type Query { node: Node transactions(limit: Int): Page }
`);
const rule = queryLimitsRule({ maxDepth: 5, maxCost: 1000, maxAliases: 100, maxRootFields: 20 });
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

describe('aliases, root fields and aggregates', () => {
  const product = buildSchema(`
    type Row { count: Int! }
    type Query { transactionStats(groupBy: [String!]!): [Row!]! accountId: ID kycStatusCounts: Row! }
  `);
  // An SDL schema has no extensions: the aggregates are marked as the product schema's definitions mark them.
  const productFields = product.getQueryType()?.getFields() ?? {};
  for (const name of ['transactionStats', 'kycStatusCounts']) Object.assign(productFields[name] as object, { extensions: AGGREGATE });
  const productRule = queryLimitsRule({ maxDepth: 10, maxCost: 100_000, maxAliases: 100, maxRootFields: 20 });
  const run = (q: string) => validate(product, parse(q), [productRule]).map((e) => e.message);
  const aliased = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

  it('counts every aliased aggregate at the rows it may scan', () => {
    expect(run(aliased(9, 'transactionStats(groupBy: ["DAY"]) { count }'))).toEqual([]);
    expect(run(aliased(10, 'transactionStats(groupBy: ["DAY"]) { count }'))[0]).toMatch(/cost 100010 exceeds the limit of 100000/);
    expect(run('{ a: kycStatusCounts { count } b: kycStatusCounts { count } }')).toEqual([]);
  });

  it('caps top-level fields, through fragments too', () => {
    expect(run(aliased(20, 'accountId'))).toEqual([]);
    expect(run(aliased(21, 'accountId'))).toEqual(['21 top-level fields exceed the limit of 20']);
    expect(
      run(
        '{ ...F ...F } fragment F on Query { a: accountId b: accountId c: accountId d: accountId e: accountId f: accountId g: accountId h: accountId i: accountId j: accountId k: accountId }',
      ),
    ).toEqual(['22 top-level fields exceed the limit of 20']);
  });

  it('caps aliases in the document', () => {
    const deep = `{ kycStatusCounts { ${Array.from({ length: 101 }, (_, i) => `c${i}: count`).join(' ')} } }`;
    expect(run(deep)).toEqual(['101 aliased fields exceed the limit of 100']);
  });

  it('bounds the measuring of a fragment bomb', () => {
    const levels = 30;
    const frags = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Node { id }` : `fragment F${i} on Node { ...F${i + 1} parent { ...F${i + 1} } }`,
    ).join('\n');
    const started = Date.now();
    const errors = validate(schema, parse(`{ node { ...F0 } } ${frags}`), [rule]).map((e) => e.message);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(errors.join()).toMatch(/expands to more than|exceeds/);
  });
});

describe('the aggregates are read from the schema, not from a list of names', () => {
  it("the product schema's aggregates are marked where they are defined, and nothing else is", async () => {
    const { schema: product } = await import('../../src/graphql/schema.js');
    const marked = Object.values(product.getQueryType()?.getFields() ?? {})
      .filter((f) => f.extensions?.aggregate === true)
      .map((f) => f.name)
      .sort();
    expect(marked).toEqual(['balanceTotals', 'kycStatusCounts', 'transactionStats', 'webhookDeliveryStats']);
  });

  it('a field marked as an aggregate costs AGGREGATE_COST, the same field unmarked costs one per row', () => {
    const build = () => buildSchema('type Row { n: Int } type Query { newStats: [Row!]! }');
    const limit = queryLimitsRule({ maxDepth: 10, maxCost: 5_000, maxAliases: 100, maxRootFields: 20 });
    const plain = build();
    expect(validate(plain, parse('{ newStats { n } }'), [limit])).toEqual([]);
    const aggregate = build();
    Object.assign(aggregate.getQueryType()?.getFields().newStats as object, { extensions: AGGREGATE });
    expect(validate(aggregate, parse('{ newStats { n } }'), [limit]).map((e) => e.message)[0]).toMatch(
      /cost 10001 exceeds the limit of 5000/,
    );
  });
});
