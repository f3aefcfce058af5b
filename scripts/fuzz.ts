import { spawnSync } from 'node:child_process';

/**
 * `npm run fuzz -- --runs N [--seed S] [--seconds T]`: the fuzz test (test/fuzz) with N generated
 * requests per protocol (REST, tRPC, GraphQL) instead of the suite's bounded 200, each protocol
 * stopping after T seconds if given. Prints the tally at the end.
 */
const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = value('--runs') ?? '2000';
const seed = value('--seed');
const seconds = value('--seconds');
if (!/^\d+$/.test(runs) || (seed !== undefined && !/^-?\d+$/.test(seed)) || (seconds !== undefined && !/^\d+$/.test(seconds))) {
  process.stderr.write('usage: npm run fuzz -- --runs N [--seed S] [--seconds T]\n');
  process.exit(2);
}
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz/fuzz.test.ts', '--testTimeout=86400000'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed ?? 'random', ...(seconds ? { FUZZ_SECONDS: seconds } : {}) },
});
process.exit(result.status ?? 1);
