import type { Deps } from '../context.js';
import type { PublicJwk } from './signing-keys.js';

/** The JWKS: keys published now, including the next one before it signs and retired ones for a while. */
export async function getPublishedJwks(deps: Deps): Promise<{ keys: PublicJwk[] }> {
  const now = deps.clock.now();
  const rows = await deps.db.signingKey.findMany({
    where: { OR: [{ publishedUntil: null }, { publishedUntil: { gt: now } }] },
    orderBy: { activatesAt: 'desc' },
    select: { publicJwk: true },
  });
  return { keys: rows.map((r) => r.publicJwk as unknown as PublicJwk) };
}
