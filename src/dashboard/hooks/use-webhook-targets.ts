import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { recoverSinceFor } from '../components/RecoverFailed.js';
import { type Outputs, useTRPC } from '../trpc.js';

export type Target = Outputs['webhookTargets']['list']['data'][number];

/** How often the targets' states are read again while the page is open. */
const TARGETS_REFRESH_MS = 10_000;

/**
 * The Webhooks page's data: the targets (polled), the signing keys, the target actions, and which
 * target is being edited, tested, recovered or shown with its history.
 */
export function useWebhookTargets() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [recovering, setRecovering] = useState<{ targetId: string; url: string; since: string } | null>(null);
  const [testing, setTesting] = useState<{ targetId: string; url: string } | null>(null);
  const [history, setHistory] = useState<Target | null>(null);
  // The state changes without us (the service disables a target whose retries ran out): polled,
  // and read again when the window gets focus and after every action, so it never says Active when it is not.
  const targets = useQuery(
    trpc.webhookTargets.list.queryOptions({ limit: 100 }, { refetchInterval: TARGETS_REFRESH_MS, refetchOnWindowFocus: 'always' }),
  );
  const keys = useQuery(trpc.signingKeys.list.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
  const enable = useMutation(trpc.webhookTargets.enable.mutationOptions({ onSettled: refresh }));
  const pause = useMutation(trpc.webhookTargets.pause.mutationOptions({ onSettled: refresh }));
  const resume = useMutation(trpc.webhookTargets.resume.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.webhookTargets.delete.mutationOptions({ onSettled: refresh }));
  const recover = (t: Target) => setRecovering({ targetId: t.id, url: t.url, since: recoverSinceFor(t.disabledAt) });
  return {
    targets,
    keys,
    error: enable.error ?? pause.error ?? resume.error ?? remove.error,
    editing,
    setEditing,
    recovering,
    setRecovering,
    testing,
    setTesting,
    history,
    setHistory,
    actions: {
      edit: (t: Target) => setEditing(t.id),
      test: (t: Target) => setTesting({ targetId: t.id, url: t.url }),
      pause: (t: Target) => pause.mutate({ targetId: t.id }),
      resume: (t: Target) => resume.mutate({ targetId: t.id }),
      recover,
      // Enabled again: offer to resend what failed during the outage.
      enable: (t: Target) => enable.mutate({ targetId: t.id }, { onSuccess: () => recover(t) }),
      history: (t: Target) => setHistory(t),
      remove: (t: Target) => remove.mutate({ targetId: t.id }),
    },
  };
}

export type TargetActions = ReturnType<typeof useWebhookTargets>['actions'];
