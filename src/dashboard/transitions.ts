/** The moves the server allows (core `TRANSITIONS`); `returned` is for bank transactions only. */
const NEXT: Record<string, readonly string[]> = {
  pending: ['processing', 'canceled'],
  processing: ['completed', 'failed'],
  completed: ['returned'],
};

export function nextStatuses(status: string, transactionType: string): string[] {
  return (NEXT[status] ?? []).filter((s) => s !== 'returned' || transactionType === 'bank');
}
