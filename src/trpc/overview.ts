import { getOverview } from '../core/overview/get-overview.js';
import { authedProcedure, router } from './init.js';

/** Dashboard: the overview page's figures. */
export const overviewRouter = router({
  get: authedProcedure.query(({ ctx }) => getOverview(ctx.core)),
});
