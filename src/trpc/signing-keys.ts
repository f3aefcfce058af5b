import { listSigningKeys } from '../core/webhooks/list-signing-keys.js';
import { authedProcedure, router } from './init.js';

/** Dashboard: the webhook signing keys, read-only (rotation is `fas keys rotate`). */
export const signingKeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listSigningKeys(ctx.core)),
});
