import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from './context.js';
import { fieldError, validationError } from './errors.js';
import type { Page } from './pagination.js';

/** The lists that take a cursor (`after`), each named in the cursors it issues. */
export type CursorList = 'transactions' | 'accounts' | 'webhook-deliveries' | 'audit-log';

/**
 * Where a cursor page resumes: the last row read, by the list's own order. `at` is the row's
 * time (ISO, to the millisecond the columns keep) or, for the audit log, its number; `id` breaks
 * ties (empty where the number alone orders).
 */
export interface CursorKey {
  at: string;
  id: string;
}

/** A page of a list that takes a cursor: SPEC's envelope and the cursor of the next page (null on the last). */
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null;
}

const VERSION = 1;
const MAC_PURPOSE = 'list-cursor';
/** Long enough for any payload this module writes; a longer `after` is refused before decoding. */
export const MAX_CURSOR_LENGTH = 512;

/**
 * The filters a cursor was made with, in one canonical string: the validated query without its
 * paging, keys sorted, absent values left out. A cursor is only good with the same filters.
 */
export function filterDigest(q: Record<string, unknown>): string {
  const kept = Object.keys(q)
    .filter((k) => k !== 'page' && k !== 'limit' && k !== 'after' && q[k] !== undefined && q[k] !== null)
    .sort()
    .map((k) => [k, q[k]]);
  return JSON.stringify(kept);
}

interface Payload {
  v: number;
  l: CursorList;
  k: [string, string];
  /** A short digest of the filters, to tell "other filters" apart from "tampered". */
  f: string;
}

function shortDigest(ctx: Ctx, filters: string): string {
  return ctx.cipher.mac(`${MAC_PURPOSE}:filters`, filters).slice(0, 8);
}

/** The signature binds the payload to the workspace, so a cursor is refused in any other. */
function sign(ctx: Ctx, body: string): string {
  return ctx.cipher.mac(MAC_PURPOSE, `${ctx.workspaceId}\n${body}`).slice(0, 22);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An opaque cursor: base64url of the versioned payload, a dot, and its signature. */
export function encodeCursor(ctx: Ctx, list: CursorList, filters: string, key: CursorKey): string {
  const payload: Payload = { v: VERSION, l: list, k: [key.at, key.id], f: shortDigest(ctx, filters) };
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${sign(ctx, body)}`;
}

const refuse = (message: string) =>
  validationError([
    message.startsWith('is not a cursor')
      ? fieldError('after', 'invalid_format', message, { format: 'cursor' })
      : fieldError('after', 'invalid', message),
  ]);

/**
 * The key of a cursor this server issued for `list` with these filters in the caller's
 * workspace. Anything else is VALIDATION_FAILED on `after`, saying which: malformed, altered
 * (or issued in another workspace: the answer does not tell the two apart), of an older
 * version, for another list, or for other filters.
 */
export function decodeCursor(ctx: Ctx, list: CursorList, filters: string, after: string): CursorKey {
  const [body, signature, extra] = after.split('.');
  if (!body || !signature || extra !== undefined || after.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(body)) {
    throw refuse('is not a cursor: pass the nextCursor of a previous page as it was given');
  }
  // The signature first: a changed character then reads as altered, whatever it broke.
  if (!sameText(signature, sign(ctx, body))) {
    throw refuse('was altered or was not issued for this workspace: pass the nextCursor of a previous page as it was given');
  }
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    throw refuse('is not a cursor: pass the nextCursor of a previous page as it was given');
  }
  if (typeof payload !== 'object' || payload === null || payload.v !== VERSION) {
    throw refuse('is not a cursor of this version: start again from the first page');
  }
  if (payload.l !== list) throw refuse(`was made for another list (${String(payload.l)}), not ${list}`);
  if (payload.f !== shortDigest(ctx, filters)) {
    throw refuse('was made with other filters: pass the same filters as on the page that gave it, or start again without after');
  }
  const [at, id] = payload.k ?? [];
  if (typeof at !== 'string' || typeof id !== 'string')
    throw refuse('is not a cursor: pass the nextCursor of a previous page as it was given');
  return { at, id };
}

/** `after` goes with the first page only: the cursor says where the page starts. */
export function refusePageWithCursor(q: { page: number; after?: string }): void {
  if (q.after !== undefined && q.page !== 1) {
    throw validationError([fieldError('page', 'invalid', 'must be 1 (or omitted) with after: the cursor says where the page starts')]);
  }
}

/**
 * The next page's cursor, or null when this page is the last. A cursor page reads one row more
 * than it returns (`extra`) to know; a numbered page knows from the exact total.
 */
export function nextCursorOf<R>(
  ctx: Ctx,
  list: CursorList,
  filters: string,
  rows: R[],
  more: boolean,
  keyOf: (row: R) => CursorKey,
): string | null {
  const last = rows.at(-1);
  return more && last ? encodeCursor(ctx, list, filters, keyOf(last)) : null;
}

/** Whether a numbered page has rows after it: a full page short of the exact total. */
export function numberedPageHasMore(skip: number, take: number, returned: number, total: number): boolean {
  return returned === take && skip + take < total;
}

/**
 * Rows after a cursor key in the order (`created_at` desc, `id` desc), for a Prisma `where`: the
 * bound on the time alone lets the index of (workspace_id[, status], created_at, id) start at the
 * key instead of reading every newer row; the OR then settles the rows of the same millisecond.
 */
export function afterKeyWhere(key: CursorKey) {
  const at = new Date(key.at);
  return { AND: [{ createdAt: { lte: at } }, { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: key.id } }] }] };
}
