import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../factories/holder-files.js';
import { realJpeg, realPng } from '../factories/images.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

// The workspace's settings (openapi.yaml, tag Workspace): the display name and the logo holders
// see, who may change them, what images are accepted, how a logo is served, and that a workspace
// only ever reads and changes its own.

let h: Harness;
let a: Awaited<ReturnType<typeof workspaceFactory>>;
let b: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  a = await workspaceFactory(h.deps, 'Settings A');
  b = await workspaceFactory(h.deps, 'Settings B');
});
afterAll(async () => h?.close());

const auth = (secret: string) => ({ authorization: `APIKey ${secret}` });
const get = (secret: string) => rawRequest(h, 'GET', '/api/v2/workspace', { headers: auth(secret) });
const patch = (secret: string, body: unknown) =>
  rawRequest(h, 'PATCH', '/api/v2/workspace', {
    headers: { ...auth(secret), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const putLogo = (secret: string, body: Buffer | string, type = 'image/png') =>
  rawRequest(h, 'PUT', '/api/v2/workspace/logo', { headers: { ...auth(secret), 'content-type': type }, body });
const logoAt = (url: string, headers: Record<string, string> = {}) => rawRequest(h, 'GET', new URL(url).pathname, { headers });

describe('display name', () => {
  it('starts unset, is set trimmed by admins and keys, and cleared with null', async () => {
    const first = await get(a.apiKey);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      workspaceId: a.workspaceId,
      name: expect.stringMatching(/^Settings A/),
      displayName: null,
      logo: null,
    });
    expect((await patch(a.adminToken, { displayName: '  Acme Bank  ' })).body.displayName).toBe('Acme Bank');
    expect((await get(a.apiKey)).body.displayName).toBe('Acme Bank');
    expect((await patch(a.apiKey, { displayName: null })).body.displayName).toBeNull();
  });

  it.each([
    [{ displayName: '   ' }, 'displayName'],
    [{ displayName: 'x'.repeat(101) }, 'displayName'],
    [{ displayName: 'Tab\there' }, 'displayName'],
    [{ displayName: 'A', color: 'red' }, 'color'],
    [{ supportEmail: 'not an email' }, 'supportEmail'],
    [{ supportUrl: 'http://acme.example/help' }, 'supportUrl'],
    [{ supportUrl: 'javascript:alert(1)' }, 'supportUrl'],
  ])('refuses %j naming %s, and changes nothing', async (body, field) => {
    await patch(a.apiKey, { displayName: 'Kept' });
    const res = await patch(a.apiKey, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await get(a.apiKey)).body.displayName).toBe('Kept');
  });

  it('refuses an empty body, and changes nothing', async () => {
    await patch(a.apiKey, { displayName: 'Kept' });
    const res = await patch(a.apiKey, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect((await get(a.apiKey)).body.displayName).toBe('Kept');
  });

  it('analysts read but may not change it', async () => {
    expect((await get(a.analystToken)).status).toBe(200);
    const res = await patch(a.analystToken, { displayName: 'Analyst was here' });
    expect(res.status).toBe(403);
    expect((await get(a.apiKey)).body.displayName).not.toBe('Analyst was here');
  });
});

describe('support contact (SPEC 1)', () => {
  it('is set and cleared field by field over REST, tRPC and GraphQL; a field left out stays', async () => {
    const w = await workspaceFactory(h.deps, 'Support');
    expect((await get(w.apiKey)).body).toMatchObject({ supportEmail: null, supportUrl: null });
    const set = await patch(w.adminToken, { displayName: 'Acme Bank', supportEmail: 'help@acme.example' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ displayName: 'Acme Bank', supportEmail: 'help@acme.example', supportUrl: null });
    const viaTrpc = await trpcCaller(h, w.adminToken).workspace.update.mutate({ supportUrl: 'https://acme.example/help' });
    expect(viaTrpc).toMatchObject({ displayName: 'Acme Bank', supportEmail: 'help@acme.example', supportUrl: 'https://acme.example/help' });
    const viaGql = await graphql(h, w.apiKey, 'mutation { updateWorkspace(supportEmail: null) { displayName supportEmail supportUrl } }');
    expect(viaGql.data.updateWorkspace).toEqual({ displayName: 'Acme Bank', supportEmail: null, supportUrl: 'https://acme.example/help' });
    const read = await graphql(h, w.apiKey, '{ workspace { supportEmail supportUrl } }');
    expect(read.data.workspace).toEqual({ supportEmail: null, supportUrl: 'https://acme.example/help' });
    const bad = await graphql(h, w.apiKey, 'mutation { updateWorkspace(supportUrl: "http://plain.example") { supportUrl } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await get(a.apiKey)).body.supportUrl).toBeNull();
  });
});

describe('logo', () => {
  it('takes a PNG or a JPEG by its bytes, and serves it by its hash with long caching and safe headers', async () => {
    const png = realPng(16, 16);
    const set = await putLogo(a.apiKey, png, 'application/octet-stream');
    expect(set.status).toBe(200);
    expect(set.body.logo).toMatchObject({ mediaType: 'image/png', size: png.length });
    expect(set.body.logo.url).toBe(`http://fas.test/workspace-logos/${set.body.logo.sha256}`);
    const served = await fetch(h.baseUrl + new URL(set.body.logo.url).pathname);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const again = await logoAt(set.body.logo.url, { 'if-none-match': `"${set.body.logo.sha256}"` });
    expect(again.status).toBe(304);

    const jpeg = realJpeg();
    const replaced = await putLogo(a.adminToken, jpeg, 'image/jpeg');
    expect(replaced.body.logo.mediaType).toBe('image/jpeg');
    // The old address names bytes no workspace has any more.
    expect((await logoAt(set.body.logo.url)).status).toBe(404);
    expect((await logoAt(replaced.body.logo.url)).status).toBe(200);
  });

  it.each([
    ['an SVG (it could carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml', 415],
    ['a GIF', Buffer.from('GIF89a....'), 'image/png', 415],
    ['HTML claiming to be a PNG', Buffer.from('<html><script>alert(1)</script>'), 'image/png', 415],
    ['an empty body', Buffer.alloc(0), 'image/png', 400],
    ['a PNG over 256 KiB', sampleFile.png(256 * 1024), 'image/png', 413],
    ['JSON', '{"logo":"x"}', 'application/json', 415],
  ])('refuses %s and keeps the logo it had', async (_, body, type, status) => {
    const before = (await get(a.apiKey)).body.logo;
    expect(before).not.toBeNull();
    const res = await putLogo(a.apiKey, body, type);
    expect(res.status).toBe(status);
    expect((await get(a.apiKey)).body.logo).toEqual(before);
  });

  it('analysts may not set or remove it; a removed logo is gone from its address', async () => {
    expect((await putLogo(a.analystToken, realPng(2, 2))).status).toBe(403);
    const del = (secret: string) => rawRequest(h, 'DELETE', '/api/v2/workspace/logo', { headers: auth(secret) });
    expect((await del(a.analystToken)).status).toBe(403);
    const url = (await get(a.apiKey)).body.logo.url;
    const removed = await del(a.apiKey);
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await logoAt(url)).status).toBe(404);
    expect((await rawRequest(h, 'GET', '/workspace-logos/not-a-hash')).status).toBe(404);
  });

  it('tRPC takes it as base64 and refuses anything else', async () => {
    const png = realPng(3, 3);
    const set = await trpcCaller(h, a.apiKey).workspace.setLogo.mutate({ contentBase64: png.toString('base64') });
    expect(set.logo?.size).toBe(png.length);
    await expect(trpcCaller(h, a.apiKey).workspace.setLogo.mutate({ contentBase64: 'not base64!' })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('tenant isolation', () => {
  it('each workspace reads and changes only its own settings, on every protocol', async () => {
    await patch(a.apiKey, { displayName: 'Alpha Bank' });
    await patch(b.apiKey, { displayName: 'Beta Bank' });
    await putLogo(b.apiKey, realPng(5, 5, [[0, 128, 0]]));
    const fromB = [
      (await get(b.apiKey)).body,
      await trpcCaller(h, b.apiKey).workspace.get.query(),
      (await graphql(h, b.apiKey, '{ workspace { workspaceId displayName logo { sha256 } } }')).data.workspace,
    ];
    for (const w of fromB) expect(w).toMatchObject({ workspaceId: b.workspaceId, displayName: 'Beta Bank' });
    const fromA = (await graphql(h, a.apiKey, '{ workspace { workspaceId displayName logo { sha256 } } }')).data.workspace;
    expect(fromA).toMatchObject({ workspaceId: a.workspaceId, displayName: 'Alpha Bank' });
    expect(fromA.logo?.sha256).not.toBe(fromB[2].logo.sha256);
    const gqlWrite = await graphql(h, a.analystToken, 'mutation { updateWorkspace(displayName: "x") { displayName } }');
    expect(gqlWrite.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await get(b.apiKey)).body.displayName).toBe('Beta Bank');
  });
});
