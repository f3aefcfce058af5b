import { getOverview, type OverviewRange } from '../core/overview/get-overview.js';
import { router, typed } from './init.js';
import { query } from './use-case.js';

/** Dashboard: the overview page's figures over the last 7, 30 (default) or 90 days. */
export const overviewRouter = router({
  get: query(typed<{ days?: OverviewRange } | undefined>(), getOverview, {}),
});
