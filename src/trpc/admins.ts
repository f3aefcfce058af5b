import { listAdmins } from '../core/workspaces/list-admins.js';
import { revokeAdmin } from '../core/workspaces/revoke-admin.js';
import { authedProcedure, router, typed } from './init.js';
import { mutation } from './use-case.js';

/** Dashboard: the workspace's admins and analysts (its team); revoking one ends their sessions at once. */
export const adminsRouter = router({
  list: authedProcedure.query(async ({ ctx }) => ({ data: await listAdmins(ctx.core) })),
  revoke: mutation(typed<{ adminId: string }>(), revokeAdmin, { adminId: '' }),
});
