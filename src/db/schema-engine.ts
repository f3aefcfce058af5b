import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pgliteMigrationDriver } from './database.js';
import { applyMigrations, defaultMigrationsDir } from './migrate.js';

/**
 * Prisma's own schema engine, compiled to WASM (the native engine cannot be downloaded here).
 * Used by `npm run db:diff` to write migrations and by the drift test; never at run time.
 */

export const schemaPath = fileURLToPath(new URL('../../prisma/schema.prisma', import.meta.url));

interface Engine {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
}

let loaded: Promise<void> | undefined;
function loadWasm(): Promise<void> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports });
    (glue as unknown as { __wbg_set_wasm(exports: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  })();
  return loaded;
}

export interface DiffOptions {
  /** The schema to compare with (default: prisma/schema.prisma). */
  schemaText?: string;
  /** The migrations to apply first (default: prisma/migrations). */
  migrationsDir?: string;
  /** A data-directory image as initdb leaves it, to start from instead of running initdb. */
  initdbImage?: Blob;
}

/**
 * SQL that takes a database with every migration applied to the state `schema.prisma` describes:
 * empty when they agree. The migrations are applied to a scratch in-memory PGlite (with
 * pg_trgm, as in production) by the same code that migrates real databases, and the engine
 * diffs that live database against the datamodel, so no shadow database is needed.
 */
export async function diffMigrationsToSchema(opts: DiffOptions = {}): Promise<{ sql: string; empty: boolean }> {
  await loadWasm();
  const schema = opts.schemaText ?? (await readFile(schemaPath, 'utf8'));
  const db = await PGlite.create({ extensions: { pg_trgm }, ...(opts.initdbImage ? { loadDataDir: opts.initdbImage } : {}) });
  try {
    await applyMigrations(pgliteMigrationDriver(db), opts.migrationsDir ?? defaultMigrationsDir);
    const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(db));
    const SchemaEngine = (
      glue as unknown as { SchemaEngine: { new: (o: unknown, log: (s: string) => void, a: unknown) => Promise<Engine> } }
    ).SchemaEngine;
    const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => {}, factory);
    const files = [{ path: 'schema.prisma', content: schema }];
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: path.dirname(schemaPath) },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? '';
    return { sql, empty: result.exitCode === 0 };
  } finally {
    await db.close();
  }
}
