import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the heaviest files takes alone on an idle machine, [PGlite, PostgreSQL] (0 where
 * it is skipped on that database): without vitest's results cache (a fresh clone, CI) the files
 * would go largest first, which left a long file such as durability to run last while the other
 * worker sat idle. Only the order matters: refresh it from a `--reporter=json` run when it drifts.
 */
const EXPECTED_SECONDS: Record<string, [number, number]> = {
  'test/browser/dashboard-layout.test.ts': [39, 43],
  'test/browser/pages.test.ts': [30, 25],
  'test/browser/dashboard-filters.test.ts': [28, 25],
  'test/cli/durability.test.ts': [25, 2],
  'test/cli/cli.test.ts': [22, 8],
  'test/browser/dashboard.test.ts': [16, 16],
  'test/browser/verify-page.test.ts': [14, 14],
  'test/export/export-streaming.test.ts': [14, 14],
  'test/network/stall.test.ts': [14, 14],
  'test/rest/cursor-lists.test.ts': [14, 14],
  'test/cli/seed.test.ts': [14, 10],
  'test/operations/metrics-labels.test.ts': [13, 13],
  'test/browser/dashboard-account.test.ts': [12, 12],
  'test/db/read-replicas.test.ts': [0, 12],
  'test/events/stream-limits.test.ts': [11, 11],
  'test/db/abandoned-requests.test.ts': [0, 11],
  'test/cli/stop-time.test.ts': [11, 0],
  'test/cli/operator-channel.test.ts': [10, 0],
  'test/transactions/cursor-pages.test.ts': [10, 12],
  'test/events/listen.test.ts': [9, 9],
  'test/operations/multi-process.test.ts': [0, 9],
  'test/kyc/holder-uploads.test.ts': [8, 8],
  'test/webhooks/recover.test.ts': [8, 8],
  'test/parity/matrix-writes.test.ts': [8, 8],
  'test/fuzz/fuzz.test.ts': [7, 7],
};

/**
 * Longest first, so the two workers finish close together: by the table above, then the short
 * files in vitest's own order. The table rather than vitest's results cache decides for the heavy
 * files: the cache does not know which database a run was on, and a fresh clone has none.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const bySize = await super.sort(files);
    const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
    const rank = new Map(bySize.map((spec, i) => [spec, i]));
    const seconds = (spec: TestSpecification): number => {
      const file = path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/');
      return EXPECTED_SECONDS[file]?.[onPostgres ? 1 : 0] ?? 0;
    };
    const sorted = [...files].sort((a, b) => {
      // Projects stay together, in the order vitest gives them.
      if (a.project.name !== b.project.name) return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
      return seconds(b) - seconds(a) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
    });
    return sorted;
  }
}
