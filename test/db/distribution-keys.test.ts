import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { freshDatabase } from '../support/harness.js';
import { pgliteImage } from '../support/pglite-image.js';

// The tables must allow sharding by workspace on a distributed PostgreSQL (Citus): a distributed
// table's every PRIMARY KEY / UNIQUE key includes the distribution column (workspace_id), and a
// foreign key between distributed tables matches workspace_id with workspace_id. The global tables
// below would be reference tables (replicated to every node), which may be referenced from
// anywhere but may reference only each other. Read from the migrated database's catalog.

/** The tables global by design, each with why. Every other table is distributed by workspace_id. */
const GLOBAL_TABLES: Record<string, string> = {
  workspaces: 'the tenants themselves: the row every distributed table points at',
  api_keys: 'a request is authenticated by the key hash before its workspace is known',
  admins: 'an admin token resolves to its admin, and through it to the workspace, before the workspace is known',
  admin_tokens: 'a dashboard sign-in or GraphQL call is authenticated by the token hash before the workspace is known',
  dashboard_sessions: 'a dashboard request is authenticated by the cookie hash before the workspace is known',
  signing_keys: "the service's webhook signing keys (JWKS), the same for every workspace",
  rate_limit_buckets: 'request counters keyed by credential or client address, some taken before any workspace is known',
  _prisma_migrations: 'migration bookkeeping, not data',
};

interface Catalog {
  tables: string[];
  workspaceColumn: Map<string, { nullable: boolean; type: string }>;
  uniqueKeys: { table: string; name: string; columns: (string | null)[] }[];
  foreignKeys: { table: string; name: string; columns: string[]; references: string; referencedColumns: string[] }[];
}

async function readCatalog(db: Database): Promise<Catalog> {
  const tables = await db.sql<{ name: string }>(Prisma.sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`);
  const columns = await db.sql<{ table: string; nullable: boolean; type: string }>(Prisma.sql`
    SELECT table_name AS "table", is_nullable = 'YES' AS nullable, data_type AS type FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'workspace_id'`);
  // Key columns only (not INCLUDE); an expression column has no name (null).
  const uniqueKeys = await db.sql<{ table: string; name: string; columns: (string | null)[] }>(Prisma.sql`
    SELECT c.relname AS "table", i.relname AS name,
      (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
         LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum WHERE k.ord <= x.indnkeyatts) AS columns
    FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND x.indisunique ORDER BY 1, 2`);
  const foreignKeys = await db.sql<Catalog['foreignKeys'][number]>(Prisma.sql`
    SELECT c.relname AS "table", f.conname AS name, r.relname AS "references",
      (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(f.conkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.attnum) AS columns,
      (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(f.confkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.attnum) AS "referencedColumns"
    FROM pg_constraint f JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class r ON r.oid = f.confrelid
    WHERE f.contype = 'f' AND f.connamespace = 'public'::regnamespace ORDER BY 1, 2`);
  return {
    tables: tables.map((t) => t.name),
    workspaceColumn: new Map(columns.map((c) => [c.table, { nullable: c.nullable, type: c.type }])),
    uniqueKeys,
    foreignKeys,
  };
}

/** Every way the catalog breaks the rule, one line each (empty: the tables can be distributed). */
function violations(catalog: Catalog, global: Record<string, string>): string[] {
  const out: string[] = [];
  const isGlobal = (t: string) => Object.hasOwn(global, t);
  for (const t of Object.keys(global)) if (!catalog.tables.includes(t)) out.push(`${t}: listed as global but no such table`);
  for (const t of catalog.tables.filter((name) => !isGlobal(name))) {
    const col = catalog.workspaceColumn.get(t);
    if (!col) out.push(`${t}: a tenant table without workspace_id`);
    else if (col.nullable || col.type !== 'uuid') out.push(`${t}: workspace_id must be uuid NOT NULL`);
  }
  for (const k of catalog.uniqueKeys) {
    if (!isGlobal(k.table) && !k.columns.includes('workspace_id')) out.push(`${k.table}: unique key ${k.name} lacks workspace_id`);
  }
  for (const f of catalog.foreignKeys) {
    if (isGlobal(f.table)) {
      if (!isGlobal(f.references)) out.push(`${f.table}: global table references tenant table ${f.references} (${f.name})`);
    } else if (!isGlobal(f.references)) {
      const at = f.columns.indexOf('workspace_id');
      if (at < 0 || f.referencedColumns[at] !== 'workspace_id') {
        out.push(`${f.table}: foreign key ${f.name} to ${f.references} does not match workspace_id with workspace_id`);
      }
    }
  }
  return out;
}

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ databaseUrl: fresh.url, dataDir: '/nonexistent', pgliteImage: pgliteImage() });
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe('every table can be distributed by workspace_id or is global by design', () => {
  it('the migrated schema: tenant tables carry workspace_id in every unique key and tenant-to-tenant foreign key', async () => {
    const catalog = await readCatalog(db);
    expect(violations(catalog, GLOBAL_TABLES)).toEqual([]);
    // The rule has something to hold: tenant tables with composite keys exist.
    expect(catalog.foreignKeys.filter((f) => f.columns.length > 1 && !Object.hasOwn(GLOBAL_TABLES, f.references)).length).toBeGreaterThan(
      10,
    );
  });

  it('catches a tenant table keyed without workspace_id, a single-column foreign key, and a table missing from the list', async () => {
    await db.sql(Prisma.sql`CREATE TABLE dist_probe (id uuid PRIMARY KEY, account_id uuid, workspace_id uuid NOT NULL)`);
    await db.sql(Prisma.sql`CREATE UNIQUE INDEX dist_probe_ws ON dist_probe (workspace_id, id)`);
    await db.sql(Prisma.sql`ALTER TABLE dist_probe ADD CONSTRAINT dist_probe_fk FOREIGN KEY (workspace_id, account_id)
      REFERENCES accounts (workspace_id, id)`);
    await db.sql(Prisma.sql`CREATE TABLE dist_probe_child (probe_id uuid REFERENCES dist_probe (id))`);
    try {
      const found = violations(await readCatalog(db), { ...GLOBAL_TABLES, gone_table: 'a table that was dropped' });
      expect(found.sort()).toEqual(
        [
          'dist_probe: unique key dist_probe_pkey lacks workspace_id',
          'dist_probe_child: a tenant table without workspace_id',
          'dist_probe_child: foreign key dist_probe_child_probe_id_fkey to dist_probe does not match workspace_id with workspace_id',
          'gone_table: listed as global but no such table',
        ].sort(),
      );
      // A global table may not point at a tenant table (a reference table cannot reference a distributed one).
      expect(violations(await readCatalog(db), { ...GLOBAL_TABLES, dist_probe_child: 'probe' })).toContain(
        'dist_probe_child: global table references tenant table dist_probe (dist_probe_child_probe_id_fkey)',
      );
    } finally {
      await db.sql(Prisma.sql`DROP TABLE dist_probe_child, dist_probe`);
    }
  });

  it('the operations guide names every global table under "Sharding keys"', () => {
    const guide = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    const section = guide.split(/^### Sharding keys$/m)[1]?.split(/^#/m)[0] ?? '';
    expect(section).not.toBe('');
    for (const t of Object.keys(GLOBAL_TABLES).filter((name) => name !== '_prisma_migrations')) expect(section).toContain(`\`${t}\``);
  });
});
