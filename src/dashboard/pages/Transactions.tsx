import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { ErrorBox, Loading, Pager } from '../components/common.js';
import { amountOf, formatTime, fromRfc3339, localZoneName, toRfc3339, type Zone } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const PATH = `${BASE}/transactions`;
const STATUSES = CONTRACT_ENUMS.TransactionStatus;
const FILTERS = ['search', 'accountId', 'transactionType', 'status', 'coin', 'startDate', 'endDate'] as const;

/** Every filter of GET /api/v2/transactions, kept in the URL under the same names. */
export function Transactions() {
  const trpc = useTRPC();
  const query = useSearch();
  const zone: Zone = query.tz === 'local' ? 'local' : 'utc';
  const input: Record<string, string | number> = { page: Number(query.page ?? 1) || 1, limit: Number(query.limit ?? 50) || 50 };
  for (const f of FILTERS) if (query[f]) input[f] = query[f];
  const q = useQuery({ ...trpc.transactions.list.queryOptions(input as never), placeholderData: (prev) => prev });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const z = (String(f.get('tz')) === 'local' ? 'local' : 'utc') as Zone;
    const values: Record<string, string> = { tz: z === 'local' ? 'local' : '', limit: String(f.get('limit') ?? '') };
    for (const name of ['search', 'accountId', 'transactionType', 'status', 'coin'] as const)
      values[name] = String(f.get(name) ?? '').trim();
    values.startDate = toRfc3339(String(f.get('startDate') ?? ''), z);
    values.endDate = toRfc3339(String(f.get('endDate') ?? ''), z);
    navigate(withQuery(PATH, values));
  };
  return (
    <>
      <h1>Transactions</h1>
      <form className="filters" onSubmit={submit} key={JSON.stringify(query)}>
        <label>
          Search
          <input name="search" type="search" minLength={3} maxLength={255} defaultValue={query.search ?? ''} />
        </label>
        <label>
          Account id
          <input name="accountId" defaultValue={query.accountId ?? ''} />
        </label>
        <label>
          Type
          <select name="transactionType" defaultValue={query.transactionType ?? ''}>
            <option value="">any</option>
            <option>bank</option>
            <option>crypto</option>
            <option>trade</option>
          </select>
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
        <label>
          Coin
          <input name="coin" size={6} defaultValue={query.coin ?? ''} />
        </label>
        <fieldset>
          <legend>Time zone</legend>
          <label>
            <input type="radio" name="tz" value="utc" defaultChecked={zone === 'utc'} /> UTC
          </label>
          <label>
            <input type="radio" name="tz" value="local" defaultChecked={zone === 'local'} /> Local ({localZoneName()})
          </label>
        </fieldset>
        <label>
          From
          <input name="startDate" type="datetime-local" step={1} defaultValue={fromRfc3339(query.startDate, zone)} />
        </label>
        <label>
          To
          <input name="endDate" type="datetime-local" step={1} defaultValue={fromRfc3339(query.endDate, zone)} />
        </label>
        <label>
          Per page
          <select name="limit" defaultValue={query.limit ?? '50'}>
            <option>25</option>
            <option>50</option>
            <option>100</option>
          </select>
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <ErrorBox error={q.error} />
      {q.data ? (
        <>
          <table aria-busy={q.isFetching}>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Coins</th>
                <th scope="col">Amount</th>
                <th scope="col">Account</th>
                <th scope="col">Created ({zone === 'utc' ? 'UTC' : localZoneName()})</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link to={`${PATH}/${t.id}`}>{t.id.slice(0, 8)}</Link>
                  </td>
                  <td>{t.transactionType}</td>
                  <td>{t.status}</td>
                  <td>{t.coins.join('/')}</td>
                  <td>{amountOf(t)}</td>
                  <td>
                    <Link to={`${BASE}/accounts/${t.accountId}`}>{t.account?.email ?? t.accountId.slice(0, 8)}</Link>
                  </td>
                  <td>{formatTime(t.createdAt, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager path={PATH} query={query} page={q.data.page} limit={q.data.limit} total={q.data.total} />
        </>
      ) : q.isPending ? (
        <Loading what="transactions" />
      ) : null}
    </>
  );
}
