import type { KeyObject } from 'node:crypto';
import type { Deps } from '../../context.js';
import { currentSigningKey } from '../signing-keys.js';

export type SigningKey = { kid: string; privateKey: KeyObject };

/** How long the signing key is reused before it is looked up again (rotation publishes 65 min ahead). */
const KEY_CACHE_MS = 10_000;

/**
 * The current signing key, looked up at most once per `KEY_CACHE_MS`: when the cache runs out,
 * the attempts in flight wait for one lookup instead of each making its own (up to `concurrency`
 * queries and key decryptions at once, every 10 s, queueing on the pool).
 */
export class SigningKeyCache {
  private key: { value: SigningKey; fetchedAt: number } | undefined;
  /** The key lookup under way, shared by every attempt that needs the key meanwhile. */
  private lookup: Promise<SigningKey> | undefined;

  constructor(private readonly deps: Deps) {}

  get(): Promise<SigningKey> {
    const now = this.deps.clock.now().getTime();
    const age = this.key ? now - this.key.fetchedAt : Number.POSITIVE_INFINITY;
    if (this.key && age >= 0 && age < KEY_CACHE_MS) return Promise.resolve(this.key.value);
    this.lookup ??= currentSigningKey(this.deps)
      .then((value) => {
        this.key = { value, fetchedAt: now };
        return value;
      })
      .finally(() => {
        this.lookup = undefined;
      });
    return this.lookup;
  }
}
