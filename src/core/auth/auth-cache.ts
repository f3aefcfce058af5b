import type { Authenticated } from './authenticate.js';

/** The channel the database notifies on any change that could alter a resolved credential (migration 20261125200000). */
export const AUTH_CHANGED_CHANNEL = 'fas_auth_changed';

/** How long a resolved credential is served without asking; an API key's "last used" is refreshed at this cadence. */
export const AUTH_CACHE_TTL_MS = 60_000;

/**
 * Credentials resolved recently, by the SHA-256 of the secret, so a request need not ask the
 * database who it is. Only served while change notifications are being received: a notification
 * (revocation, deletion, role change, from any process) empties it, and so does losing the
 * listening connection, after which nothing is served until listening again.
 */
export interface AuthCache {
  get(hash: string): Authenticated | undefined;
  /** Taken before a lookup and handed to `set`: a change notified in between discards the result. */
  generation(): number;
  set(hash: string, auth: Authenticated, generation: number): void;
  /** Something changed, or notifications may have been missed (`live` false: serve nothing until true). */
  invalidate(live: boolean): void;
}

export interface AuthCacheOptions {
  /** An entry is asked again after this: also the cadence of the keys' "last used" refresh. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export function createAuthCache(opts: AuthCacheOptions): AuthCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { auth: Authenticated; until: number }>();
  let generation = 0;
  let live = false;
  return {
    get(hash) {
      if (!live) return undefined;
      const e = entries.get(hash);
      if (!e) return undefined;
      if (e.until > now()) return e.auth;
      entries.delete(hash);
      return undefined;
    },
    generation: () => generation,
    set(hash, auth, taken) {
      if (!live || taken !== generation) return;
      if (entries.size >= opts.maxEntries) {
        // Insertion order: the oldest entry goes first.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(hash, { auth: Object.freeze({ ...auth, actor: Object.freeze({ ...auth.actor }) }), until: now() + opts.ttlMs });
    },
    invalidate(isLive) {
      generation++;
      entries.clear();
      live = isLive;
    },
  };
}
