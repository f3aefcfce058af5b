import { generateKeyPairSync } from 'node:crypto';
import { CompactSign, createLocalJWKSet, exportJWK, flattenedVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signDetached } from '../../src/core/webhooks/sign.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const facts = { timestamp: 1_760_000_000, webhookId: '6a3a4d8e-0c1f-4a57-9d4e-2b1f0a9e8c11', tenantId: 'ws-1' };

async function verify(signature: string, body: Buffer) {
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS512' }] });
  const [protectedHeader, empty, sig] = signature.split('.');
  expect(empty).toBe('');
  return flattenedVerify({ protected: protectedHeader!, payload: body.toString('base64url'), signature: sig! }, jwks, {
    algorithms: ['RS512'],
  });
}

describe('detached JWS signatures of webhook bodies', () => {
  it('signs the exact bytes with RS512, the facts in the protected header; a receiver verifies it', async () => {
    const body = Buffer.from('{"type":"account_created","details":{"é":1}}');
    const signature = await signDetached({ kid: 'k1', privateKey }, body, facts);
    expect(signature).toMatch(/^[\w-]+\.\.[\w-]+$/);
    const { protectedHeader } = await verify(signature, body);
    expect(protectedHeader).toEqual({
      alg: 'RS512',
      kid: 'k1',
      typ: 'JOSE',
      ts: facts.timestamp,
      wid: facts.webhookId,
      tid: facts.tenantId,
    });
  });

  it('a body changed by one byte (or re-serialised) does not verify', async () => {
    const body = Buffer.from('{"a":1,"b":2}');
    const signature = await signDetached({ kid: 'k1', privateKey }, body, facts);
    await expect(verify(signature, Buffer.from('{"a":1,"b":3}'))).rejects.toThrow(/signature verification failed/);
    await expect(verify(signature, Buffer.from('{"a": 1,"b":2}'))).rejects.toThrow(/signature verification failed/);
  });

  it('is byte for byte what jose CompactSign makes (RS512 is deterministic), also for a body that is a view into a larger buffer', async () => {
    const bytes = Buffer.from('{"webhookId":"w","details":{"name":"Zoë \\"Z\\" Ünal"}}');
    const jws = await new CompactSign(bytes)
      .setProtectedHeader({ alg: 'RS512', kid: 'k1', typ: 'JOSE', ts: facts.timestamp, wid: facts.webhookId, tid: facts.tenantId })
      .sign(privateKey);
    const [header, , sig] = jws.split('.');
    const view = new Uint8Array(Buffer.concat([Buffer.from('padding'), bytes])).subarray(7);
    expect(await signDetached({ kid: 'k1', privateKey }, view, facts)).toBe(`${header}..${sig}`);
  });
});
