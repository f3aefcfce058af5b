import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DEFAULTS } from '../../defaults.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor, Deps } from '../context.js';
import { PUBLICATION_WINDOW_MS, type PublicJwk, RETIRED_KEY_PUBLISHED_MS, sealContext } from './signing-keys.js';

const generate = promisify(generateKeyPair);

async function newKey(deps: Deps, bits: number) {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: bits });
  const kid = `fas-${deps.clock.now().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const publicJwk: PublicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS512', use: 'sig' };
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { kid, publicJwk, privateKeyEnc: deps.cipher.encrypt(pem, sealContext(kid)) };
}

/** Who rotates when nobody says: the operator's CLI (`fas keys rotate`). */
const OPERATOR: Actor = { kind: 'system', role: 'admin', name: 'cli' };

/**
 * Adds a signing key. The very first key signs at once (no receiver can have cached anything);
 * a rotation publishes the new key now and lets it sign only after the publication window, and
 * schedules the current key's retirement for that moment.
 *
 * The keys are the installation's, and sign every workspace's webhooks: each workspace's audit log
 * gets `signing_key.rotated` (the new kid, when it signs, the kids it retires), in the same
 * database transaction, by `opts.actor` (default: the operator's CLI).
 */
export async function rotateSigningKey(deps: Deps, opts: { bits?: number; actor?: Actor } = {}) {
  const now = deps.clock.now();
  const key = await newKey(deps, opts.bits ?? DEFAULTS.signingKeyBits);
  return deps.db.$transaction(
    async (tx) => {
      const live = await tx.signingKey.findMany({ where: { retiresAt: null }, select: { kid: true } });
      const activatesAt = live.length ? new Date(now.getTime() + PUBLICATION_WINDOW_MS) : now;
      if (live.length) {
        await tx.signingKey.updateMany({
          where: { retiresAt: null },
          data: { retiresAt: activatesAt, publishedUntil: new Date(activatesAt.getTime() + RETIRED_KEY_PUBLISHED_MS) },
        });
      }
      await tx.signingKey.create({ data: { ...key, publicJwk: key.publicJwk as object, createdAt: now, activatesAt } });
      const retired = live.map((k) => k.kid);
      const changes = { kid: { after: key.kid }, activatesAt: { after: activatesAt.toISOString() }, retired: { after: retired } };
      // Each workspace's chain head stays locked from its append to the commit: one statement per
      // workspace, so an installation of many workspaces holds their audited writes that long (rare:
      // an operator's rotation).
      for (const ws of await tx.workspace.findMany({ select: { id: true, sandbox: true }, orderBy: { id: 'asc' } })) {
        const ctx = { ...deps, workspaceId: ws.id, sandbox: ws.sandbox, actor: opts.actor ?? OPERATOR };
        await recordAudit(tx, ctx, { action: 'signing_key.rotated', object: { type: 'signing_key', id: key.kid }, changes });
      }
      return { kid: key.kid, activatesAt: activatesAt.toISOString(), retired };
    },
    { maxWait: DEFAULTS.transactionMaxWaitMs, timeout: DEFAULTS.transactionTimeoutMs },
  );
}

/** At start: make sure a key exists (the first start creates one, recorded as the server's). */
export async function ensureSigningKey(deps: Deps, opts: { bits?: number } = {}): Promise<void> {
  if ((await deps.db.signingKey.count()) === 0) {
    await rotateSigningKey(deps, { ...opts, actor: { kind: 'system', role: 'admin', name: 'server start' } });
  }
}
