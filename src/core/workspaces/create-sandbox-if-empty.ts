import type { Deps } from '../context.js';
import type { ExclusiveLock } from '../ports.js';
import { type CreatedWorkspace, createWorkspace } from './create-workspace.js';

/**
 * First start on an empty database: creates a sandbox workspace so a newcomer can call the API at
 * once, under `lock` so two processes starting together create one. Answers it (its secrets, to be
 * shown once), or null when a workspace exists already.
 */
export async function createSandboxIfEmpty(deps: Deps, lock: ExclusiveLock): Promise<CreatedWorkspace | null> {
  return lock.withLock(async () => {
    if ((await deps.db.workspace.count()) > 0) return null;
    return createWorkspace(deps, {
      name: 'Sandbox',
      sandbox: true,
      adminEmail: 'admin@sandbox.local',
      actor: { kind: 'system', role: 'admin', name: 'server start' },
    });
  });
}
