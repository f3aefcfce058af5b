import { createLocalJWKSet, flattenedVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/core/context.js';
import { ensureSigningKey, rotateSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { signDetached } from '../../src/core/webhooks/sign.js';
import { currentSigningKey, PUBLICATION_WINDOW_MS } from '../../src/core/webhooks/signing-keys.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
let now = new Date('2026-01-01T00:00:00Z');
let deps: Deps;
beforeAll(async () => {
  // The app reads keys through its own deps; drive time through the same clock.
  h = await startHarness({ clock: { now: () => now } });
  deps = h.deps;
  await h.deps.db.signingKey.deleteMany();
});
afterAll(async () => h?.close());

const jwks = async () => {
  const res = await rawRequest(h, 'GET', '/.well-known/jwks.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  return res.body as { keys: { kid: string }[] };
};

async function verify(body: Uint8Array, signature: string, keys: unknown) {
  const [protectedHeader, , sig] = signature.split('.');
  return flattenedVerify(
    { protected: protectedHeader!, payload: Buffer.from(body).toString('base64url'), signature: sig! },
    createLocalJWKSet(keys as Parameters<typeof createLocalJWKSet>[0]),
    { algorithms: ['RS512'] },
  );
}

describe('signing keys and the JWKS', () => {
  it('the first key signs at once; signatures verify against the served JWKS with jose', async () => {
    await ensureSigningKey(deps);
    await ensureSigningKey(deps);
    const set = await jwks();
    expect(set.keys).toHaveLength(1);
    const key = await currentSigningKey(deps);
    const body = new TextEncoder().encode('{"type":"account_created","amount":"1.10"}');
    const sig = await signDetached(key, body, { timestamp: 1767225600, webhookId: 'w-1', tenantId: 't-1' });
    expect(sig).toMatch(/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/);
    const verified = await verify(body, sig, set);
    expect(verified.protectedHeader).toMatchObject({ alg: 'RS512', kid: key.kid, ts: 1767225600, wid: 'w-1', tid: 't-1' });
    // One byte changed: the signature no longer verifies.
    const tampered = new TextEncoder().encode('{"type":"account_created","amount":"1.11"}');
    await expect(verify(tampered, sig, set)).rejects.toThrow();
  });

  it('the private key is sealed at rest', async () => {
    const rows = await h.deps.db.$queryRaw<
      { private_key_enc: string; public_jwk: unknown }[]
    >`SELECT private_key_enc, public_jwk FROM signing_keys`;
    for (const r of rows) {
      expect(r.private_key_enc).toMatch(/^v1\./);
      expect(r.private_key_enc).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(r.public_jwk)).not.toMatch(/"d"|"p"|"q"/);
    }
  });

  it('rotation publishes the new key first, signs with it after the window, keeps the old one published', async () => {
    const old = await currentSigningKey(deps);
    const rotated = await rotateSigningKey(deps);
    expect((await jwks()).keys.map((k) => k.kid).sort()).toEqual([old.kid, rotated.kid].sort());
    expect((await currentSigningKey(deps)).kid).toBe(old.kid);
    now = new Date(now.getTime() + PUBLICATION_WINDOW_MS - 1000);
    expect((await currentSigningKey(deps)).kid).toBe(old.kid);
    now = new Date(now.getTime() + 2000);
    expect((await currentSigningKey(deps)).kid).toBe(rotated.kid);
    expect((await jwks()).keys.map((k) => k.kid)).toContain(old.kid);
    now = new Date(now.getTime() + 8 * 24 * 3600 * 1000);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([rotated.kid]);
  });
});
