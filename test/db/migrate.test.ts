import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteMigrationDriver } from '../../src/db/database.js';
import { applyMigrations, defaultMigrationsDir, readMigrations } from '../../src/db/migrate.js';
import { initdbPglite } from '../support/pglite-image.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-mig-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describe('applyMigrations', () => {
  it("writes prisma migrate deploy's bookkeeping and applies each migration once", async () => {
    const db = await initdbPglite();
    const driver = pgliteMigrationDriver(db);
    const dir = migrationsDir({ '1_a': 'CREATE TABLE a (id int);', '2_b': 'CREATE TABLE b (id int);' });
    expect(await applyMigrations(driver, dir)).toEqual(['1_a', '2_b']);
    expect(await applyMigrations(driver, dir)).toEqual([]);
    const rows = (await db.query<Record<string, unknown>>('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows;
    expect(rows.map((r) => r.migration_name)).toEqual(['1_a', '2_b']);
    expect(rows[0]).toMatchObject({
      checksum: createHash('sha256').update('CREATE TABLE a (id int);').digest('hex'),
      applied_steps_count: 1,
      rolled_back_at: null,
    });
    expect(rows[0]!.finished_at).toBeInstanceOf(Date);
    await db.close();
  });

  it('a failing migration is rolled back whole and not recorded; a modified one is refused', async () => {
    const db = await initdbPglite();
    const driver = pgliteMigrationDriver(db);
    const bad = migrationsDir({ '1_a': 'CREATE TABLE a (id int);', '2_bad': 'CREATE TABLE c (id int); SELECT nope_no_such_fn();' });
    await expect(applyMigrations(driver, bad)).rejects.toThrow(/migration 2_bad failed/);
    expect((await db.query("SELECT to_regclass('c') AS c")).rows[0]).toEqual({ c: null });
    expect((await db.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows[0]).toEqual({ n: 1 });
    const edited = migrationsDir({ '1_a': 'CREATE TABLE a (id bigint);' });
    await expect(applyMigrations(driver, edited)).rejects.toThrow(/1_a was modified after it was applied/);
    await db.close();
  });

  it('the project migrations are in name order', async () => {
    const names = (await readMigrations(defaultMigrationsDir)).map((m) => m.name);
    expect(names).toEqual([...names].sort());
    expect(names.length).toBeGreaterThanOrEqual(3);
  });
});
