import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import type { Durations } from '../../scripts/record-test-durations.js';

/**
 * Seconds each file took in a recorded run, per database (0 or absent where it is skipped there):
 * without vitest's results cache (a fresh clone, CI) the files would go largest first, which left
 * a long file such as durability to run last while the other worker sat idle. Recorded with
 * vitest's JSON reporter by `npm run test:durations` (scripts/record-test-durations.ts), not kept by hand.
 */
const durations: Durations = JSON.parse(readFileSync(path.join(import.meta.dirname, 'test-durations.json'), 'utf8'));

/**
 * Longest first, so the two workers finish close together: by the recorded durations, then the
 * files not recorded in vitest's own order. The recording rather than vitest's results cache
 * decides: the cache does not know which database a run was on, and a fresh clone has none.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const bySize = await super.sort(files);
    const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
    const rank = new Map(bySize.map((spec, i) => [spec, i]));
    const seconds = (spec: TestSpecification): number => {
      const file = path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/');
      return durations[onPostgres ? 'postgres' : 'pglite'][file] ?? 0;
    };
    const sorted = [...files].sort((a, b) => {
      // Projects stay together, in the order vitest gives them.
      if (a.project.name !== b.project.name) return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
      return seconds(b) - seconds(a) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
    });
    return sorted;
  }
}
