import type { Ctx } from '../context.js';

export type SigningKeyState = 'next' | 'current' | 'active' | 'retired';

/**
 * The webhook signing keys in the JWKS now, with their state, for the dashboard (read-only):
 * `next` is published but does not sign yet, `current` signs, `active` still verifies and would
 * sign, `retired` only verifies deliveries already sent. Keys are the platform's, not a tenant's.
 */
export async function listSigningKeys(
  ctx: Ctx,
): Promise<{ data: { kid: string; state: SigningKeyState; activatesAt: string; retiresAt: string | null }[] }> {
  const now = ctx.clock.now();
  const rows = await ctx.db.signingKey.findMany({
    where: { OR: [{ publishedUntil: null }, { publishedUntil: { gt: now } }] },
    orderBy: { activatesAt: 'desc' },
    select: { kid: true, activatesAt: true, retiresAt: true },
  });
  let signer = false;
  return {
    data: rows.map((r) => {
      let state: SigningKeyState;
      if (r.activatesAt > now) state = 'next';
      else if (r.retiresAt && r.retiresAt <= now) state = 'retired';
      else if (!signer) {
        signer = true;
        state = 'current';
      } else state = 'active';
      return { kid: r.kid, state, activatesAt: r.activatesAt.toISOString(), retiresAt: r.retiresAt?.toISOString() ?? null };
    }),
  };
}
