import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h.close());

const CREATE = 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { accountId } }';
const nestedSelection = (levels: number) =>
  `{ ${'account(accountId: "x") { '.repeat(1)}${'a { '.repeat(levels)}id${' }'.repeat(levels)} } }`;

describe('GraphQL client errors use the standard codes, never INTERNAL', () => {
  it.each([
    [
      'a wrongly typed variable',
      CREATE,
      { input: { type: 'individual', email: 5 } },
      [{ field: 'email', code: 'invalid_type', params: { type: 'string' }, message: 'must be of type string' }],
    ],
    [
      'a missing required input field',
      CREATE,
      { input: { type: 'individual' } },
      [{ field: 'email', code: 'required', message: 'is required' }],
    ],
    [
      'an unknown input field',
      CREATE,
      { input: { type: 'individual', email: 'a@example.com', colour: 'red' } },
      [{ field: 'colour', code: 'unknown_field', message: 'is not a known field' }],
    ],
    [
      'a bad enum',
      CREATE,
      { input: { type: 'robot', email: 'a@example.com' } },
      [
        {
          field: 'type',
          code: 'not_allowed',
          params: { allowed: ['individual', 'business'] },
          message: 'must be one of: individual, business',
        },
      ],
    ],
    [
      'a scalar variable of the wrong type',
      'query($s: String) { transactions(filter: { search: $s }) { total } }',
      { s: { a: 1 } },
      [{ field: 'search', code: 'invalid_type', params: { type: 'string' }, message: 'must be of type string' }],
    ],
    ['a missing required variable', CREATE, {}, [{ field: 'input', code: 'required', message: 'is required' }]],
    [
      'an integer out of range',
      'query($l: Int) { transactions(limit: $l) { total } }',
      { l: 2 ** 40 },
      [{ field: 'limit', code: 'invalid_type', params: { type: 'integer' }, message: 'must be an integer' }],
    ],
  ])('%s is BAD_USER_INPUT with the REST field errors', async (_name, query, variables, errors) => {
    const logged = vi.spyOn(h.app.log, 'error');
    const r = await graphql(h, ws.adminToken, query, variables);
    // A client's mistake is not a server error: nothing is logged at error level.
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions?.errors).toEqual(errors);
    expect(r.data ?? null).toBeNull();
  });

  it.each([
    ['an unknown field', '{ accounts { data { nope } } }'],
    ['a bad enum literal', '{ accounts(status: robot) { total } }'],
    ['a missing required literal field', 'mutation { createAccount(input: { type: individual }) { accountId } }'],
  ])('%s is GRAPHQL_VALIDATION_FAILED', async (_name, query) => {
    const r = await graphql(h, ws.adminToken, query);
    expect(r.status).toBe(400);
    expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it.each([
    ['a syntax error', '{ accounts { '],
    ['a 5,000-level nested selection', nestedSelection(5_000)],
    ['a 100,000-level nested list literal', `{ accounts(search: ${'['.repeat(100_000)}) { total } }`],
  ])('%s is GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED', async (_name, query) => {
    const r = await graphql(h, ws.adminToken, query);
    expect(r.status).toBe(400);
    expect(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED']).toContain(r.errors?.[0]?.extensions?.code);
  });
});
