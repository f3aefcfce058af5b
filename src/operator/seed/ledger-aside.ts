import type { BulkSession } from '../../db/bulk-copy.js';
import { q } from './bulk-load.js';

/**
 * A seed's ledger built aside (load-aside.ts), the same entries and balances that
 * `ledger_backfill(workspace, true)` (migration `ledger`) writes for a new workspace, but into
 * tables of their own without indexes or keys: the entries from the rows aside, read while their
 * indexes build, then the entries' indexes built, their foreign key checked, and both swapped in
 * with the rows. Into an indexed `ledger_entries`, the same statement took 311 s of a
 * 10,000,000-row seed (docs/benchmarks.md, "Seed").
 */

/** The entries and balances aside of a load whose rows are in `stage`. */
export const ledgerTables = (stage: string) => ({ entries: `${stage}_e`, balances: `${stage}_b` });

/**
 * Whether `ledger_entries` can be swapped for a table built aside: it holds no entry, and nothing
 * the swap would lose depends on it (as `swappable` in load-aside.ts), and the workspace has no balance yet.
 */
export async function ledgerSwappable(s: BulkSession, workspaceId: string): Promise<boolean> {
  const [row] = await s.query<{ ok: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM ledger_entries)
        AND NOT EXISTS (SELECT 1 FROM ledger_balances WHERE workspace_id = $1::uuid)
        AND c.relacl IS NULL AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
        AND c.reloptions IS NULL AND c.relreplident = 'd'
        AND NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = c.oid AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0)
        AND NOT EXISTS (SELECT 1 FROM pg_publication_rel WHERE prrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = c.oid AND contype NOT IN ('p', 'f'))
        AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = c.oid AND NOT tgisinternal)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE confrelid = c.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_depend WHERE refobjid = c.oid AND classid = 'pg_rewrite'::regclass)
        AND pg_get_serial_sequence('ledger_entries', 'id') IS NOT NULL AS ok
     FROM pg_class c WHERE c.oid = 'ledger_entries'::regclass`,
    [workspaceId],
  );
  return row?.ok === true;
}

/** The indexes (the primary key's among them) and foreign keys of `ledger_entries`, to build on the table aside. */
export async function ledgerStructure(s: BulkSession) {
  const indexes = await s.query<{ name: string; def: string; key: string | null }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def, k.conname AS key
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype = 'p'
     WHERE i.indrelid = 'ledger_entries'::regclass ORDER BY c.relname`,
  );
  const foreign = await s.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'ledger_entries'::regclass AND contype = 'f' ORDER BY conname`,
  );
  return { indexes, foreign };
}

/**
 * The workspace's entries and balances from the rows in `rows` (a seed's table aside), into new
 * tables aside (committed with the session, seen by nobody). As `ledger_backfill` with `p_fund`
 * for a workspace without balances: a pending or processing transaction holds its legs at its
 * creation, a completed one posts them at its last change, the others get none; each account first
 * gets an opening balance of what it pays in each currency; ids follow time (the sequence's), and
 * each entry carries its account's running balance. One pass over the rows: the balances come
 * from the same legs as the entries.
 */
export async function buildLedgerAside(s: BulkSession, rows: string, stage: string, workspaceId: string): Promise<void> {
  const { entries, balances } = ledgerTables(stage);
  await s.exec(`CREATE TABLE ${q(entries)} (LIKE ledger_entries INCLUDING DEFAULTS)`);
  await s.exec(`CREATE TABLE ${q(balances)} (LIKE ledger_balances INCLUDING DEFAULTS)`);
  // Two sorts of every entry (running balances per account and currency, then time for the ids).
  await s.exec("SET LOCAL work_mem = '1GB'");
  await s.query(
    `WITH legs AS MATERIALIZED (
       SELECT t.account_id, t.id AS transaction_id, l.currency, t.status IN ('pending', 'processing') AS held,
              CASE WHEN t.status IN ('pending', 'processing') THEN t.created_at ELSE t.updated_at END AS at,
              l.amount, l.clearing, l.fees, l.trading_desk
       FROM ${q(rows)} t
       CROSS JOIN LATERAL ledger_legs(t.transaction_type, t.detail_type, t.side, t.coin, t.amount, t.fee, t.total,
                                      t.quote_quantity, t.quote_currency) AS l
       WHERE t.workspace_id = $1::uuid AND t.status IN ('pending', 'processing', 'completed')
     ), b AS (
       INSERT INTO ${q(balances)} (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
       SELECT $1::uuid, account_id, currency,
              sum(CASE WHEN held THEN 0 ELSE amount END) + sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END),
              sum(CASE WHEN held AND amount > 0 THEN amount ELSE 0 END),
              sum(CASE WHEN held AND amount < 0 THEN -amount ELSE 0 END),
              max(at)
       FROM legs GROUP BY account_id, currency
     ), r AS (
       SELECT 1 AS ord, * FROM legs
       UNION ALL
       SELECT 0, account_id, NULL::uuid, currency, false, min(at), sum(-amount), sum(amount), 0, 0
       FROM legs WHERE amount < 0 GROUP BY account_id, currency
     )
     INSERT INTO ${q(entries)} (workspace_id, transaction_id, account_id, currency, type, status, created_at,
                                amount, clearing, fees, trading_desk, posted, pending_in, pending_out)
     SELECT $1::uuid, r.transaction_id, r.account_id, r.currency,
            (CASE WHEN r.held THEN 'hold' ELSE 'post' END)::ledger_entry_type,
            (CASE WHEN r.transaction_id IS NULL THEN NULL WHEN r.held THEN 'pending' ELSE 'completed' END)::transaction_status,
            r.at, r.amount, r.clearing, r.fees, r.trading_desk,
            sum(CASE WHEN r.held THEN 0 ELSE r.amount END) OVER w,
            sum(CASE WHEN r.held AND r.amount > 0 THEN r.amount ELSE 0 END) OVER w,
            sum(CASE WHEN r.held AND r.amount < 0 THEN -r.amount ELSE 0 END) OVER w
     FROM r
     WINDOW w AS (PARTITION BY r.account_id, r.currency ORDER BY r.at, r.ord, r.transaction_id ROWS UNBOUNDED PRECEDING)
     ORDER BY r.at, r.ord, r.transaction_id, r.currency`,
    [workspaceId],
  );
}

/** `CREATE INDEX` of an index of `ledger_entries` under another name, on the entries aside. */
export function ledgerIndexOn(def: string, name: string, stage: string): string {
  const m = /^CREATE (UNIQUE )?INDEX \S+ ON (?:ONLY )?\S+ USING (.*)$/s.exec(def);
  if (!m) throw new Error(`unexpected index definition: ${def}`);
  return `CREATE ${m[1] ?? ''}INDEX ${q(name)} ON ${q(ledgerTables(stage).entries)} USING ${m[2]}`;
}

/**
 * In the swap's transaction (`ledger_entries` locked): the entries aside become `ledger_entries`,
 * with any entry written meanwhile (into other workspaces: the check found none before), the
 * sequence passed to the new table, the indexes under their names (the foreign key has its name
 * already); the balances aside join `ledger_balances`.
 */
export async function swapLedger(
  s: BulkSession,
  stage: string,
  indexes: { name: string; key: string | null; temp: string }[],
): Promise<void> {
  const { entries, balances } = ledgerTables(stage);
  await s.exec('LOCK TABLE ledger_entries IN ACCESS EXCLUSIVE MODE');
  await s.exec(`INSERT INTO ${q(entries)} SELECT * FROM ledger_entries`);
  const [seq] = await s.query<{ name: string }>(`SELECT pg_get_serial_sequence('ledger_entries', 'id') AS name`);
  if (!seq?.name) throw new Error('ledger_entries.id has no sequence');
  await s.exec(`ALTER SEQUENCE ${seq.name} OWNED BY ${q(entries)}.id`);
  await s.exec('DROP TABLE ledger_entries');
  await s.exec(`ALTER TABLE ${q(entries)} RENAME TO ledger_entries`);
  for (const i of indexes) {
    if (i.key) await s.exec(`ALTER TABLE ledger_entries ADD CONSTRAINT ${q(i.key)} PRIMARY KEY USING INDEX ${q(i.temp)}`);
    else await s.exec(`ALTER INDEX ${q(i.temp)} RENAME TO ${q(i.name)}`);
  }
  await s.exec(`INSERT INTO ledger_balances SELECT * FROM ${q(balances)}`);
  await s.exec(`DROP TABLE ${q(balances)}`);
}
