import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { staleBuild } from '../../scripts/build-stamp.js';
import { makeDataDirTemplate } from './data-dir-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** PostgreSQL runs: a migrated database without workspaces that `freshDatabase` copies. */
    databaseTemplate: string;
    /** PGlite runs: a migrated empty data-directory image that each file's database starts from. */
    pgliteImagePath: string;
    /** PGlite runs: the same before the migrations, as initdb left it (`initdbPglite`). */
    pgliteInitdbImagePath: string;
    /** PGlite runs: a migrated data directory without workspaces, copied by `templatedDataDir`. */
    pgliteDataDirTemplate: string;
  }
}

/**
 * The browser, CLI and documentation tests run the built `dist/` (bin/fas.js, the dashboard's
 * bundle): built again here when its sources changed since, so a stale build is never what is tested.
 */
function freshBuild(): void {
  const stale = staleBuild();
  if (!stale) return;
  console.log(`${stale}: building it (npm run build:app)`);
  const build = spawnSync('npm', ['run', 'build:app', '--silent'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`dist/ is stale and \`npm run build:app\` failed (exit ${build.status}): fix the build first`);
  const still = staleBuild();
  if (still) throw new Error(`dist/ is still stale after \`npm run build:app\`: ${still} (were sources edited during the build?)`);
}

/**
 * With DATABASE_URL=postgres://... the suite runs in a fresh database created here and dropped
 * afterwards; without it every test file uses its own in-memory PGlite. FAS_TEST_DB_SUFFIX ends the
 * name of every database the suite creates, for a server several people share.
 */
export default async function setup(project: TestProject) {
  freshBuild();
  // The test workers inherit it: their database and seed worker threads start from dist/, now
  // known to be the build of these sources, instead of each loading tsx (see module-worker.ts).
  // The stamp's time says when the build was last known to match the sources: a source edited after
  // it (in watch mode) sends a worker back to its TypeScript.
  const dist = path.resolve(import.meta.dirname, '../../dist');
  const now = new Date();
  utimesSync(path.join(dist, '.build-inputs'), now, now);
  process.env.FAS_BUILT_WORKERS = dist;
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    project.provide('databaseUrl', 'memory://');
    project.provide('databaseTemplate', '');
    // initdb and the migrations run once here, not once per file or per data directory (seconds
    // each on PGlite); the in-memory image and the on-disk template are made side by side.
    const { pgliteImage } = await import('../../src/db/database.js');
    const dir = mkdtempSync(path.join(tmpdir(), 'fas-pglite-image-'));
    const file = path.join(dir, 'image.tar');
    const initdbFile = path.join(dir, 'initdb-image.tar');
    const template = path.join(dir, 'data-dir');
    let initialized: Blob | undefined;
    const [image] = await Promise.all([
      pgliteImage((i) => {
        initialized = i;
      }),
      makeDataDirTemplate(template),
    ]);
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    writeFileSync(initdbFile, Buffer.from(await (initialized as Blob).arrayBuffer()));
    project.provide('pgliteImagePath', file);
    project.provide('pgliteInitdbImagePath', initdbFile);
    project.provide('pgliteDataDirTemplate', template);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('pgliteImagePath', '');
  project.provide('pgliteInitdbImagePath', '');
  project.provide('pgliteDataDirTemplate', '');
  const suffix = process.env.FAS_TEST_DB_SUFFIX ?? '';
  if (!/^[a-z0-9_]*$/.test(suffix)) throw new Error(`FAS_TEST_DB_SUFFIX may hold only a-z, 0-9 and _ (got ${JSON.stringify(suffix)})`);
  const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}${suffix}`;
  const name = `fas_test_${stamp}`;
  // Migrated once here through the production path; each file's database is a copy of it, which
  // CREATE DATABASE makes in less time than the migrations take.
  const template = `fas_tpl_${stamp}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const at = (db: string) => {
    const u = new URL(url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const { openDatabase } = await import('../../src/db/database.js');
  const migrated = await openDatabase({ databaseUrl: at(template), dataDir: '/nonexistent' });
  await migrated.close();
  project.provide('databaseUrl', at(name));
  project.provide('databaseTemplate', template);
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.end();
  };
}
