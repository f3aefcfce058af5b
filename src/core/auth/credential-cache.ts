import type { CredentialCache, Entry, Listen } from '../ports.js';

export type { CredentialCache, Entry, Listen };

export const CREDENTIALS_CHANNEL = 'fas_credentials';

/**
 * What recent authentications answered, by the secret's hash (never the secret), so a request with
 * a known credential skips the database round trip before its own queries.
 *
 * Correctness rests on invalidation, not on the entries' age:
 * - Every change to what an authentication answers notifies the channel `fas_credentials` at commit
 *   (triggers of migration `20261127100000_credential_notifications`: any writer, plain SQL too).
 *   Each process LISTENs (`watch`) and forgets everything on each notification.
 * - The process that makes a change also forgets at once (`clear`), so its next request is refused
 *   without waiting for the notification; other processes refuse it when the notification arrives
 *   (test/security/credential-cache.test.ts measures the delay).
 * - A lookup that began before a notification does not store what it read (the generation moved).
 * - Until the listener is established, and whenever its connection is lost, nothing is remembered
 *   or answered from memory: every request queries, as without the cache.
 * - An entry also expires after `ttlMs` (a backstop), and at most `maxEntries` are kept.
 * Unknown or revoked credentials are never remembered: each attempt queries.
 */
export function credentialCache<T>(opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): CredentialCache<T> {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  let listeners = 0;
  const stats = { hits: 0, stored: 0 };
  const subscribers = new Set<() => void>();
  const clear = () => {
    generation++;
    entries.clear();
    for (const onChange of [...subscribers]) onChange();
  };
  return {
    get(hash) {
      if (listeners === 0) return undefined;
      const e = entries.get(hash);
      if (!e) return undefined;
      if (now() - e.storedAt > ttlMs) {
        entries.delete(hash);
        return undefined;
      }
      stats.hits++;
      return e;
    },
    set(hash, value, seen) {
      if (listeners === 0 || seen !== generation) return undefined;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const at = now();
      const e = { value, touchedAt: at, storedAt: at };
      entries.set(hash, e);
      stats.stored++;
      return e;
    },
    get generation() {
      return generation;
    },
    clear,
    onChange(onChange) {
      // A wrapper per call: the same function subscribed twice is stopped independently.
      const call = () => onChange();
      subscribers.add(call);
      return () => void subscribers.delete(call);
    },
    async watch(listen) {
      let established = false;
      const unlisten = await listen(
        CREDENTIALS_CHANNEL,
        () => {
          // Also called once each time the listener is (re)established: what changed meanwhile is unknown.
          clear();
          if (!established) {
            established = true;
            listeners++;
          }
        },
        () => {
          clear();
          if (established) {
            established = false;
            listeners--;
          }
        },
      );
      // Listening from here on (PGlite does not call back when it starts).
      if (!established) {
        established = true;
        listeners++;
      }
      return async () => {
        if (established) {
          established = false;
          listeners--;
        }
        clear();
        await unlisten();
      };
    },
    get live() {
      return listeners > 0;
    },
    stats,
  };
}
