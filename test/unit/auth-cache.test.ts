import { describe, expect, it } from 'vitest';
import { createAuthCache } from '../../src/core/auth/auth-cache.js';
import type { Authenticated } from '../../src/core/auth/authenticate.js';

const auth: Authenticated = { workspaceId: 'w', sandbox: true, actor: { kind: 'api_key', role: 'api', apiKeyId: 'k' } };

describe('createAuthCache', () => {
  const cache = (now: () => number = () => 0) => createAuthCache({ ttlMs: 1000, maxEntries: 2, now });

  it('serves nothing until listening, and nothing after losing the connection', () => {
    const c = cache();
    c.set('h', auth, c.generation());
    expect(c.get('h')).toBeUndefined();
    c.invalidate(true);
    c.set('h', auth, c.generation());
    expect(c.get('h')).toEqual(auth);
    c.invalidate(false);
    expect(c.get('h')).toBeUndefined();
    c.set('h', auth, c.generation());
    expect(c.get('h')).toBeUndefined();
  });

  it('drops a lookup that raced with a change notification', () => {
    const c = cache();
    c.invalidate(true);
    const taken = c.generation();
    c.invalidate(true); // a revocation committed while the lookup ran
    c.set('h', auth, taken);
    expect(c.get('h')).toBeUndefined();
  });

  it('expires entries and keeps at most maxEntries', () => {
    let t = 0;
    const c = cache(() => t);
    c.invalidate(true);
    c.set('a', auth, c.generation());
    c.set('b', auth, c.generation());
    c.set('c', auth, c.generation());
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toEqual(auth);
    t = 1000;
    expect(c.get('c')).toBeUndefined();
  });

  it('hands out frozen copies, so no request can alter another one', () => {
    const c = cache();
    c.invalidate(true);
    c.set('h', auth, c.generation());
    const got = c.get('h');
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got?.actor)).toBe(true);
  });
});
