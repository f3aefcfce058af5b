import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { beginBuild, endBuild, staleBuild } from '../../scripts/build-stamp.js';

// The global setup builds dist/ again when staleBuild says so; here on a tree of its own.
const root = mkdtempSync(path.join(tmpdir(), 'fas-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp (dist/ fresh or stale)', () => {
  it('no stamp, a failed build, any change to a source, a new source or a config file: stale; a finished build: fresh', () => {
    mkdirSync(path.join(root, 'src/cli'), { recursive: true });
    writeFileSync(path.join(root, 'src/cli/main.ts'), 'one');
    writeFileSync(path.join(root, 'package.json'), '{}');
    expect(staleBuild(root)).toMatch(/no build stamp/);

    beginBuild(root);
    // The build failed: no `end`, no stamp.
    expect(staleBuild(root)).toMatch(/no build stamp/);
    beginBuild(root);
    endBuild(root);
    expect(staleBuild(root)).toBeUndefined();

    writeFileSync(path.join(root, 'src/cli/main.ts'), 'two');
    expect(staleBuild(root)).toMatch(/sources changed/);
    writeFileSync(path.join(root, 'src/cli/main.ts'), 'one');
    expect(staleBuild(root)).toBeUndefined();

    writeFileSync(path.join(root, 'src/cli/new.ts'), '');
    expect(staleBuild(root)).toMatch(/sources changed/);
    beginBuild(root);
    endBuild(root);
    writeFileSync(path.join(root, 'tsconfig.build.json'), '{}');
    expect(staleBuild(root)).toMatch(/sources changed/);
    beginBuild(root);
    // Edited while the build ran: the stamp is the hash taken when it began.
    writeFileSync(path.join(root, 'src/cli/main.ts'), 'three');
    endBuild(root);
    expect(staleBuild(root)).toMatch(/sources changed/);
  });
});
