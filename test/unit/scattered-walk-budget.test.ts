import { describe, expect, it } from 'vitest';
import type { CountedSearch } from '../../src/core/transactions/search-filter-sql.js';
import { scatteredBudget } from '../../src/core/transactions/search-word-costs.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';

const search = (status?: string): CountedSearch =>
  ({
    workspaceId: '00000000-0000-4000-8000-000000000000',
    search: 'soylent',
    status,
    range: parseDateRange(undefined, undefined),
  }) as CountedSearch;

describe('the walk budget of a search with a status (search-word-costs.ts)', () => {
  it('is a quarter of the rows for a status walked through its scattered index, unchanged otherwise', () => {
    // A status other than completed: its index's rows lie scattered over the table.
    for (const status of ['pending', 'processing', 'failed', 'canceled', 'returned'])
      expect(scatteredBudget(search(status), 20_000), status).toBe(5_000);
    // Completed (most rows) and no status walk as before.
    expect(scatteredBudget(search('completed'), 20_000)).toBe(20_000);
    expect(scatteredBudget(search(), 20_000)).toBe(20_000);
    // A test's budget of one row stays one (a walk still possible); none stays none (never a walk).
    expect(scatteredBudget(search('failed'), 1)).toBe(1);
    expect(scatteredBudget(search('failed'), 0)).toBe(0);
  });
});
