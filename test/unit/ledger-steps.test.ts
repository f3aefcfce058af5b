import { describe, expect, it } from 'vitest';
import { availableOf, balanceChange, entriesFor, LEDGER_STEPS } from '../../src/core/ledger/ledger-steps.js';
import { balanced, directionOf, legsOf } from '../../src/core/ledger/legs.js';
import { Decimal } from '../../src/core/transactions/money.js';
import { TRANSITIONS } from '../../src/core/transactions/status-transitions.js';

const withdrawal = {
  id: 'w',
  accountId: 'a',
  transactionType: 'bank',
  detailType: 'withdrawal',
  coin: 'USD',
  amount: '100.00',
  fee: '0.25',
  total: '100.25',
};
const deposit = {
  id: 'd',
  accountId: 'a',
  transactionType: 'crypto',
  detailType: 'deposit',
  coin: 'ETH',
  amount: '1.5',
  fee: '0',
  total: '1.5',
};
const buy = {
  id: 'b',
  accountId: 'a',
  transactionType: 'trade',
  detailType: 'market',
  coin: 'BTC',
  amount: '0.01000000',
  fee: '3.25',
  total: '653.25',
  side: 'buy',
  quoteQuantity: '650.00',
  quoteCurrency: 'USD',
};
const sell = { ...buy, side: 'sell', total: '646.75' };

describe('the ledger step table', () => {
  it('names exactly the creation and every edge of the status transition table', () => {
    const edges = Object.entries(TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}->${to}`));
    expect(Object.keys(LEDGER_STEPS).sort()).toEqual(['created->pending', ...edges].sort());
  });

  it('what each step does to a withdrawal of 100.00 + 0.25 fee', () => {
    const change = (from: Parameters<typeof entriesFor>[1], to: Parameters<typeof entriesFor>[2]) =>
      entriesFor(withdrawal, from, to).map((e) => {
        const c = balanceChange(e);
        return {
          type: e.type,
          posted: c.posted.toFixed(2),
          in: c.pendingIn.toFixed(2),
          out: c.pendingOut.toFixed(2),
          available: availableOf(c).toFixed(2),
        };
      });
    expect(change(null, 'pending')).toEqual([{ type: 'hold', posted: '0.00', in: '0.00', out: '100.25', available: '-100.25' }]);
    expect(change('pending', 'processing')).toEqual([]);
    expect(change('pending', 'canceled')).toEqual([{ type: 'release', posted: '0.00', in: '0.00', out: '-100.25', available: '100.25' }]);
    expect(change('processing', 'failed')).toEqual([{ type: 'release', posted: '0.00', in: '0.00', out: '-100.25', available: '100.25' }]);
    expect(change('processing', 'completed')).toEqual([
      { type: 'settle', posted: '-100.25', in: '0.00', out: '-100.25', available: '0.00' },
    ]);
    expect(change('completed', 'returned')).toEqual([{ type: 'post', posted: '100.25', in: '0.00', out: '0.00', available: '100.25' }]);
  });

  it('a deposit is pending incoming, then posted', () => {
    const [hold] = entriesFor(deposit, null, 'pending');
    expect(balanceChange(hold!)).toMatchObject({ pendingIn: new Decimal('1.5'), pendingOut: new Decimal(0) });
    const [settle] = entriesFor(deposit, 'processing', 'completed');
    expect(availableOf(balanceChange(settle!)).toString()).toBe('1.5');
  });

  it('legs balance in each currency; a buy spends the quote total, a sell the base quantity', () => {
    for (const t of [withdrawal, deposit, buy, sell]) for (const l of legsOf(t)) expect(balanced(l), `${t.id} ${l.currency}`).toBe(true);
    expect(legsOf(buy).map((l) => [l.currency, l.amount.toString(), l.fees.toString(), l.tradingDesk.toString()])).toEqual([
      ['BTC', '0.01', '0', '-0.01'],
      ['USD', '-653.25', '3.25', '650'],
    ]);
    expect(legsOf(sell).map((l) => [l.currency, l.amount.toString(), l.fees.toString(), l.tradingDesk.toString()])).toEqual([
      ['BTC', '-0.01', '0', '0.01'],
      ['USD', '646.75', '3.25', '-650'],
    ]);
    expect(legsOf(withdrawal).map((l) => [l.amount.toString(), l.clearing.toString(), l.fees.toString()])).toEqual([
      ['-100.25', '100', '0.25'],
    ]);
  });

  it('direction: deposits in, withdrawals out, trades exchange', () => {
    expect(['deposit', 'withdrawal', 'withdraw', 'market'].map(directionOf)).toEqual(['in', 'out', 'out', 'exchange']);
  });
});
