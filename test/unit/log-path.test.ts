import { describe, expect, it } from 'vitest';
import { logPath } from '../../src/logging/log-path.js';

describe('access-log paths', () => {
  it.each([
    ['/api/v2/transactions?search=alice@example.com', '/api/v2/transactions'],
    ['/verify/abcDEF123_-', '/verify/[redacted]'],
    ['/verify/abc/documents?x=1', '/verify/[redacted]'],
    ['//verify//abc', '//verify/[redacted]'],
    ['/VERIFY/abc', '/VERIFY/[redacted]'],
    ['/verify', '/verify'],
    ['/api/v2/accounts/123', '/api/v2/accounts/123'],
  ])('%s is logged as %s', (url, logged) => {
    expect(logPath(url)).toBe(logged);
  });
});
