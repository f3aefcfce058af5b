import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';
import { type DetailItem, Details } from './layout.js';
import { Amount, CopyButton, shortId } from './values.js';

type Tx = Outputs['transactions']['get'];

/** The one details object a transaction carries (`Transaction` is a union by `transactionType`). */
function detailsOf(t: Tx) {
  return {
    bank: t.transactionType === 'bank' ? t.bankTransactionDetails : undefined,
    crypto: t.transactionType === 'crypto' ? t.cryptoTransactionDetails : undefined,
    trade: t.transactionType === 'trade' ? t.tradeTransactionDetails : undefined,
  };
}

/** The amount a list row shows: a bank or crypto amount, or a trade's side and base quantity. */
export function TransactionAmount({ t }: { t: Tx }) {
  const { bank, crypto, trade: tr } = detailsOf(t);
  const d = bank ?? crypto;
  if (d) return <Amount value={d.amount} currency={d.coin} />;
  if (!tr) return null;
  return (
    <span>
      <span className="muted">{valueLabel(tr.side)} </span>
      <Amount value={tr.quantity} currency={tr.quantityCurrency} />
    </span>
  );
}

const ARROWS = { in: '↓', out: '↑', exchange: '⇄' } as const;

/** Which way money moves for the account (the transaction's `direction`, given by the server). */
export function Direction({ direction }: { direction: Tx['direction'] }) {
  return (
    <span className={`direction direction-${direction}`}>
      <span aria-hidden="true">{ARROWS[direction]} </span>
      {valueLabel(direction)}
    </span>
  );
}

/** A long value (address, hash) in monospace, wrapped anywhere, with a copy button. */
function Long({ value, label }: { value: string | undefined; label: string }) {
  if (!value) return null;
  return (
    <span className="long">
      <code title={value}>{value.length > 24 ? shortId(value, 12, 10) : value}</code>
      <CopyButton text={value} label={`Copy ${label}`} />
    </span>
  );
}

const text = (v: string | undefined) => v || null;

/** The details of a transaction of any type, every label in words. */
export function TransactionDetails({ t }: { t: Tx }) {
  const { bank, crypto, trade } = detailsOf(t);
  let items: DetailItem[] = [];
  if (bank) {
    items = [
      ['Direction', valueLabel(bank.type)],
      ['Instrument', valueLabel(bank.instrumentType)],
      ['Amount', <Amount key="a" value={bank.amount} currency={bank.coin} />],
      ['Fee', <Amount key="f" value={bank.fee} currency={bank.coin} />],
      ['Total', <Amount key="t" value={bank.total} currency={bank.coin} />],
      ['Bank reference', <Long key="r" value={bank.transactionReference} label="bank reference" />],
      bank.imad ? ['IMAD', <Long key="i" value={bank.imad} label="IMAD" />] : null,
      bank.traceNumber ? ['Trace number', <Long key="tn" value={bank.traceNumber} label="trace number" />] : null,
      bank.originatorName ? ['Originator', bank.originatorName] : null,
      bank.senderBankName ? ['Sender bank', bank.senderBankName] : null,
      bank.senderAccountNumber ? ['Sender account number', text(bank.senderAccountNumber)] : null,
      bank.senderRoutingNumber ? ['Sender routing number', text(bank.senderRoutingNumber)] : null,
      bank.senderSwiftCode ? ['Sender SWIFT code', text(bank.senderSwiftCode)] : null,
      bank.senderIban ? ['Sender IBAN', text(bank.senderIban)] : null,
      bank.beneficiaryName ? ['Beneficiary', bank.beneficiaryName] : null,
      bank.beneficiaryBankName ? ['Beneficiary bank', bank.beneficiaryBankName] : null,
      bank.beneficiaryAccountNumber ? ['Beneficiary account number', text(bank.beneficiaryAccountNumber)] : null,
      bank.beneficiaryRoutingNumber ? ['Beneficiary routing number', text(bank.beneficiaryRoutingNumber)] : null,
      bank.beneficiarySwiftCode ? ['Beneficiary SWIFT code', text(bank.beneficiarySwiftCode)] : null,
      bank.beneficiaryIban ? ['Beneficiary IBAN', text(bank.beneficiaryIban)] : null,
      bank.addenda?.length ? ['Addenda', <span key="ad">{bank.addenda.join(' · ')}</span>] : null,
    ];
  } else if (crypto) {
    items = [
      ['Direction', valueLabel(crypto.type)],
      ['Network', valueLabel(crypto.network)],
      ['Amount', <Amount key="a" value={crypto.amount} currency={crypto.coin} />],
      ['Fee', <Amount key="f" value={crypto.fee} currency={crypto.coin} />],
      ['Total', <Amount key="t" value={crypto.total} currency={crypto.coin} />],
      crypto.networkFee ? ['Network fee', <Amount key="n" value={crypto.networkFee} currency={crypto.coin} />] : null,
      crypto.targetAddress ? ['Target address', <Long key="ta" value={crypto.targetAddress} label="target address" />] : null,
      crypto.txHash ? ['Transaction hash', <Long key="h" value={crypto.txHash} label="transaction hash" />] : null,
    ];
  } else if (trade) {
    items = [
      ['Order', `${valueLabel(trade.type)} ${trade.side}`],
      ['Product', trade.product],
      ['Quantity', <Amount key="q" value={trade.quantity} currency={trade.quantityCurrency} />],
      ['Rate', <Amount key="r" value={trade.rate} currency={trade.quoteCurrency} />],
      ['Quote quantity', <Amount key="qq" value={trade.quoteQuantity} currency={trade.quoteCurrency} />],
      ['Fee', <Amount key="f" value={trade.fee} currency={trade.feeCurrency} />],
    ];
  }
  return <Details items={items} label="Transaction details" />;
}
