import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Durations, durationsFile, fileSeconds, merge } from '../../scripts/record-test-durations.js';

const root = resolve(import.meta.dirname, '../..');

describe('the recorded test durations (slowest-first order)', () => {
  it("reads each file's seconds from vitest's JSON report, leaving skipped files out", () => {
    const report = {
      testResults: [
        { name: `${root}/test/a.test.ts`, startTime: 1000, endTime: 13_460, status: 'passed' },
        { name: `${root}/test/b.test.ts`, startTime: 1000, endTime: 1200, status: 'failed' },
        { name: `${root}/test/c.test.ts`, startTime: 1000, endTime: 1001, status: 'skipped' },
      ],
    };
    expect(fileSeconds(report, root)).toEqual({ 'test/a.test.ts': 12.5, 'test/b.test.ts': 0.2 });
  });

  it("replaces one database's recorded files, keeps its others (or none after a whole run) and the other database's", () => {
    const before: Durations = {
      recorded: { postgres: 'x' },
      pglite: { 'test/a.test.ts': 9, 'test/z.test.ts': 3 },
      postgres: { 'test/a.test.ts': 4 },
    };
    const some = merge(before, 'pglite', { 'test/a.test.ts': 2 }, false, 'now');
    expect(some).toEqual({
      recorded: { postgres: 'x', pglite: 'now' },
      pglite: { 'test/a.test.ts': 2, 'test/z.test.ts': 3 },
      postgres: { 'test/a.test.ts': 4 },
    });
    expect(merge(before, 'pglite', { 'test/a.test.ts': 2 }, true, 'now').pglite).toEqual({ 'test/a.test.ts': 2 });
  });

  it('the committed file names test files of this repository, with seconds', () => {
    const durations: Durations = JSON.parse(readFileSync(resolve(root, durationsFile), 'utf8'));
    for (const db of ['pglite', 'postgres'] as const) {
      expect(Object.keys(durations[db]).length).toBeGreaterThan(0);
      for (const [file, seconds] of Object.entries(durations[db])) {
        expect(file).toMatch(/^test\/.+\.test\.ts$/);
        expect(seconds).toBeGreaterThan(0);
      }
    }
  });
});
