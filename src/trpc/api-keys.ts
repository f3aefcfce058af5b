import type { Schemas } from '../core/contract.js';
import { createApiKey } from '../core/workspaces/create-api-key.js';
import { listApiKeys } from '../core/workspaces/list-api-keys.js';
import { revokeApiKey } from '../core/workspaces/revoke-api-key.js';
import { authedProcedure, router, typed } from './init.js';

/** Dashboard: the workspace's API keys. Revocation takes effect on the next request. */
export const apiKeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiKeys(ctx.core)),
  create: authedProcedure
    .input(typed<Schemas['CreateApiKeyRequest'] | undefined>())
    .mutation(({ ctx, input }) => createApiKey(ctx.core, input ?? {})),
  revoke: authedProcedure
    .input(typed<{ apiKeyId: string }>())
    .mutation(({ ctx, input }) => revokeApiKey(ctx.core, input ?? { apiKeyId: '' })),
});
