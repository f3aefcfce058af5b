import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorKinds } from '../../src/core/errors.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const typeOf = (code: string) => `/problems/${code.toLowerCase().replace(/_/g, '-')}`;

describe('problem types resolve to pages this server serves', () => {
  it('every error code has its page: GET of the type answers 200 HTML naming the code, its title and status', async () => {
    for (const [code, kind] of Object.entries(errorKinds)) {
      const url = new URL(typeOf(code), h.baseUrl);
      const res = await rawRequest(h, 'GET', url.pathname);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.body).toContain(`<code>${code}</code>: ${kind.title}`);
      expect(res.body).toContain(`<strong>${kind.http}</strong>`);
    }
  });

  it("a real problem's type, resolved against the request's URL, is that page", async () => {
    const { apiKey } = await workspaceFactory(h.deps);
    const path = '/api/v2/accounts/00000000-0000-4000-8000-000000000000';
    const problem = await rawRequest(h, 'GET', path, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(problem.status).toBe(404);
    expect(problem.body.type).toBe('/problems/not-found');
    const page = await rawRequest(h, 'GET', new URL(problem.body.type, h.baseUrl + path).pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<code>NOT_FOUND</code>');
    const unauthenticated = await rawRequest(h, 'GET', '/api/v2/accounts');
    expect(unauthenticated.headers.get('www-authenticate')).toBe('Bearer realm="fas", APIKey realm="fas"');
    expect((await rawRequest(h, 'GET', new URL(unauthenticated.body.type, h.baseUrl).pathname)).status).toBe(200);
  });

  it('a name that is no code is 404 NOT_FOUND', async () => {
    const res = await rawRequest(h, 'GET', '/problems/no-such-code');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
