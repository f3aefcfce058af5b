import type { Deps } from '../core/context.js';
import { verifyLedger } from '../core/ledger/verify-ledger.js';
import { assertUuid } from '../core/validation/uuid.js';
import { operatorWorkspace } from '../core/workspaces/operator-workspace.js';

type Options = Record<string, string | boolean | undefined>;

/** `fas ledger verify [--workspace ID]`: the report, and a failure naming the drifts when there are any. */
export async function ledgerVerify(deps: Deps, o: Options): Promise<{ text: string; json: unknown; failure?: string }> {
  const workspaceId = typeof o.workspace === 'string' ? assertUuid('workspace', o.workspace) : undefined;
  if (workspaceId) await operatorWorkspace(deps, workspaceId);
  const report = await verifyLedger(deps, workspaceId ? { workspaceId } : {});
  const scope = workspaceId ? `workspace ${workspaceId}` : 'every workspace';
  const summary = `${scope}: ${report.entries} entries, ${report.balances} balances`;
  const legacy = report.negative
    ? `\n${report.negative} balance(s) below zero available: history older than the ledger (docs/operations.md "Ledger"), not drift`
    : '';
  if (report.drifts.length === 0) return { json: { ok: true, ...report }, text: `ledger verified: ${summary}, no drift${legacy}` };
  const lines = report.drifts.map(
    (d) => `drift (${d.kind}) workspace ${d.workspaceId}${d.accountId ? ` account ${d.accountId}` : ''}: ${d.detail}`,
  );
  return {
    json: { ok: false, ...report },
    text: [`ledger drift: ${summary}`, ...lines].join('\n') + legacy,
    failure: `${report.drifts.length} ledger drift(s) found`,
  };
}
