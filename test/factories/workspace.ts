import { createContext, type Deps } from '../../src/core/context.js';
import { createAdmin } from '../../src/core/workspaces/create-admin.js';
import { createWorkspace } from '../../src/core/workspaces/create-workspace.js';

let n = 0;

/** A fresh workspace with an API key, an admin token and an analyst token. */
export async function workspaceFactory(deps: Deps, name = 'Test') {
  n += 1;
  const ws = await createWorkspace(deps, {
    name: `${name} ${n}`,
    sandbox: true,
    adminEmail: `admin${n}-${Date.now()}@example.com`,
  });
  const ctx = createContext(deps, { workspaceId: ws.workspaceId, sandbox: true, actor: { kind: 'system', role: 'admin' } });
  const analyst = await createAdmin(ctx, { email: `analyst${n}@example.com`, role: 'analyst' });
  return {
    workspaceId: ws.workspaceId,
    apiKey: ws.apiKey.key,
    apiKeyId: ws.apiKey.apiKeyId,
    adminToken: ws.admin.token,
    adminId: ws.admin.adminId,
    adminEmail: ws.admin.email,
    analystToken: analyst.token,
    ctx,
  };
}
