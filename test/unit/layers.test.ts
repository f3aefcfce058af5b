import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/**
 * Every case's files in one throwaway tree with the project's rules, cruised once: a run of
 * dependency-cruiser costs about 2 s (a node process that loads the TypeScript compiler), and six
 * trees cost six of them. The cases use distinct paths, so each is judged by the lines naming its
 * own files; an allowed import is one no line names.
 */
const cases = {
  wrongWay: {
    'src/server/serve.ts': 'export const serve = 1;\n',
    'src/core/use-case.ts': "import { serve } from '../server/serve.js';\nexport const x = serve;\n",
    'src/core/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
    'src/core/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    'src/trpc/router.ts': 'export const appRouter = {};\nexport type AppRouter = typeof appRouter;\n',
    'src/dashboard/App.ts': "import { appRouter } from '../trpc/router.js';\nexport const r = appRouter;\n",
    'src/graphql/yoga.ts': "import { serve } from '../server/serve.js';\nexport const y = serve;\n",
  },
  pages: {
    'src/rest/problem-route.ts': 'export const route = 1;\n',
    'src/server/app.ts': 'export const app = 1;\n',
    'src/pages/dashboard-export.ts':
      "import { route } from '../rest/problem-route.js';\nimport { app } from '../server/app.js';\nexport const e = [route, app];\n",
    'src/pages/holder/page-html.ts': 'export const html = 1;\n',
    'src/rest/accounts.ts': "import { html } from '../pages/holder/page-html.js';\nexport const a = html;\n",
    'src/http/problem.ts': 'export const problem = 1;\n',
    'src/pages/landing.ts': "import { problem } from '../http/problem.js';\nexport const l = problem;\n",
  },
  dbOutside: {
    'src/db/database.ts': 'export type Database = { kind: string };\nexport const openDatabase = () => ({ kind: "pglite" });\n',
    'src/server/metrics.ts': "import type { Database } from '../db/database.js';\nexport type M = Database;\n",
    'src/rest/route.ts': "import { openDatabase } from '../db/database.js';\nexport const r = openDatabase;\n",
    'src/operator/backup/command.ts': "import { openDatabase } from '../../db/database.js';\nexport const o = openDatabase;\n",
  },
  dbAllowed: {
    'src/core/reads-db.ts': "import type { Database } from '../db/database.js';\nexport type D = Database;\n",
    'src/server/deps.ts': "import { openDatabase } from '../db/database.js';\nexport const open = openDatabase;\n",
    'src/operator/seed/bulk-load.ts': "import type { Database } from '../../db/database.js';\nexport type S = Database;\n",
  },
  backArrows: {
    'src/core/auth/credential-cache.ts': 'export interface CredentialCache { clear(): void }\n',
    'src/core/context.ts': "import type { CredentialCache } from './auth/credential-cache.js';\nexport type C = CredentialCache;\n",
    'src/core/crypto/field-cipher.ts': 'export interface FieldCipher { seal(s: string): string }\n',
    'src/core/ports.ts': "import type { FieldCipher } from './crypto/field-cipher.js';\nexport type F = FieldCipher;\n",
    'src/core/transactions/date-range.ts': 'export const parseBound = (s: string) => s;\n',
    'src/core/webhooks/recover.ts': "import { parseBound } from '../transactions/date-range.js';\nexport const r = parseBound;\n",
  },
  routerTypes: {
    'src/dashboard/RouterTypes.ts': "import type { AppRouter } from '../trpc/router.js';\nexport type R = AppRouter;\n",
  },
} satisfies Record<string, Record<string, string>>;

let dir: string | undefined;
let out = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fas-layers-'));
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
  const files = Object.values(cases).flatMap((c) => Object.entries(c));
  // A path in two cases would be written twice, and one case would be judged on the other's file.
  expect(new Set(files.map(([path]) => path)).size).toBe(files.length);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    await run(process.execPath, [depcruise, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: dir });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout);
  }
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The violations found in files of `files` (a line reads `error rule: from → to`). */
function violationsOf(files: Record<string, string>): string {
  return out
    .split('\n')
    .filter((line) => Object.keys(files).some((path) => line.includes(`: ${path} `)))
    .join('\n');
}

describe('the layer rules (npm run check:layers)', () => {
  it('refuse a wrong-way import, a cycle, and a dashboard value import of the server', () => {
    const found = violationsOf(cases.wrongWay);
    expect(found).toContain('core-imports-upward: src/core/use-case.ts → src/server/serve.ts');
    expect(found).toContain('graphql-imports-upward: src/graphql/yoga.ts → src/server/serve.ts');
    expect(found).toContain('no-circular');
    expect(found).toContain('dashboard-router-types-only: src/dashboard/App.ts → src/trpc/router.ts');
  });

  it('keep the HTML pages an adapter of their own: they reach neither into rest nor the server, and the API does not reach into them', () => {
    const found = violationsOf(cases.pages);
    expect(found).toContain('pages-imports-upward: src/pages/dashboard-export.ts → src/rest/problem-route.ts');
    expect(found).toContain('pages-imports-upward: src/pages/dashboard-export.ts → src/server/app.ts');
    expect(found).toContain('rest-imports-upward: src/rest/accounts.ts → src/pages/holder/page-html.ts');
    expect(found).not.toContain('src/pages/landing.ts');
  });

  it('refuse src/db imported from outside the core, db and the composition root, type-only imports included', () => {
    const found = violationsOf(cases.dbOutside);
    expect(found).toContain('db-only-from-core-and-root: src/server/metrics.ts → src/db/database.ts');
    expect(found).toContain('db-only-from-core-and-root: src/rest/route.ts → src/db/database.ts');
    expect(found).toContain('db-only-from-core-and-root: src/operator/backup/command.ts → src/db/database.ts');
  });

  it('let the core, the composition root and the seed loader import src/db', () => {
    expect(violationsOf(cases.dbAllowed)).toBe('');
  });

  it("refuse the core's back arrows: context or ports importing a domain folder, webhooks importing transactions", () => {
    const found = violationsOf(cases.backArrows);
    expect(found).toContain('core-context-sees-ports-only: src/core/context.ts → src/core/auth/credential-cache.ts');
    expect(found).not.toContain('src/core/ports.ts → src/core/crypto/field-cipher.ts');
    expect(found).toContain('core-webhooks-below-transactions: src/core/webhooks/recover.ts → src/core/transactions/date-range.ts');
  });

  it('let the dashboard import the router for its types only', () => {
    expect(violationsOf(cases.routerTypes)).toBe('');
  });
});
