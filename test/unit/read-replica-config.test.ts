import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEFAULTS } from '../../src/defaults.js';

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const PRIMARY = 'postgres://fas@db-primary:5432/fas';

describe('DATABASE_READ_URL and FAS_READ_MAX_LAG_MS', () => {
  it('reads one or more replicas, comma-separated, and the lag bound (default when unset)', () => {
    const one = loadConfig(env({ DATABASE_URL: PRIMARY, DATABASE_READ_URL: 'postgres://fas@db-replica-1/fas' }));
    expect(one.databaseReadUrls).toEqual(['postgres://fas@db-replica-1/fas']);
    expect(one.readMaxLagMs).toBe(DEFAULTS.readMaxLagMs);
    const two = loadConfig(
      env({ DATABASE_URL: PRIMARY, DATABASE_READ_URL: ' postgres://a/fas , postgresql://b/fas ,', FAS_READ_MAX_LAG_MS: '2500' }),
    );
    expect(two.databaseReadUrls).toEqual(['postgres://a/fas', 'postgresql://b/fas']);
    expect(two.readMaxLagMs).toBe(2500);
    expect(loadConfig(env({ DATABASE_URL: PRIMARY })).databaseReadUrls).toEqual([]);
  });

  it.each([
    [{ DATABASE_READ_URL: 'postgres://r/fas' }, /needs DATABASE_URL to be a postgres/],
    [{ DATABASE_URL: 'memory://', DATABASE_READ_URL: 'postgres://r/fas' }, /needs DATABASE_URL to be a postgres/],
    [{ DATABASE_URL: PRIMARY, DATABASE_READ_URL: 'mysql://r/fas' }, /must be postgres:\/\/ URLs/],
    [{ DATABASE_URL: PRIMARY, FAS_READ_MAX_LAG_MS: '10' }, /FAS_READ_MAX_LAG_MS must be between/],
    [{ DATABASE_URL: PRIMARY, FAS_READ_MAX_LAG_MS: 'soon' }, /FAS_READ_MAX_LAG_MS must be an integer/],
  ])('refuses %o', (vars, message) => {
    expect(() => loadConfig(env(vars))).toThrow(message);
  });
});
