import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_ITEMS } from '../../src/dashboard/trpc.js';
import { dashboardDir } from '../../src/pages/dashboard.js';
import { appRouter } from '../../src/trpc/router.js';

const root = 'src/dashboard';
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });

/** Server-side modules the browser bundle may import: pure values and types, no database, no Node. */
const ALLOWED = new Set([
  'src/core/generated/contract-facts.ts',
  'src/core/transactions/catalog.ts',
  'src/core/transactions/status-transitions.ts',
]);

describe("the dashboard's bundle stays free of server code", () => {
  it('imports from outside src/dashboard only the pure core modules, and the router as a type', () => {
    const wrong: string[] = [];
    for (const file of files(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*from\s+'(\.[^']+)'/gm)) {
        const target = path.normalize(path.join(path.dirname(file), m[2] ?? '')).replace(/\.js$/, '.ts');
        if (target.startsWith(root)) continue;
        const isType = Boolean(m[1]);
        if (!ALLOWED.has(target) && !(isType && target === 'src/trpc/router.ts'))
          wrong.push(`${file} -> ${target}${isType ? ' (type)' : ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the built JavaScript holds no server library', () => {
    const assets = path.join(dashboardDir, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const f of js) {
      const text = readFileSync(path.join(assets, f), 'utf8');
      expect(text, f).not.toMatch(/PrismaClient|fastify|node:crypto|pglite/i);
    }
  });

  it("a full batch of the longest procedure names fits the server's 200-character path parameter", () => {
    const names = Object.keys(appRouter._def.procedures).sort((a, b) => b.length - a.length);
    expect(names.length).toBeGreaterThan(30);
    expect(names.slice(0, BATCH_ITEMS).join(',').length).toBeLessThanOrEqual(200);
  });
});
