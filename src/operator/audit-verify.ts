import { verifyAudit } from '../core/audit/verify-audit.js';
import type { Deps } from '../core/context.js';
import { assertUuid } from '../core/validation/uuid.js';
import { operatorWorkspace } from '../core/workspaces/operator-workspace.js';

type Options = Record<string, string | boolean | undefined>;

/** `fas audit verify [--workspace ID]`: the report, and a failure naming each broken record when there are any. */
export async function auditVerify(deps: Deps, o: Options): Promise<{ text: string; json: unknown; failure?: string }> {
  const workspaceId = typeof o.workspace === 'string' ? assertUuid('workspace', o.workspace) : undefined;
  if (workspaceId) await operatorWorkspace(deps, workspaceId);
  const report = await verifyAudit(deps, workspaceId ? { workspaceId } : {});
  const scope = workspaceId ? `workspace ${workspaceId}` : `${report.workspaces} workspace(s)`;
  const summary = `${scope}: ${report.records} records`;
  if (report.breaks.length === 0) return { json: { ok: true, ...report }, text: `audit log verified: ${summary}, chain intact` };
  const lines = report.breaks.map((b) => `${b.kind} workspace ${b.workspaceId} record ${b.seq}: ${b.detail}`);
  return {
    json: { ok: false, ...report },
    text: [`audit log broken: ${summary}`, ...lines].join('\n'),
    failure: `${report.breaks.length} audit chain break(s) found`,
  };
}
