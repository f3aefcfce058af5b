import { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';
import { auditHash, auditPayload, GENESIS_HASH, type StoredAuditRecord } from './audit-hash.js';

/** One break in a workspace's audit chain. */
export interface AuditBreak {
  workspaceId: string;
  /** The record's number (for `removed`: the first missing number). */
  seq: string;
  /**
   * `edited`: its fields no longer give its hash; `removed`: numbers missing before this point;
   * `reordered`: the record sits at another number than it was written at; `unlinked`: it does not
   * hold the hash of the record before it (a record before it was replaced); `truncated`: records
   * after the last one are gone (the chain head says there were more).
   */
  kind: 'edited' | 'removed' | 'reordered' | 'unlinked' | 'truncated';
  detail: string;
}

export interface AuditReport {
  workspaces: number;
  records: number;
  breaks: AuditBreak[];
}

/** `changes` read as jsonb's text, which the hash is computed from. */
type Row = StoredAuditRecord<string | null>;

/** Records read per query (keyset pages over the primary key). */
const PAGE = 5000;
/** At most this many breaks are listed per workspace. */
const LISTED = 1000;

/**
 * `fas audit verify`: walks each workspace's audit chain in order and recomputes every hash, reading
 * only. A record whose fields were changed, a number missing, a record moved to another number, a
 * chain link broken or records cut from the end are each reported with the record's number.
 */
export async function verifyAudit(deps: Pick<Deps, 'sql'>, opts: { workspaceId?: string } = {}): Promise<AuditReport> {
  const heads = await deps.sql<{ workspaceId: string; seq: string | null; hash: string | null }>(Prisma.sql`
    SELECT w.id::text AS "workspaceId", h.seq::text AS seq, h.hash
    FROM workspaces w LEFT JOIN audit_chain_heads h ON h.workspace_id = w.id
    WHERE ${opts.workspaceId ? Prisma.sql`w.id = ${opts.workspaceId}::uuid` : Prisma.sql`true`}
    ORDER BY w.id`);
  const report: AuditReport = { workspaces: heads.length, records: 0, breaks: [] };
  for (const head of heads) {
    const breaks = await verifyChain(deps, head.workspaceId, head, report);
    report.breaks.push(...breaks);
  }
  return report;
}

async function verifyChain(
  deps: Pick<Deps, 'sql'>,
  workspaceId: string,
  head: { seq: string | null; hash: string | null },
  report: AuditReport,
): Promise<AuditBreak[]> {
  const breaks: AuditBreak[] = [];
  const found = (seq: bigint | string, kind: AuditBreak['kind'], detail: string) => {
    if (breaks.length < LISTED) breaks.push({ workspaceId, seq: String(seq), kind, detail });
  };
  // Each record's hash -> the number it was written at (the one after the record whose hash it holds).
  const seqOfHash = new Map<string, bigint>([[GENESIS_HASH, 0n]]);
  let prev: { seq: bigint; hash: string } = { seq: 0n, hash: GENESIS_HASH };
  let after = -1n;
  for (;;) {
    const rows = await deps.sql<Row>(Prisma.sql`
      SELECT seq::text AS seq, occurred_at AS "occurredAt", actor_kind AS "actorKind", actor_id AS "actorId",
             actor_name AS "actorName", actor_role AS "actorRole", request_id AS "requestId",
             client_address AS "clientAddress", action, object_type AS "objectType", object_id AS "objectId",
             changes::text AS changes, prev_hash AS "prevHash", hash
      FROM audit_records WHERE workspace_id = ${workspaceId}::uuid AND seq > ${after}
      ORDER BY audit_records.seq LIMIT ${PAGE}`);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      report.records++;
      const name = `record ${seq} (${row.action} ${row.objectType} ${row.objectId})`;
      const payload = auditPayload({ ...row, workspaceId, changes: row.changes === null ? null : JSON.parse(row.changes) });
      const selfOk = auditHash(row.prevHash, seq, payload) === row.hash;
      const linked = seqOfHash.get(row.prevHash);
      const movedFrom = selfOk ? undefined : writtenNumber(row, payload, seq, linked);
      if (movedFrom !== undefined) {
        found(seq, 'reordered', `${name} was written as record ${movedFrom}`);
      } else if (!selfOk) {
        found(seq, 'edited', `${name}: its fields do not give its hash (changed after it was written)`);
      } else if (linked !== undefined && linked === seq - 1n) {
        // Links to the record written just before it (which may itself be out of place, reported there).
      } else if (seq > prev.seq + 1n && row.prevHash !== prev.hash) {
        const gap = seq - prev.seq - 1n;
        found(prev.seq + 1n, 'removed', `record(s) ${prev.seq + 1n}..${seq - 1n} missing (${gap}) before ${name}`);
      } else if (seq > prev.seq + 1n) {
        found(seq, 'reordered', `${name} follows record ${prev.seq} but is numbered ${seq}`);
      } else if (row.prevHash !== prev.hash) {
        found(seq, 'unlinked', `${name} does not hold the hash of record ${prev.seq}: a record before it was replaced or moved`);
      }
      seqOfHash.set(row.hash, movedFrom ?? seq);
      prev = { seq, hash: row.hash };
      after = seq;
    }
    if (rows.length < PAGE) break;
  }
  const headSeq = head.seq === null ? 0n : BigInt(head.seq);
  if (headSeq > prev.seq) found(prev.seq + 1n, 'truncated', `record(s) ${prev.seq + 1n}..${headSeq} missing at the end`);
  else if (headSeq === prev.seq && head.hash !== null && head.hash !== prev.hash)
    found(prev.seq, 'edited', `record ${prev.seq}: not the record the chain head says was written last`);
  else if (headSeq < prev.seq) found(headSeq + 1n, 'edited', `records after ${headSeq} were added outside the audit log`);
  return breaks;
}

/** How far from its place a moved record is looked for, when the record it links to is not read yet. */
const MOVE_WINDOW = 64n;

/**
 * The number a record whose hash fails at `seq` was written at, if it is intact but moved: the one
 * after the record it links to, or else a nearby number its hash agrees with.
 */
function writtenNumber(row: Row, payload: string, seq: bigint, linked: bigint | undefined): bigint | undefined {
  const candidates: bigint[] = linked !== undefined ? [linked + 1n] : [];
  for (let d = 1n; d <= MOVE_WINDOW; d++) candidates.push(seq + d, seq - d);
  return candidates.find((n) => n > 0n && n !== seq && auditHash(row.prevHash, n, payload) === row.hash);
}
