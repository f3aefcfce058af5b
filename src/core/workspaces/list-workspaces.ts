import type { Deps } from '../context.js';

export interface WorkspaceSummary {
  workspaceId: string;
  name: string;
  sandbox: boolean;
  createdAt: string;
}

/** Every workspace of the installation, oldest first: an operator's view (the CLI), never a tenant's. */
export async function listWorkspaces(deps: Pick<Deps, 'db'>): Promise<WorkspaceSummary[]> {
  const rows = await deps.db.workspace.findMany({
    select: { id: true, name: true, sandbox: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({ workspaceId: r.id, name: r.name, sandbox: r.sandbox, createdAt: r.createdAt.toISOString() }));
}
