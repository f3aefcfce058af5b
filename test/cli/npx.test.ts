import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// `npx fas`, the form the docs use, must run this checkout's command as it is: before the CLI was
// a workspace package, npm installed the checkout into its cache on first use, running `prepare`
// (a full build, about 105 s, rewriting dist/ under a running server).
describe('npx fas', () => {
  it('belongs to the workspace package only: a root `bin` made npx reinstall the checkout (prepare, 16 s) whenever node_modules looked changed', () => {
    expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).bin).toBeUndefined();
    expect(JSON.parse(readFileSync(path.join(root, 'packages/cli/package.json'), 'utf8')).bin).toEqual({ fas: './fas.js' });
  });

  it('is linked into node_modules/.bin by npm install, to packages/cli', () => {
    const bin = realpathSync(path.join(root, 'node_modules/.bin/fas'));
    expect(bin).toBe(path.join(root, 'packages/cli/fas.js'));
  });

  it('answers --version from the linked bin without installing or building (dist/ untouched)', () => {
    const stamp = path.join(root, 'dist/cli/main.js');
    const before = statSync(stamp).mtimeMs;
    // --no: never install; if the command were not local, npx would fail instead of building.
    const run = spawnSync('npx', ['--no', '--', 'fas', '--version'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toMatch(/build|tsc|vite/i);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
    expect(statSync(stamp).mtimeMs).toBe(before);
  });
});
