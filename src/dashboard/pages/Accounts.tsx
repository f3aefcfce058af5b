import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { ErrorBox, Loading, Pager } from '../components/common.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const STATUSES = CONTRACT_ENUMS.AccountStatus;
const PATH = `${BASE}/accounts`;

export function Accounts() {
  const trpc = useTRPC();
  const query = useSearch();
  const input = {
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status as (typeof STATUSES)[number] } : {}),
    page: Number(query.page ?? 1) || 1,
    limit: Number(query.limit ?? 50) || 50,
  };
  const q = useQuery(trpc.accounts.list.queryOptions(input));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    navigate(withQuery(PATH, { search: String(f.get('search') ?? ''), status: String(f.get('status') ?? ''), limit: query.limit }));
  };
  return (
    <>
      <h1>Accounts</h1>
      <form className="filters" onSubmit={submit} key={JSON.stringify(query)}>
        <label>
          Search
          <input name="search" type="search" defaultValue={query.search ?? ''} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ''}>
            <option value="">any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <ErrorBox error={q.error} />
      {q.data ? (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Reference</th>
                <th scope="col">Created (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((a) => (
                <tr key={a.accountId}>
                  <td>
                    <Link to={`${PATH}/${a.accountId}`}>{a.email}</Link>
                  </td>
                  <td>{a.type}</td>
                  <td>{a.status}</td>
                  <td>{a.reference ?? '—'}</td>
                  <td>{a.createdAt.slice(0, 19).replace('T', ' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager path={PATH} query={query} page={q.data.page} limit={q.data.limit} total={q.data.total} />
        </>
      ) : q.isPending ? (
        <Loading what="accounts" />
      ) : null}
    </>
  );
}
