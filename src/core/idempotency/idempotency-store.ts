import { createHash } from 'node:crypto';
import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx, PendingAnswer } from '../context.js';
import { AppError, fieldError } from '../errors.js';

/** Stored answers are kept this long (DESIGN.md "Errors"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim without an answer this old belongs to a request that died; it may be taken over. */
const ABANDONED_AFTER_MS = 60 * 1000;
const KEY_SHAPE = /^[\x21-\x7E]{1,255}$/;

export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

export type { PendingAnswer } from '../context.js';

export type Claim = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; body: string };

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function assertIdempotencyKey(key: string): void {
  if (!KEY_SHAPE.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key: must be 1-255 printable ASCII characters', [
      fieldError('Idempotency-Key', 'invalid_format', 'must be 1-255 printable ASCII characters', { format: 'idempotency-key' }),
    ]);
  }
}

function fingerprint(req: IdempotentRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.path}\n${canonical(req.body ?? null)}`)
    .digest('hex');
}

/**
 * Claims the key for this request, or answers how an earlier request with it ended. Exactly one
 * of several concurrent requests with one key wins the claim (primary key on workspace + key).
 */
export async function claimIdempotencyKey(ctx: Ctx, req: IdempotentRequest): Promise<Claim> {
  assertIdempotencyKey(req.key);
  const requestHash = fingerprint(req);
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await ctx.db.idempotencyKey.create({
        data: { workspaceId: ctx.workspaceId, key: req.key, method: req.method, path: req.path, requestHash, createdAt: now },
      });
      return { kind: 'claimed' };
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
    }
    const row = await ctx.db.idempotencyKey.findUnique({
      where: { workspaceId_key: { workspaceId: ctx.workspaceId, key: req.key } },
      select: { requestHash: true, statusCode: true, responseBody: true, createdAt: true },
    });
    if (!row) continue;
    const age = now.getTime() - row.createdAt.getTime();
    const stale = age > IDEMPOTENCY_TTL_MS || (row.statusCode === null && age > ABANDONED_AFTER_MS);
    if (stale) {
      await ctx.db.idempotencyKey.deleteMany({
        where: { workspaceId: ctx.workspaceId, key: req.key, createdAt: row.createdAt },
      });
      continue;
    }
    if (row.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request (method, path or body)');
    }
    if (row.statusCode === null || row.responseBody === null) {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'a request with this Idempotency-Key is still being processed; retry later');
    }
    return { kind: 'replay', statusCode: row.statusCode, body: openAnswer(ctx, req.key, row.responseBody) };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'a request with this Idempotency-Key is still being processed; retry later');
}

/** Statuses that mean the operation did not run: the key is released so a fixed request can use it. */
const NOT_STORED = new Set([400, 401, 403, 413, 415]);

/** Records the answer of the claiming request (or releases the claim). */
export async function settleIdempotencyKey(ctx: Ctx, key: string, statusCode: number, body: string): Promise<void> {
  const where = { workspaceId_key: { workspaceId: ctx.workspaceId, key } };
  if (statusCode >= 500 || NOT_STORED.has(statusCode)) {
    await ctx.db.idempotencyKey.deleteMany({ where: { workspaceId: ctx.workspaceId, key } });
    return;
  }
  await ctx.db.idempotencyKey.update({
    where,
    data: { statusCode, responseBody: sealAnswer(ctx, key, body), completedAt: ctx.clock.now() },
  });
}

// Stored answers may carry secrets (the verification link of a submit): sealed like PII, bound
// to their workspace and key so a sealed answer copied to another row does not open.
const answerBinding = (ctx: Ctx, key: string) => `idempotency:${ctx.workspaceId}:${key}`;

function sealAnswer(ctx: Ctx, key: string, body: string): string {
  return ctx.cipher.encrypt(body, answerBinding(ctx, key));
}

function openAnswer(ctx: Ctx, key: string, stored: string): string {
  // Answers stored in clear before sealing was introduced live at most 24 hours.
  return stored.startsWith('v1.') ? ctx.cipher.decrypt(stored, answerBinding(ctx, key)) : stored;
}

/** Writes the success answer inside the use case's own transaction (see in-transaction.ts). */
export async function recordAnswer(tx: Prisma.TransactionClient, ctx: Ctx, pending: PendingAnswer, body: string): Promise<void> {
  await tx.idempotencyKey.update({
    where: { workspaceId_key: { workspaceId: ctx.workspaceId, key: pending.key } },
    data: { statusCode: pending.successStatus, responseBody: sealAnswer(ctx, pending.key, body), completedAt: ctx.clock.now() },
  });
}

/** Deletes answers older than the retention window; returns how many. */
export async function purgeIdempotencyKeys(ctx: Pick<Ctx, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS);
  const { count } = await ctx.db.idempotencyKey.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
