import type { Schemas } from '../core/contract.js';
import { createApiKey } from '../core/workspaces/create-api-key.js';
import { listApiKeys } from '../core/workspaces/list-api-keys.js';
import { revokeApiKey } from '../core/workspaces/revoke-api-key.js';
import { authedProcedure, router, typed } from './init.js';
import { mutation } from './use-case.js';

/** Dashboard: the workspace's API keys. Revocation takes effect on the next request. */
export const apiKeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiKeys(ctx.core)),
  create: mutation(typed<Schemas['CreateApiKeyRequest'] | undefined>(), createApiKey, {}),
  revoke: mutation(typed<{ apiKeyId: string }>(), revokeApiKey, { apiKeyId: '' }),
});
