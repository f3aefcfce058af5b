import type { FastifyInstance } from 'fastify';
import { deleteWorkspaceLogo } from '../../core/workspaces/delete-workspace-logo.js';
import { getWorkspace } from '../../core/workspaces/get-workspace.js';
import { setWorkspaceLogo } from '../../core/workspaces/set-workspace-logo.js';
import { updateWorkspace } from '../../core/workspaces/update-workspace.js';

/** The caller's workspace settings; the logo's body is the image itself. */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v2/workspace', async (req) => getWorkspace(req.ctx));
  app.patch('/api/v2/workspace', async (req) => updateWorkspace(req.ctx, req.body));
  app.delete('/api/v2/workspace/logo', async (req) => deleteWorkspaceLogo(req.ctx));
  await app.register(async (scope) => {
    // Any body type reaches the use case as bytes (JSON stays parsed as JSON): the image is
    // recognised by its content there, and anything else gets a refusal that says what to send.
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.put('/api/v2/workspace/logo', async (req) => setWorkspaceLogo(req.ctx, { content: req.body }));
  });
}
