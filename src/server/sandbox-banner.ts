import type { CreatedWorkspace } from '../core/workspaces/create-workspace.js';

/** Where a line can go: a process stream (its `isTTY` says whether a person is reading it). */
export interface BannerStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface SandboxBoot {
  created: CreatedWorkspace;
  file: string;
}

/**
 * The first start's secrets, shown once on a terminal and nowhere else: stdout when it is a
 * terminal, else stderr when that one is. The JSON log (stdout, usually collected and shipped) gets
 * only a line naming the file that holds them (mode 0600), never a secret, so a log collector or a
 * container log never holds a working credential.
 */
export function announceSandbox(
  boot: SandboxBoot,
  publicUrl: string,
  out: { stdout: BannerStream; stderr: BannerStream; log: (fields: Record<string, unknown>, msg: string) => void },
): void {
  const terminal = out.stdout.isTTY ? out.stdout : out.stderr.isTTY ? out.stderr : null;
  const fields = { workspaceId: boot.created.workspaceId, file: boot.file, shownOnTerminal: terminal !== null };
  out.log(fields, 'created a sandbox workspace on this empty database; its secrets are in the credentials file (mode 0600)');
  if (terminal) terminal.write(secretsText(boot, publicUrl));
}

function secretsText(boot: SandboxBoot, publicUrl: string): string {
  const c = boot.created;
  return [
    '',
    'Created a sandbox workspace on this empty database. These secrets are shown once:',
    `  workspaceId:  ${c.workspaceId}`,
    `  API key:      ${c.apiKey.key}`,
    `  admin token:  ${c.admin.token}  (${c.admin.email})`,
    `  saved to:     ${boot.file} (mode 0600)`,
    '',
    `  curl -s -H "Authorization: APIKey ${c.apiKey.key}" ${publicUrl}/api/v2/accounts`,
    '',
    '',
  ].join('\n');
}
