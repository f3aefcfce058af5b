import type { TransactionDto } from './transaction-row.js';

export type TransactionStatus = TransactionDto['status'];

/** DESIGN.md "Transactions": the only allowed moves. `returned` is for bank transactions. */
export const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  pending: ['processing', 'canceled'],
  processing: ['completed', 'failed'],
  completed: ['returned'],
  failed: [],
  canceled: [],
  returned: [],
};

/** The statuses a transaction of this type may move to from `from`. */
export function nextStatuses(from: TransactionStatus, transactionType: string): readonly TransactionStatus[] {
  return TRANSITIONS[from].filter((s) => s !== 'returned' || transactionType === 'bank');
}
