import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorKinds } from '../../src/core/errors.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h.close());

interface Answer {
  status: number;
  codes: string[];
  allow: string | null;
}

async function send(body: string, opts: { auth?: boolean; method?: 'GET' | 'POST'; query?: string } = {}): Promise<Answer> {
  const auth: Record<string, string> = opts.auth === false ? {} : { authorization: `APIKey ${ws.apiKey}` };
  const res =
    opts.method === 'GET'
      ? await fetch(`${h.baseUrl}/graphql?${opts.query ?? ''}`, { headers: { ...auth, accept: 'application/json' } })
      : await fetch(`${h.baseUrl}/graphql`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
          body,
        });
  const json = (await res.json()) as { code?: string; errors?: { extensions?: { code?: string; originalError?: unknown } }[] };
  for (const e of json.errors ?? []) expect(e.extensions?.originalError).toBeUndefined();
  // A body the HTTP layer cannot read as JSON is refused before GraphQL, as a problem document.
  const codes = json.errors ? json.errors.map((e) => e.extensions?.code ?? '?') : [json.code ?? '?'];
  return { status: res.status, codes, allow: res.headers.get('allow') };
}

/** The codes a client may meet: the contract's ErrorCode (errorKinds is kept complete against it). */
const documented = new Set(Object.keys(errorKinds));

describe('GraphQL requests without one operation to run get a documented 400, and one log line at most', () => {
  it.each([
    ['a subscription without credentials', '{"query":"subscription { x }"}', false, 'GRAPHQL_OPERATION_INVALID'],
    ['a subscription with credentials', '{"query":"subscription { accounts { total } }"}', true, 'GRAPHQL_OPERATION_INVALID'],
    ['an operationName naming no operation', '{"query":"query A { __typename }","operationName":"B"}', true, 'GRAPHQL_OPERATION_INVALID'],
    [
      'several operations and no operationName',
      '{"query":"query A { __typename } query B { __typename }"}',
      true,
      'GRAPHQL_OPERATION_INVALID',
    ],
    ['an operationName that is not a string', '{"query":"query A { __typename }","operationName":5}', true, 'GRAPHQL_OPERATION_INVALID'],
    ['a batched array', '[{"query":"{ __typename }"},{"query":"{ __typename }"}]', true, 'MALFORMED_REQUEST'],
    ['an empty batch', '[]', true, 'MALFORMED_REQUEST'],
    ['a body that is not JSON', 'query { __typename }', true, 'MALFORMED_REQUEST'],
    ['a query that is not a string', '{"query":5}', true, 'MALFORMED_REQUEST'],
    ['a JSON string body', '"hello"', true, 'MALFORMED_REQUEST'],
  ])('%s: 400 %s', async (_name, body, auth, code) => {
    const errorLogs = vi.spyOn(h.app.log, 'error');
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await send(body, { auth });
      expect([answer.status, answer.codes]).toEqual([400, [code]]);
      expect(documented.has(code)).toBe(true);
      // A client's mistake: nothing at error level, and nothing printed beside the JSON log.
      expect(errorLogs).not.toHaveBeenCalled();
      expect(printed).not.toHaveBeenCalled();
    } finally {
      errorLogs.mockRestore();
      printed.mockRestore();
    }
  });

  it('the same subscription twice (a cached document) is refused the same way', async () => {
    for (let i = 0; i < 2; i++) expect((await send('{"query":"subscription S { x }"}')).codes).toEqual(['GRAPHQL_OPERATION_INVALID']);
  });

  it('a mutation over GET: 405 with Allow: POST and a documented code', async () => {
    const answer = await send('', { method: 'GET', query: `query=${encodeURIComponent('mutation { __typename }')}` });
    expect(answer).toEqual({ status: 405, codes: ['MALFORMED_REQUEST'], allow: 'POST' });
  });

  it('a document with several operations runs the one named', async () => {
    const res = await fetch(`${h.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
      body: '{"query":"query A { __typename } mutation B { __typename }","operationName":"B"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Mutation' } });
  });
});
