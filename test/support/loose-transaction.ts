import type { Schemas } from '../../src/core/contract.js';

/**
 * The contract's `Transaction` (a union discriminated by `transactionType`) read as tests read
 * it: any of the three details objects may be asked for, and is undefined on the other variants.
 */
export type LooseTransaction = Schemas['Transaction'] & {
  bankTransactionDetails?: Schemas['BankTransactionDetails'];
  cryptoTransactionDetails?: Schemas['CryptoTransactionDetails'];
  tradeTransactionDetails?: Schemas['TradeTransactionDetails'];
};

/** A transaction (or a list's `data`) as a `LooseTransaction`. */
export const loose = <T extends Schemas['Transaction']>(t: T): LooseTransaction => t;
