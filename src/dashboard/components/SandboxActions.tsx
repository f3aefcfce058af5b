import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { CRYPTO_ROUTES } from '../../core/transactions/catalog.js';
import { nextStatuses, type TransactionStatus } from '../../core/transactions/status-transitions.js';
import { valueLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import { useSandboxWriter } from '../session.js';
import { type Inputs, type Outputs, useTRPC } from '../trpc.js';
import { SelectFilter, TextFilter } from './filters.js';
import { ErrorBox, Section } from './layout.js';
import { shortId } from './values.js';

const KYB_DOCUMENTS = CONTRACT_PROPERTY_ENUMS.KybEvent.documentType;
const BANK_DEPOSIT = CONTRACT_PROPERTY_ENUMS.SimulateBankDepositRequest;
/** The coin/network pairs the sandbox supports, from the core's catalogue. */
const CRYPTO_PAIRS = Object.keys(CRYPTO_ROUTES);

type CryptoDeposit = Inputs['simulations']['cryptoDeposit'];
type BankDeposit = Inputs['simulations']['bankDeposit'];

/** Every simulation refreshes what the page shows (statuses, history, transactions). */
function useRefresh() {
  const qc = useQueryClient();
  return { onSuccess: () => qc.invalidateQueries() };
}

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: valueLabel(v) }));

/** Sandbox workspaces only: a business's KYB steps and incoming deposits, as buttons. */
export function SandboxAccountActions({ accountId, accountType }: { accountId: string; accountType: Outputs['accounts']['get']['type'] }) {
  const trpc = useTRPC();
  const kyb = useMutation(trpc.simulations.kybEvent.mutationOptions(useRefresh()));
  if (!useSandboxWriter()) return null;
  const uploadKyb = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const documentType = String(new FormData(e.currentTarget).get('documentType')) as (typeof KYB_DOCUMENTS)[number];
    kyb.mutate({ accountId, event: 'document_uploaded', documentType });
  };
  return (
    <Section id="sim" title="Sandbox simulations">
      {accountType === 'business' ? (
        <>
          <h3>Business verification (KYB)</h3>
          <p>
            <button type="button" onClick={() => kyb.mutate({ accountId, event: 'submitted' })} disabled={kyb.isPending}>
              KYB: submitted
            </button>
          </p>
          <form onSubmit={uploadKyb} className="filters" aria-label="KYB document upload">
            <SelectFilter label="KYB document type" name="documentType" options={options(KYB_DOCUMENTS)} any={false} />
            <div className="filter-actions">
              <button type="submit" disabled={kyb.isPending}>
                KYB: document uploaded
              </button>
            </div>
          </form>
          {kyb.isSuccess ? <output>KYB event sent; the account is {valueLabel(kyb.data.status).toLowerCase()}.</output> : null}
          <ErrorBox error={kyb.error} />
        </>
      ) : null}
      <SandboxDeposit accountId={accountId} />
    </Section>
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
      coin: field(e, 'coin') as BankDeposit['coin'],
      instrumentType: field(e, 'instrumentType') as BankDeposit['instrumentType'],
    });
  };
  const depositCrypto = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    bank.reset();
    const [coin, network] = field(e, 'pair').split('/');
    crypto.mutate({
      accountId,
      coin: coin as CryptoDeposit['coin'],
      network: network as CryptoDeposit['network'],
      amount: field(e, 'amount'),
    });
  };
  const created = bank.data ?? crypto.data;
  return (
    <>
      <h3>Simulate a deposit</h3>
      <form onSubmit={depositBank} className="filters" aria-label="Bank deposit">
        <TextFilter label="Amount" name="amount" id="bank-amount" required inputMode="decimal" value="100.00" />
        <SelectFilter label="Currency" name="coin" id="bank-coin" options={BANK_DEPOSIT.coin} any={false} />
        <SelectFilter label="Instrument" name="instrumentType" options={options(BANK_DEPOSIT.instrumentType)} any={false} />
        <div className="filter-actions">
          <button type="submit" disabled={bank.isPending}>
            Simulate bank deposit
          </button>
        </div>
      </form>
      <form onSubmit={depositCrypto} className="filters" aria-label="Crypto deposit">
        <TextFilter label="Amount" name="amount" id="crypto-amount" required inputMode="decimal" value="0.5" />
        <SelectFilter
          label="Coin on network"
          name="pair"
          options={CRYPTO_PAIRS.map((p) => ({ value: p, label: p.replace('/', ' on ') }))}
          any={false}
        />
        <div className="filter-actions">
          <button type="submit" disabled={crypto.isPending}>
            Simulate crypto deposit
          </button>
        </div>
      </form>
      {created ? (
        <output>
          Deposit received: <Link to={`${BASE}/transactions/${created.id}`}>transaction {shortId(created.id)}</Link> (
          {valueLabel(created.transactionType).toLowerCase()}, {valueLabel(created.status).toLowerCase()}).
        </output>
      ) : null}
      <ErrorBox error={bank.error ?? crypto.error} />
    </>
  );
}

/** What a bank, chain or exchange would report next for a transaction, as buttons. */
export function SandboxTransactionStatus({
  transactionId,
  status,
  type,
}: {
  transactionId: string;
  status: TransactionStatus;
  type: string;
}) {
  const trpc = useTRPC();
  const change = useMutation(trpc.simulations.transactionStatus.mutationOptions(useRefresh()));
  if (!useSandboxWriter()) return null;
  const next = nextStatuses(status, type);
  return (
    <Section id="sim" title="Sandbox simulations">
      {next.length ? (
        <p className="button-row">
          {next.map((s) => (
            <button
              key={s}
              type="button"
              disabled={change.isPending}
              onClick={() => change.mutate({ transactionId, status: s, statusReason: `sandbox: ${s}` })}
            >
              Simulate: {s}
            </button>
          ))}
        </p>
      ) : (
        <p>No further status can be simulated from {valueLabel(status).toLowerCase()}.</p>
      )}
      <ErrorBox error={change.error} />
    </Section>
  );
}
