import { describe, expect, it } from 'vitest';
import { safeError } from '../../src/logging/safe-error.js';

describe('errors as logged', () => {
  it('keep the type, code and frames, never the message (it may quote input or a stored value)', () => {
    const err = Object.assign(new TypeError('bad email jane@example.com for SSN 123-45-6789'), { code: 'E_BAD' });
    const logged = safeError(err);
    expect(logged).toMatchObject({ type: 'TypeError', code: 'E_BAD' });
    expect(logged.stack).toContain('redaction.test.ts');
    expect(JSON.stringify(logged)).not.toMatch(/jane|123-45/);
  });

  it('a thrown non-error is named by its type only', () => {
    expect(safeError('secret fas_sk_abc')).toEqual({ type: 'string', code: undefined, stack: undefined });
    expect(safeError(undefined)).toEqual({ type: 'undefined', code: undefined, stack: undefined });
  });
});
