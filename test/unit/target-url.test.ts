import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/core/errors.js';
import { checkTargetUrl } from '../../src/core/webhooks/target-url.js';

const errorOf = (raw: string, insecure = false) => {
  try {
    checkTargetUrl('url', raw, insecure);
    return undefined;
  } catch (e) {
    const err = e as AppError;
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.errors?.[0]?.field).toBe('url');
    return err.errors?.[0]?.message;
  }
};

describe('webhook target URLs', () => {
  it.each([
    ['https://hooks.example.com/x', undefined],
    ['http://hooks.example.com/x', 'must use https'],
    ['ftp://hooks.example.com/x', 'must use https'],
    ['hooks.example.com/x', 'must be an absolute URL'],
    ['https://user:pw@hooks.example.com/x', 'must not contain credentials'],
    ['https://hooks.example.com/x#frag', 'must not contain a fragment'],
    ['https://localhost/x', 'must not point to a private'],
    ['https://a.localhost/x', 'must not point to a private'],
    ['https://10.0.0.8/x', 'must not point to a private'],
    ['https://[::1]/x', 'must not point to a private'],
  ])('%s -> %s', (raw, message) => {
    const got = errorOf(raw);
    if (message === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(message);
  });

  it('local development (insecure allowed) takes http and loopback, still no credentials', () => {
    expect(errorOf('http://127.0.0.1:8080/hook', true)).toBeUndefined();
    expect(errorOf('http://u:p@127.0.0.1/hook', true)).toContain('credentials');
  });
});
