import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where a benchmark's `fas serve` keeps its data: the environment to start it with, and how to remove it after. */
export interface BenchTarget {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** A new embedded data directory under the system's temporary folder. */
export async function pgliteTarget(label: string): Promise<BenchTarget> {
  const dir = mkdtempSync(path.join(tmpdir(), `fas-bench-${label}-`));
  return {
    name: 'PGlite',
    env: { FAS_DATA_DIR: dir, DATABASE_URL: '' },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh database `database` on DATABASE_URL's server (dropped first, and again at cleanup). */
export async function postgresTarget(database: string): Promise<BenchTarget> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bench: unexpected database name "${database}"`);
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  const dir = mkdtempSync(path.join(tmpdir(), `fas-bench-${database}-`));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString(), FAS_DATA_DIR: dir },
    cleanup: async () => {
      rmSync(dir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
