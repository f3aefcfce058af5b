import type { Schemas } from '../core/contract.js';
import { fieldError, validationError } from '../core/errors.js';
import { deleteWorkspaceLogo } from '../core/workspaces/delete-workspace-logo.js';
import { getWorkspace } from '../core/workspaces/get-workspace.js';
import { setWorkspaceLogo } from '../core/workspaces/set-workspace-logo.js';
import { updateWorkspace } from '../core/workspaces/update-workspace.js';
import { authedProcedure, router, typed } from './init.js';
import { mutation } from './use-case.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** tRPC carries JSON: the logo travels as base64 and reaches the core as the same bytes REST sends. */
function logoBytes(input: { contentBase64?: unknown } | undefined): Uint8Array {
  const text = input?.contentBase64;
  if (typeof text !== 'string' || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw validationError([fieldError('contentBase64', 'invalid_format', 'must be the image in base64', { format: 'base64' })]);
  }
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** Dashboard: the workspace's settings (display name, support contact and logo shown to account holders). */
export const workspaceRouter = router({
  get: authedProcedure.query(({ ctx }) => getWorkspace(ctx.core)),
  update: mutation(typed<Schemas['UpdateWorkspaceRequest']>(), updateWorkspace, {}),
  setLogo: authedProcedure
    .input(typed<{ contentBase64: string }>())
    .mutation(({ ctx, input }) => setWorkspaceLogo(ctx.core, { content: logoBytes(input) })),
  deleteLogo: authedProcedure.mutation(({ ctx }) => deleteWorkspaceLogo(ctx.core)),
});
