import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const auth = () => ({ authorization: `APIKey ${ws.apiKey}` });

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h.close());

// rawRequest validates each answer against openapi.yaml (status documented, Problem body, X-Request-Id).
describe('framework errors in the one error shape', () => {
  it.each([
    ['GET', '/api/v2/accounts/%ZZ', 400, 'MALFORMED_REQUEST'],
    ['GET', '/api/v2/transactions/%E0%A4%A', 400, 'MALFORMED_REQUEST'],
    ['GET', '/verify/%ZZsecret', 400, 'MALFORMED_REQUEST'],
    ['GET', `/api/v2/accounts/${'a'.repeat(201)}`, 414, 'URI_TOO_LONG'],
    ['DELETE', `/api/v2/webhook-targets/${'a'.repeat(201)}`, 414, 'URI_TOO_LONG'],
  ])('%s %s answers %i %s', async (method, path, status, code) => {
    const r = await rawRequest(h, method, path, { headers: auth() });
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.code).toBe(code);
    expect(r.body.requestId).toBe(r.headers.get('x-request-id'));
    // The path may be a credential (/verify/<token>): it is never echoed.
    expect(r.body.detail).not.toContain('secret');
  });

  it.each(['/api/v2/accounts', '/healthz', '/verify/abc'])('answers a 17 KB header on %s with 431 problem+json', async (path) => {
    const r = await rawRequest(h, 'GET', path, { headers: { ...auth(), 'x-big': 'a'.repeat(17_000) } });
    expect(r.status).toBe(431);
    expect(r.body.code).toBe('HEADERS_TOO_LARGE');
    expect(r.body.requestId).toBe(r.headers.get('x-request-id'));
  });

  it('answers 413 and 415 on a DELETE with a body, as documented', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const big = await rawRequest(h, 'DELETE', `/api/v2/webhook-targets/${id}`, {
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    const text = await rawRequest(h, 'DELETE', `/api/v2/webhook-targets/${id}`, {
      headers: { ...auth(), 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
