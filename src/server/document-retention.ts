import type { Deps } from '../core/context.js';
import { applyDocumentRetention } from '../core/retention/apply-document-retention.js';

const EVERY_MS = 10 * 60_000;

/**
 * Applies the workspaces' document retention every 10 minutes (in the webhook worker): each round
 * removes at most a bounded number of documents (core/retention) and logs how many, by workspace
 * (ids only, never a name or a file name).
 */
export function startDocumentRetention(deps: Deps, opts: { onError: (err: unknown) => void }): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  const tick = () => {
    round = applyDocumentRetention(deps)
      .then((removed) => {
        if (removed.length === 0) return;
        const byWorkspace: Record<string, number> = {};
        for (const r of removed) byWorkspace[r.workspaceId] = (byWorkspace[r.workspaceId] ?? 0) + 1;
        process.stdout.write(
          `${JSON.stringify({ level: 30, msg: 'document retention removed documents', count: removed.length, byWorkspace })}\n`,
        );
      })
      .catch(opts.onError);
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
