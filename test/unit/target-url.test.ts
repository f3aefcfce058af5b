import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/core/errors.js';
import { checkTargetUrl, targetRulesOf } from '../../src/core/webhooks/target-url.js';

const errorOf = (raw: string, insecure = false, allowPrivate: string[] = []) => {
  try {
    checkTargetUrl('url', raw, targetRulesOf({ allowInsecureWebhooks: insecure, webhookAllowPrivate: allowPrivate }));
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

  it('the insecure switch opens http and loopback only: never link-local, metadata or (unlisted) private addresses', () => {
    for (const ok of ['http://localhost:3000/hook', 'http://[::1]:8080/hook', 'https://127.0.0.2/hook']) {
      expect(errorOf(ok, true), ok).toBeUndefined();
    }
    for (const refused of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://100.100.100.200/latest/meta-data',
      'http://[fd00:ec2::254]/latest',
      'http://10.0.0.8/hook',
      'http://192.168.1.20/hook',
      'http://[fd12::1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      expect(errorOf(refused, true), refused).toContain('must not point to a link-local, metadata');
    }
  });

  it('FAS_WEBHOOK_ALLOW_PRIVATE opens the listed private subnets, and nothing link-local even when listed', () => {
    const list = ['10.0.0.0/8', '192.168.1.20', 'fd12::/16', '169.254.0.0/16'];
    expect(errorOf('https://10.1.2.3/hook', false, list)).toBeUndefined();
    expect(errorOf('https://192.168.1.20/hook', false, list)).toBeUndefined();
    expect(errorOf('https://[fd12::1]/hook', false, list)).toBeUndefined();
    expect(errorOf('https://192.168.1.21/hook', false, list)).toContain('must not point');
    expect(errorOf('https://169.254.169.254/hook', false, list)).toContain('must not point');
    expect(errorOf('https://127.0.0.1/hook', false, list)).toContain('must not point');
  });
});
