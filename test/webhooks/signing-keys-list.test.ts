import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '../../src/core/webhooks/rotate-signing-key.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness, trpcClient } from '../support/harness.js';

describe('signing keys on tRPC (dashboard, read-only)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('lists the published keys with their state; no private material', async () => {
    const ws = await workspaceFactory(h.deps);
    const first = await rotateSigningKey(h.deps);
    const second = await rotateSigningKey(h.deps); // published now, signs after the JWKS cache window
    const keys = (await trpcClient(h, ws.analystToken).signingKeys.list.query()).data;
    const byKid = Object.fromEntries(keys.map((k) => [k.kid, k.state]));
    expect(byKid[second.kid]).toBe('next');
    expect(byKid[first.kid]).toBe('current');
    expect(JSON.stringify(keys)).not.toMatch(/"d"|private/i);
    await expect(trpcClient(h, undefined).signingKeys.list.query()).rejects.toMatchObject({ data: { code: 'UNAUTHENTICATED' } });
  });
});
