import type { Ctx } from './context.js';

/**
 * Where a read goes. The primary answers every read that must see the caller's own writes; a
 * streaming replica (Deps.replicas) answers reads that may lag by up to its bound, so analysts'
 * and dashboards' heavy reads do not load the primary. Both answer `ctx` with `db` and `sql` on the
 * chosen database: use it for reads only (a replica refuses writes).
 */

/** Lists, counts and aggregates: on a replica when the caller accepts it (`ctx.reads`), else on the primary. */
export function listReads(ctx: Ctx): Ctx {
  return ctx.reads === 'replica' ? onReplica(ctx) : ctx;
}

/**
 * Reads that may lag whoever asks (exports, the events list in newest-first order): on a replica
 * when one is within its bound. A sync loop following the events feed stays on the primary.
 */
export function bulkReads(ctx: Ctx): Ctx {
  return onReplica(ctx);
}

/** The replica chosen stays the context's: use cases it calls (the overview's parts) read where it does. */
function onReplica(ctx: Ctx): Ctx {
  const replica = ctx.replicas?.pick();
  if (!replica) return ctx;
  const { replicas: _chosen, ...rest } = ctx;
  return { ...rest, db: replica.db, sql: replica.sql };
}
