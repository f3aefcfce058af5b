import { describe, expect, it } from 'vitest';
import { amountOf, Decimal, fixed } from '../../src/core/transactions/money.js';

describe('money', () => {
  it.each([
    ['100', 'USD', '100.00'],
    ['0.125', 'ETH', '0.12500000'],
    ['1.005', 'BTC', '1.00500000'],
  ])('%s %s is stored as %s', (value, currency, stored) => {
    expect(fixed(amountOf('amount', value, currency), currency)).toBe(stored);
  });

  it('refuses an amount finer than its currency, naming the field', () => {
    expect(() => amountOf('amount', '1.005', 'USD')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'amount',
            code: 'too_precise',
            params: { limit: 2, currency: 'USD' },
            message: 'must have at most 2 decimal places for USD',
          },
        ],
      }),
    );
  });

  it('rounds half to even at the scale, in decimal (no binary float)', () => {
    expect(fixed(new Decimal('0.125'), 'USD')).toBe('0.12');
    expect(fixed(new Decimal('0.135'), 'USD')).toBe('0.14');
    expect(fixed(new Decimal('0.1').plus('0.2'), 'USD')).toBe('0.30');
  });
});
