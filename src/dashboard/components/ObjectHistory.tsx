import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { Link, withQuery } from '../router.js';
import { SessionContext } from '../session.js';
import { useTRPC } from '../trpc.js';
import { AUDIT_PATH, useAuditColumns } from './AuditRecords.js';
import { Section } from './layout.js';
import { PagedTable } from './tables.js';

/** How many of an object's latest records its page shows; the audit log page has the rest. */
const SHOWN = 10;

/**
 * An object's own history from the audit log: who changed it, when and what, newest first. Admins
 * only (the audit log is theirs): nothing at all for an analyst. `objectType` left out matches
 * every record about the id (an account and its verification share theirs).
 */
export function ObjectHistory(props: {
  objectType?: string;
  objectId: string;
  enabled?: boolean;
  title?: string;
  /** Shown above the records (which object, a way to close). */
  intro?: ReactNode;
}) {
  const admin = useContext(SessionContext).role === 'admin';
  const trpc = useTRPC();
  const filter = { objectId: props.objectId, ...(props.objectType ? { objectType: props.objectType } : {}) };
  const q = useQuery(trpc.auditLog.list.queryOptions({ ...filter, limit: SHOWN }, { enabled: admin && props.enabled !== false }));
  const columns = useAuditColumns({ object: false });
  if (!admin) return null;
  return (
    <Section
      id={`audit-${props.objectId}`}
      title={props.title ?? 'History'}
      actions={<Link to={withQuery(AUDIT_PATH, filter)}>All of it in the audit log</Link>}
    >
      {props.intro}
      <PagedTable
        query={q}
        label="history"
        rowKey={(r) => r.seq}
        columns={columns}
        empty={{ title: 'Nothing recorded yet.', hint: 'Changes to it, and reads of its sensitive data, are recorded from now on.' }}
      />
    </Section>
  );
}
