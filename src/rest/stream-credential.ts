import { authenticate } from '../core/auth/authenticate.js';
import type { Ctx } from '../core/context.js';
import { AppError } from '../core/errors.js';

/** A failed re-check (the database unreachable) is tried again after this long; delivery waits meanwhile. */
const RETRY_MS = 1000;

/** What an open stream knows of its credential. */
export interface StreamCredential {
  /**
   * Resolves true while the credential still answers as when the stream opened, false once it was
   * revoked (or moved to another workspace). Settled at once unless a re-check is under way: a
   * stream awaits it before each event, so nothing is sent between a change and its verdict.
   */
  valid(): Promise<boolean> | true;
  /** Stops the re-checks and the timers (the stream ended). */
  stop(): void;
}

/** Re-checks of one header at a time, shared by the streams that opened with it. */
const checking = new Map<string, Promise<string | undefined>>();

/** The identity behind `header` now (its workspace and actor), undefined when it is no longer accepted. */
function identityNow(ctx: Ctx, header: string): Promise<string | undefined> {
  let check = checking.get(header);
  if (!check) {
    check = authenticate(ctx, header)
      .then(identity, (err: unknown) => {
        if (err instanceof AppError && err.code === 'UNAUTHENTICATED') return undefined;
        throw err;
      })
      .finally(() => checking.delete(header));
    checking.set(header, check);
  }
  return check;
}

const identity = (a: { workspaceId: string; actor: Ctx['actor'] }) =>
  `${a.workspaceId}/${a.actor.kind === 'api_key' ? `key:${a.actor.apiKeyId}` : a.actor.kind === 'admin' ? `admin:${a.actor.adminId}` : a.actor.kind}`;

/**
 * Follows an open stream's credential: re-authenticates `header` whenever the credential cache
 * hears of a change (the `fas_credentials` notification from any process, or this process's own
 * revocation: `CredentialCache.onChange`), and every `recheckMs` as a backstop for a server
 * without the listener. `onRevoked` is called once when the credential is no longer the one the
 * stream opened with.
 */
export function followCredential(ctx: Ctx, header: string, opts: { recheckMs: number }, onRevoked: () => void): StreamCredential {
  const opened = identity(ctx);
  let pending: Promise<boolean> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const recheck = (): Promise<boolean> => {
    const verdict = identityNow(ctx, header).then(
      (now) => now === opened,
      () =>
        new Promise<boolean>((resolve) => {
          // The database did not answer: events wait until it does (or the stream ends).
          retry = setTimeout(() => resolve(stopped ? false : recheck()), RETRY_MS);
        }),
    );
    return verdict;
  };
  const changed = () => {
    if (stopped) return;
    const verdict = recheck().then((ok) => {
      if (pending === verdict) pending = undefined;
      if (!ok && !stopped) onRevoked();
      return ok;
    });
    pending = verdict;
  };
  const unsubscribe = ctx.credentials?.onChange(changed);
  const backstop = setInterval(changed, opts.recheckMs);
  backstop.unref();
  return {
    valid: () => pending ?? true,
    stop() {
      stopped = true;
      unsubscribe?.();
      clearInterval(backstop);
      clearTimeout(retry);
    },
  };
}
