import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../core/context.js';
import { type CreatedWorkspace, createWorkspace } from '../core/workspaces/create-workspace.js';
import type { Database } from '../db/database.js';

/**
 * First start on an empty database: create a sandbox workspace so a newcomer can call the API at
 * once. Its secrets are returned (to be printed once) and written to `credentials.json` (0600).
 */
export async function bootstrapSandbox(
  deps: Deps,
  database: Database,
  dataDir: string,
): Promise<{ created: CreatedWorkspace; file: string } | null> {
  const created = await database.migrations.withLock(async () => {
    if ((await deps.db.workspace.count()) > 0) return null;
    return createWorkspace(deps, {
      name: 'Sandbox',
      sandbox: true,
      adminEmail: 'admin@sandbox.local',
      actor: { kind: 'system', role: 'admin', name: 'server start' },
    });
  });
  if (!created) return null;
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'credentials.json');
  await writeFile(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return { created, file };
}
