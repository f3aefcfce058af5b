import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';

/** Keys of event details that hold a holder's personal data (or a fingerprint of a file): nulled on erasure. */
const PERSONAL_KEYS = new Set(['email', 'fileName', 'sha256', 'holderName', 'bankName', 'accountNumberLast4', 'routingNumber', 'name']);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, PERSONAL_KEYS.has(k) ? null : scrub(v)]));
}

/**
 * The account's past events keep their type, time and ids but lose the personal values they
 * carried (the account's email, document file names and hashes, bank holder names). Transaction
 * events (possibly many) are rewritten in SQL; the account's own events (a handful) in code.
 * Deliveries build their body from the event, so a redelivery sends the scrubbed one.
 */
export async function scrubAccountEvents(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE events SET details = jsonb_set(details, '{transaction,account,email}', 'null'::jsonb)
    WHERE workspace_id = ${ctx.workspaceId}::uuid AND account_id = ${accountId}::uuid
      AND details #> '{transaction,account,email}' IS NOT NULL AND details #> '{transaction,account,email}' <> 'null'::jsonb`;
  const own = await tx.$queryRaw<{ id: string; details: unknown }[]>`
    SELECT id::text AS id, details FROM events
    WHERE workspace_id = ${ctx.workspaceId}::uuid AND account_id = ${accountId}::uuid AND NOT (details ? 'transaction')`;
  for (const e of own) {
    const clean = scrub(e.details);
    if (JSON.stringify(clean) !== JSON.stringify(e.details)) {
      await tx.$executeRaw`UPDATE events SET details = ${JSON.stringify(clean)}::jsonb
        WHERE workspace_id = ${ctx.workspaceId}::uuid AND id = ${e.id}::uuid`;
    }
  }
}
