import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { BASE, Link } from '../router.js';
import { useSandboxWriter } from '../session.js';
import { nextStatuses } from '../transitions.js';
import { useTRPC } from '../trpc.js';
import { ErrorBox } from './common.js';
import { SelectFilter, TextFilter } from './filters.js';

const HOLDER_ACTIONS = ['document_upload_received', 'documents_uploaded', 'terms_signed'] as const;
const OUTCOMES = ['completed', 'needs_update'] as const;
const KYB_DOCUMENTS = ['articles_of_incorporation', 'ein_letter', 'ownership_structure', 'other'] as const;
/** Coin/network pairs offered; the server checks the pair against its own catalogue anyway. */
const CRYPTO_PAIRS = [
  'BTC/bitcoin',
  'ETH/ethereum',
  'USDC/ethereum',
  'USDC/solana',
  'USDC/polygon',
  'USDT/ethereum',
  'USDT/tron',
  'SOL/solana',
];

/** Every simulation refreshes what the page shows (statuses, history, transactions). */
function useRefresh() {
  const qc = useQueryClient();
  return { onSuccess: () => qc.invalidateQueries() };
}

/** Sandbox workspaces only: the provider's and the holder's side of KYC, or KYB for a business. */
export function SandboxKycActions({ accountId, accountType }: { accountId: string; accountType: 'individual' | 'business' }) {
  const trpc = useTRPC();
  const done = useRefresh();
  const outcome = useMutation(trpc.simulations.kycOutcome.mutationOptions(done));
  const holder = useMutation(trpc.simulations.kycHolderAction.mutationOptions(done));
  const kyb = useMutation(trpc.simulations.kybEvent.mutationOptions(done));
  if (!useSandboxWriter()) return null;
  const uploadKyb = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const documentType = String(new FormData(e.currentTarget).get('documentType')) as (typeof KYB_DOCUMENTS)[number];
    kyb.mutate({ accountId, event: 'document_uploaded', documentType });
  };
  return (
    <section aria-labelledby="sim-h">
      <h2 id="sim-h">Sandbox simulations</h2>
      {accountType === 'business' ? (
        <>
          <p>
            <button type="button" onClick={() => kyb.mutate({ accountId, event: 'submitted' })} disabled={kyb.isPending}>
              KYB: submitted
            </button>
          </p>
          <form onSubmit={uploadKyb} className="filters" aria-label="KYB document upload">
            <SelectFilter label="KYB document type" name="documentType" options={KYB_DOCUMENTS} any={false} />
            <button type="submit" disabled={kyb.isPending}>
              KYB: document uploaded
            </button>
          </form>
          {kyb.isSuccess ? <output>KYB event sent; the account is {kyb.data.status}.</output> : null}
        </>
      ) : (
        <>
          <p>
            {HOLDER_ACTIONS.map((action) => (
              <button key={action} type="button" onClick={() => holder.mutate({ accountId, action })} disabled={holder.isPending}>
                Holder: {action.replaceAll('_', ' ')}
              </button>
            ))}
          </p>
          <p>
            {OUTCOMES.map((o) => (
              <button key={o} type="button" onClick={() => outcome.mutate({ accountId, outcome: o })} disabled={outcome.isPending}>
                KYC outcome: {o.replace('_', ' ')}
              </button>
            ))}
          </p>
        </>
      )}
      <ErrorBox error={outcome.error ?? holder.error ?? kyb.error} />
      <SandboxDeposit accountId={accountId} />
    </section>
  );
}

/** An incoming bank transfer or on-chain deposit arrives for the account. */
function SandboxDeposit({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const done = useRefresh();
  const bank = useMutation(trpc.simulations.bankDeposit.mutationOptions(done));
  const crypto = useMutation(trpc.simulations.cryptoDeposit.mutationOptions(done));
  const field = (e: FormEvent<HTMLFormElement>, name: string) => String(new FormData(e.currentTarget).get(name) ?? '').trim();
  const depositBank = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    crypto.reset();
    bank.mutate({
      accountId,
      amount: field(e, 'amount'),
      coin: field(e, 'coin') as 'USD',
      instrumentType: field(e, 'instrumentType') as 'ach',
    });
  };
  const depositCrypto = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    bank.reset();
    const [coin, network] = field(e, 'pair').split('/');
    crypto.mutate({ accountId, coin: coin as 'BTC', network: network as 'bitcoin', amount: field(e, 'amount') });
  };
  const created = bank.data ?? crypto.data;
  return (
    <>
      <h3>Simulate a deposit</h3>
      <form onSubmit={depositBank} className="filters" aria-label="Bank deposit">
        <TextFilter label="Amount" name="amount" id="bank-amount" required inputMode="decimal" value="100.00" />
        <SelectFilter label="Currency" name="coin" options={['USD', 'EUR', 'GBP']} any={false} />
        <SelectFilter label="Instrument" name="instrumentType" options={['ach', 'wire', 'swift']} any={false} />
        <button type="submit" disabled={bank.isPending}>
          Simulate bank deposit
        </button>
      </form>
      <form onSubmit={depositCrypto} className="filters" aria-label="Crypto deposit">
        <TextFilter label="Amount" name="amount" id="crypto-amount" required inputMode="decimal" value="0.5" />
        <SelectFilter label="Coin on network" name="pair" options={CRYPTO_PAIRS} any={false} />
        <button type="submit" disabled={crypto.isPending}>
          Simulate crypto deposit
        </button>
      </form>
      {created ? (
        <output>
          Deposit received: <Link to={`${BASE}/transactions/${created.id}`}>transaction {created.id.slice(0, 8)}</Link> (
          {created.transactionType}, {created.status}).
        </output>
      ) : null}
      <ErrorBox error={bank.error ?? crypto.error} />
    </>
  );
}

/** What a bank, chain or exchange would report next for a transaction, as buttons. */
export function SandboxTransactionStatus({ transactionId, status, type }: { transactionId: string; status: string; type: string }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.simulations.transactionStatus.mutationOptions(useRefresh()));
  if (!useSandboxWriter()) return null;
  const next = nextStatuses(status, type);
  return (
    <section aria-labelledby="sim-h">
      <h2 id="sim-h">Sandbox simulations</h2>
      {next.length ? (
        <p>
          {next.map((s) => (
            <button
              key={s}
              type="button"
              disabled={change.isPending}
              onClick={() => change.mutate({ transactionId, status: s as 'completed', statusReason: `sandbox: ${s}` })}
            >
              Simulate: {s}
            </button>
          ))}
        </p>
      ) : (
        <p>No further status can be simulated from {status}.</p>
      )}
      <ErrorBox error={change.error} />
    </section>
  );
}
