import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../core/context.js';
import type { ExclusiveLock } from '../core/ports.js';
import { createSandboxIfEmpty } from '../core/workspaces/create-sandbox-if-empty.js';
import type { CreatedWorkspace } from '../core/workspaces/create-workspace.js';

/**
 * First start on an empty database: the core creates a sandbox workspace (src/core/workspaces/
 * create-sandbox-if-empty.ts); its secrets are returned (to be printed once) and written to
 * `credentials.json` (0600).
 */
export async function bootstrapSandbox(
  deps: Deps,
  database: { migrations: ExclusiveLock },
  dataDir: string,
): Promise<{ created: CreatedWorkspace; file: string } | null> {
  const created = await createSandboxIfEmpty(deps, database.migrations);
  if (!created) return null;
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'credentials.json');
  await writeFile(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return { created, file };
}
