import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { SessionContext, useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';
import { ConfirmButton } from './ConfirmButton.js';
import { ErrorBox, Section } from './layout.js';
import { ListTable } from './tables.js';
import { DateTime, StatusBadge } from './values.js';

type Member = Outputs['admins']['list']['data'][number];

/**
 * The workspace's admins and analysts. Revoking one revokes their tokens and ends their dashboard
 * sessions at once (the server refuses their next request); nobody revokes themselves here.
 */
export function TeamSection() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const me = useContext(SessionContext).email;
  const team = useQuery(trpc.admins.list.queryOptions());
  const revoke = useMutation(
    trpc.admins.revoke.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.admins.list.queryKey() }) }),
  );
  const revokeButton = (m: Member) => (
    <ConfirmButton
      label={`Revoke ${m.email}`}
      question={`Revoke ${m.email}? Their tokens stop working and their dashboard sessions end at once.`}
      disabled={revoke.isPending}
      onConfirm={() => revoke.mutate({ adminId: m.adminId })}
    >
      Revoke
    </ConfirmButton>
  );
  return (
    <Section id="team" title="Team">
      <ErrorBox error={revoke.error} />
      <ListTable
        query={team}
        label="Admins and analysts"
        loading="the team"
        empty={{ title: 'No admins or analysts.' }}
        rowKey={(m) => m.adminId}
        columns={[
          { header: 'Email', cell: (m) => m.email, primary: true },
          { header: 'Role', cell: (m) => (m.role === 'admin' ? 'Admin' : 'Analyst (read-only)') },
          { header: 'State', cell: (m) => <StatusBadge status={m.activeTokens > 0 ? 'active' : 'revoked'} /> },
          { header: 'Created', cell: (m) => <DateTime iso={m.createdAt} /> },
          ...(canWrite
            ? [
                {
                  header: 'Actions',
                  cell: (m: Member) =>
                    // Nobody revokes themselves here: their own row says whose it is instead.
                    m.email === me ? <span className="muted">You</span> : m.activeTokens > 0 ? revokeButton(m) : null,
                },
              ]
            : []),
        ]}
      />
    </Section>
  );
}
