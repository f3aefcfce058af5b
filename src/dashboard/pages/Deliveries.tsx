import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { ErrorBox, Loading, Pager } from '../components/common.js';
import { formatTime } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const PATH = `${BASE}/webhooks/deliveries`;

export function Deliveries() {
  const trpc = useTRPC();
  const query = useSearch();
  const targets = useQuery(trpc.webhookTargets.list.queryOptions({ limit: 100 }));
  const input = {
    page: Number(query.page ?? 1) || 1,
    limit: Number(query.limit ?? 50) || 50,
    ...(query.targetId ? { targetId: query.targetId } : {}),
    // The server refuses values outside the contract's enums; the URL is passed as typed.
    ...(query.status ? { status: query.status as (typeof CONTRACT_ENUMS.DeliveryStatus)[number] } : {}),
    ...(query.type ? { type: query.type as (typeof CONTRACT_ENUMS.EventType)[number] } : {}),
  };
  const q = useQuery(trpc.webhookDeliveries.list.queryOptions(input));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    navigate(
      withQuery(PATH, {
        targetId: String(f.get('targetId') ?? ''),
        status: String(f.get('status') ?? ''),
        type: String(f.get('type') ?? '').trim(),
      }),
    );
  };
  return (
    <>
      <h1>Webhook deliveries</h1>
      <form className="filters" onSubmit={submit} key={JSON.stringify(query)}>
        <label>
          Target
          <select name="targetId" defaultValue={query.targetId ?? ''}>
            <option value="">any</option>
            {targets.data?.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.url}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ''}>
            <option value="">any</option>
            {CONTRACT_ENUMS.DeliveryStatus.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Event type
          <input name="type" defaultValue={query.type ?? ''} placeholder="e.g. account_created" />
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <ErrorBox error={q.error} />
      {q.data ? (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">Delivery</th>
                <th scope="col">Event type</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Created (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`${PATH}/${d.id}`}>{d.id.slice(0, 8)}</Link>
                  </td>
                  <td>{d.type}</td>
                  <td>{d.status}</td>
                  <td>{d.attempts}</td>
                  <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
                  <td>{formatTime(d.createdAt, 'utc')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager path={PATH} query={query} page={q.data.page} limit={q.data.limit} total={q.data.total} />
        </>
      ) : q.isPending ? (
        <Loading what="deliveries" />
      ) : null}
    </>
  );
}
