import { Prisma } from '../../db/generated/prisma/client.js';
import type { TransactionStatus } from './status-transitions.js';

// A search group's counts by status (migration `search_group_statuses`): kept by search-groups.ts,
// summed by a search with a status (search-dense.ts).

/** Each status's column of a group's count by status (`search_groups.n_<status>`). */
export const GROUP_STATUS_COLUMNS: Readonly<Record<TransactionStatus, string>> = {
  pending: 'n_pending',
  processing: 'n_processing',
  completed: 'n_completed',
  failed: 'n_failed',
  canceled: 'n_canceled',
  returned: 'n_returned',
};

/** The statuses, in the order of their columns. */
export const GROUP_STATUSES = Object.keys(GROUP_STATUS_COLUMNS) as TransactionStatus[];

/** The column of `status`'s count (`n_<status>`); refuses anything but a status. */
export function groupStatusName(status: string): string {
  if (!Object.hasOwn(GROUP_STATUS_COLUMNS, status)) throw new Error(`not a transaction status: ${status}`);
  return GROUP_STATUS_COLUMNS[status as TransactionStatus];
}

/** `status`'s count on `alias` (a `search_groups` row). */
export const groupStatusColumn = (alias: string, status: string): Prisma.Sql => Prisma.raw(`${alias}.${groupStatusName(status)}`);
