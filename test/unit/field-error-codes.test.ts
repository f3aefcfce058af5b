import { describe, expect, it } from 'vitest';
import { AppError, type FieldError } from '../../src/core/errors.js';
import { CONTRACT_ENUMS } from '../../src/core/generated/contract-facts.js';
import { validateBody, validateQuery } from '../../src/core/validation/validators.js';
import { friendlyFieldMessage } from '../../src/dashboard/errors.js';

/** The field errors a call throws (it must throw VALIDATION_FAILED). */
function refusal(call: () => unknown): FieldError[] {
  try {
    call();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_FAILED');
    return (err as AppError).errors ?? [];
  }
  throw new Error('expected a validation error');
}

const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [e.field, e]));

describe('field errors carry a machine code and its params (openapi.yaml FieldError)', () => {
  it('each contract rule is reported with its code and bound', () => {
    const errors = byField(
      refusal(() =>
        validateBody('CreateAccountRequest', {
          type: 'company',
          email: 'not-an-email',
          reference: 'x'.repeat(300),
          colour: 'blue',
        }),
      ),
    );
    expect(errors.type).toMatchObject({ code: 'not_allowed', params: { allowed: ['individual', 'business'] } });
    expect(errors.email).toMatchObject({ code: 'invalid_format', params: { format: 'email' } });
    expect(errors.reference).toMatchObject({ code: 'too_long', params: { limit: expect.any(Number) } });
    expect(errors.colour).toMatchObject({ code: 'unknown_field' });
    expect(errors.colour?.params).toBeUndefined();
  });

  it('query bounds and types: too_small, too_large, invalid_type', () => {
    expect(byField(refusal(() => validateQuery('listAccounts', { limit: '0' }))).limit).toMatchObject({
      code: 'too_small',
      params: { limit: 1 },
      message: 'must be >= 1',
    });
    expect(byField(refusal(() => validateQuery('listAccounts', { limit: '100000' }))).limit).toMatchObject({ code: 'too_large' });
    expect(byField(refusal(() => validateQuery('listAccounts', { page: 'x' }))).page).toMatchObject({
      code: 'invalid_type',
      params: { type: 'integer' },
    });
  });

  it('a body that is not an object, a NUL character and a hidden character have codes of their own', () => {
    expect(refusal(() => validateBody('CreateAccountRequest', [1]))).toEqual([
      { field: 'body', code: 'invalid_type', params: { type: 'object' }, message: 'must be a JSON object' },
    ]);
    expect(byField(refusal(() => validateBody('CreateAccountRequest', { email: 'a\u0000@b.co' }))).email).toMatchObject({
      code: 'unstorable',
    });
  });

  it('every code the validators give is one of the contract', () => {
    const codes = new Set<string>(CONTRACT_ENUMS.FieldErrorCode);
    const inputs: unknown[] = [{}, { type: 1 }, { email: '' }, { type: 'individual', email: 'a@b.co', reference: '\u202e' }];
    for (const input of inputs) {
      for (const e of refusal(() => validateBody('CreateAccountRequest', input)))
        expect(codes.has(e.code), `${e.field}: ${e.code}`).toBe(true);
    }
  });

  it('the dashboard words an error from its code and params, not from the English message', () => {
    const reworded = (e: Pick<FieldError, 'code' | 'params'>) => friendlyFieldMessage({ ...e, message: 'wording the server changed' });
    expect(reworded({ code: 'too_long', params: { limit: 100 } })).toBe('Use at most 100 characters');
    expect(reworded({ code: 'too_short', params: { limit: 3 } })).toBe('Type at least 3 characters');
    expect(reworded({ code: 'too_short', params: { limit: 1 } })).toBe('Must not be blank');
    expect(reworded({ code: 'required' })).toBe('Fill this in');
    expect(reworded({ code: 'not_allowed', params: { allowed: ['pending', 'completed'] } })).toBe('Choose one of: pending, completed');
    expect(reworded({ code: 'invalid_format', params: { format: 'uuid' } })).toMatch(/whole id/);
    expect(reworded({ code: 'too_precise', params: { limit: 2, currency: 'USD' } })).toBe('Use at most 2 decimal places for USD');
    // A rule of the operation has nothing more to say than the server's sentence.
    expect(friendlyFieldMessage({ code: 'invalid', message: 'is for ach only' })).toBe('Is for ach only');
  });
});
