import { hashSecret } from '../auth/secrets.js';
import type { Deps } from '../context.js';
import { looksLikeSessionSecret } from './session-policy.js';

/** Signs out: the session is ended server-side, so a copied cookie stops working too. Idempotent. */
export async function endSession(deps: Deps, secret: string | undefined): Promise<{ signedOut: true }> {
  if (secret && looksLikeSessionSecret(secret)) {
    await deps.db.dashboardSession.updateMany({
      where: { sessionHash: hashSecret(secret), endedAt: null },
      data: { endedAt: deps.clock.now() },
    });
  }
  return { signedOut: true };
}
