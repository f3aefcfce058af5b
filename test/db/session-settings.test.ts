import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, type SqlRunner } from '../../src/db/database.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';

// Every pooled PostgreSQL session runs without JIT and with at least 16 MB of work_mem
// (src/db/database.ts, SESSION_SETTINGS); a server's larger work_mem is kept.
const url = inject('databaseUrl');
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

describe.skipIf(!url.startsWith('postgres'))('PostgreSQL session settings', () => {
  it("every pooled connection, raw, the dispatcher's or through Prisma, has jit off and work_mem >= 16MB", async () => {
    // The settings are applied before a new connection is handed out, not queued beside its first
    // query (pg 8 warns about a query sent while another runs; pg 9 refuses it).
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const db = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 3 });
    opened.push(db);
    const show = async (run: SqlRunner) => {
      const [row] = await run<{ jit: string; work_mem: string }>(
        Prisma.sql`SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem`,
      );
      return row;
    };
    // Several at once, so more than one connection of each pool is opened and checked.
    const rows = await Promise.all([db.sql, db.sql, db.sql, db.sql, db.dispatchSql, db.dispatchSql, db.dispatchSql].map(show));
    for (const r of rows) expect(r).toEqual({ jit: 'off', work_mem: '16MB' });
    const viaPrisma = await db.prisma.$queryRaw<{ jit: string }[]>`SELECT current_setting('jit') AS jit`;
    expect(viaPrisma[0]!.jit).toBe('off');
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(warnings.filter((m) => /already executing a query/.test(m))).toEqual([]);
  });

  it('keeps a larger work_mem configured for the database', async () => {
    const admin = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 1 });
    opened.push(admin);
    const [{ db: name }] = (await admin.sql<{ db: string }>(Prisma.sql`SELECT current_database() AS db`)) as [{ db: string }];
    await admin.prisma.$executeRawUnsafe(`ALTER DATABASE "${name}" SET work_mem = '64MB'`);
    try {
      const db = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, pgPoolSize: 1 });
      opened.push(db);
      const [row] = await db.sql<{ w: string }>(Prisma.sql`SELECT current_setting('work_mem') AS w`);
      expect(row!.w).toBe('64MB');
    } finally {
      await admin.prisma.$executeRawUnsafe(`ALTER DATABASE "${name}" RESET work_mem`);
    }
  });
});
