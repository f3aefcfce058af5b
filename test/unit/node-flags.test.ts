import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's node flags are on bin/fas.js's first line (`env -S node <flags>`); every launcher
// of the server gives node the same ones, as `node bin/fas.js` alone would not read them there.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('node flags of the server', () => {
  const shebang = read('bin/fas.js').split('\n')[0] as string;
  const flags = shebang.replace('#!/usr/bin/env -S node', '').trim().split(/\s+/);

  it('are on bin/fas.js, a young generation larger than the default among them', () => {
    expect(shebang.startsWith('#!/usr/bin/env -S node ')).toBe(true);
    expect(flags).toContain('--max-semi-space-size=32');
  });

  it('are given by every launcher of the server', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const launchers: [string, string][] = [
      ['npx fas', read('packages/cli/fas.js').split('\n')[0] as string],
      ['npm start', scripts.start as string],
      ['npm run fas', scripts.fas as string],
      ["npm run bench:rollups (the server's use cases in-process)", scripts['bench:rollups'] as string],
      ['npm run dev', read('scripts/dev.ts')],
      ["benchmarks' servers", read('bench/support/serve-process.ts')],
    ];
    for (const [name, text] of launchers) for (const flag of flags) expect(text, name).toContain(flag);
  });
});
