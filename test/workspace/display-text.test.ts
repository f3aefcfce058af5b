import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { holderLink, openPage, signForm } from '../support/holder.js';
import { trpcCaller } from '../support/trpc-caller.js';

// Short texts one party types and another reads refuse control, invisible and bidirectional
// formatting characters (openapi.yaml, `format: display-text`) on REST, tRPC and GraphQL alike,
// and the holder page never shows one stored before the check.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Display text');
});
afterAll(async () => h?.close());

const spoofed = 'Acme \u202Eknab';
const message = (c: string) => `must not contain control, invisible or bidirectional formatting characters (found ${c})`;
const patch = (body: unknown) =>
  rawRequest(h, 'PATCH', '/api/v2/workspace', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('display name', () => {
  it.each([
    ['\u202E', 'U+202E'],
    ['\u2067', 'U+2067'],
    ['\u200B', 'U+200B'],
    ['\uFEFF', 'U+FEFF'],
    ['\u0085', 'U+0085'],
    ['\u00AD', 'U+00AD'],
  ])('REST refuses %j naming the field and %s, and keeps the old name', async (c, name) => {
    await patch({ displayName: 'Kept' });
    const res = await patch({ displayName: `Acme${c}Bank` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'displayName', message: message(name) }] });
    expect((await rawRequest(h, 'GET', '/api/v2/workspace', { headers: { authorization: `APIKey ${ws.apiKey}` } })).body.displayName).toBe(
      'Kept',
    );
  });

  it('tRPC and GraphQL refuse it with the same field error', async () => {
    await expect(trpcCaller(h, ws.adminToken).workspace.update.mutate({ displayName: spoofed })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED', errors: [{ field: 'displayName', message: message('U+202E') }] },
    });
    const r = await graphql(h, ws.apiKey, 'mutation($n: String) { updateWorkspace(displayName: $n) { displayName } }', { n: spoofed });
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'displayName', code: 'hidden_characters', params: { found: 'U+202E' }, message: message('U+202E') }],
    });
  });
});

describe('other texts shown to another party', () => {
  it('API key names (tRPC), webhook target descriptions, account and transaction references', async () => {
    await expect(trpcCaller(h, ws.adminToken).apiKeys.create.mutate({ name: 'ci\u200Dkey' })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED', errors: [{ field: 'name', message: message('U+200D') }] },
    });
    const call = poster(h, ws.apiKey);
    const target = await call('/api/v2/webhook-targets', { url: 'https://hooks.example.com/x', description: 'prod\u2066hook' });
    expect(target.status).toBe(400);
    expect(target.body.errors).toEqual([
      { field: 'description', code: 'hidden_characters', params: { found: 'U+2066' }, message: message('U+2066') },
    ]);
    const account = await call('/api/v2/accounts', { type: 'individual', email: 'dt@example.com', reference: 'ref\u200F1' });
    expect(account.status).toBe(400);
    expect(account.body.errors).toEqual([
      { field: 'reference', code: 'hidden_characters', params: { found: 'U+200F' }, message: message('U+200F') },
    ]);
  });

  it("the holder's typed signature", async () => {
    const { token } = await holderLink(h);
    const { nonce } = await openPage(h, token);
    const signed = await signForm(h, token, { nonce: nonce ?? '', acceptTerms: 'on', fullName: 'Jane \u202EeoD' }, true);
    expect(signed.status).toBe(400);
    expect(signed.json.message).toBe(`fullName: ${message('U+202E')}`);
  });
});

describe('holder page', () => {
  it('shows a name stored before the check without its hidden characters', async () => {
    const link = await holderLink(h);
    await h.deps.db.workspace.update({ where: { id: link.ws.workspaceId }, data: { displayName: 'Acme\u202E\u200B Bank' } });
    const { html } = await openPage(h, link.token);
    expect(html).toContain('Acme Bank');
    expect(html).not.toMatch(/[\u202E\u200B]/);
  });
});
