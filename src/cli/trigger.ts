import { randomBytes } from 'node:crypto';
import type { Schemas } from '../core/contract.js';
import type { EventType } from '../core/webhooks/events.js';
import { type ApiTarget, apiCall } from './api-call.js';

type Call = <T = any>(method: string, path: string, body?: unknown) => Promise<T>;

const SUBMISSION = {
  dateOfBirth: '1990-04-17',
  phone: '+14155550123',
  documentId: {
    idNumber: 'X12345678',
    idDocumentType: 'passport',
    idIssueDate: '2020-01-15',
    idExpiryDate: '2035-01-14',
    idCountryOfIssue: 'US',
    nationality: 'US',
  },
  address: { address1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
};
const BENEFICIARY = { name: 'Cold storage', coin: 'BTC', network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };

const account = async (call: Call, type: Schemas['AccountType'] = 'individual') =>
  (await call<{ accountId: string }>('POST', '/api/v2/accounts', { type, email: `trigger-${randomBytes(4).toString('hex')}@example.com` }))
    .accountId;
/** An individual account with saved verification data. */
const saved = async (call: Call) => {
  const id = await account(call);
  await call('POST', '/api/v2/kyc/banking-verification/individual', { accountId: id, ...SUBMISSION });
  return id;
};
const submitted = async (call: Call) => {
  const id = await saved(call);
  await call('POST', '/api/v2/kyc/banking-verification/request', { accountId: id });
  return id;
};
const active = async (call: Call) => {
  const id = await submitted(call);
  await call('POST', `/api/v2/simulations/kyc/${id}/outcome`, { outcome: 'completed' });
  return id;
};
const holder = (action: string) => async (call: Call) => {
  const id = await saved(call);
  await call('POST', `/api/v2/simulations/kyc/${id}/holder-action`, { action });
  return id;
};
const TRANSACTIONS = {
  bank: (accountId: string) => ({
    accountId,
    amount: '100.00',
    coin: 'USD',
    instrumentType: 'ach',
    beneficiaryName: 'Jane Doe',
    beneficiaryRoutingNumber: '021000021',
    beneficiaryAccountNumber: '123456789',
  }),
  crypto: (accountId: string) => ({
    accountId,
    amount: '0.5',
    coin: 'ETH',
    network: 'ethereum',
    targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  }),
  trade: (accountId: string) => ({ accountId, product: 'BTC-USD', side: 'buy', quantity: '0.01' }),
};
/** The deposit that funds each kind of transaction of TRANSACTIONS (a withdrawal or trade needs available funds). */
const FUNDING = {
  bank: ['bank', { amount: '200.00', coin: 'USD', instrumentType: 'ach' }],
  crypto: ['crypto', { amount: '1', coin: 'ETH', network: 'ethereum' }],
  trade: ['bank', { amount: '1000.00', coin: 'USD', instrumentType: 'wire' }],
} as const;
const transaction = (kind: keyof typeof TRANSACTIONS, status?: string) => async (call: Call) => {
  const id = await active(call);
  const [rail, deposit] = FUNDING[kind];
  const funds = await call<{ id: string }>('POST', `/api/v2/simulations/deposits/${rail}`, { accountId: id, ...deposit });
  for (const step of ['processing', 'completed'])
    await call('POST', `/api/v2/simulations/transactions/${funds.id}/status`, { status: step });
  const t = await call<{ id: string }>('POST', `/api/v2/transactions/${kind}`, TRANSACTIONS[kind](id));
  if (status) await call('POST', `/api/v2/simulations/transactions/${t.id}/status`, { status });
  return id;
};

/**
 * How the sandbox is made to emit each event through the public API, as an integrator would:
 * each recipe creates what it needs (an account, verification data...) and answers the account.
 */
export const TRIGGERS: Record<EventType, (call: Call) => Promise<string>> = {
  account_created: (call) => account(call),
  account_status_updated: submitted,
  account_erased: async (call) => {
    const id = await saved(call);
    await call('POST', `/api/v2/accounts/${id}/erasure`, {});
    return id;
  },
  kyc_status_updated: saved,
  kyc_verification_submitted: submitted,
  kyc_needs_update: async (call) => {
    const id = await submitted(call);
    await call('POST', `/api/v2/simulations/kyc/${id}/outcome`, { outcome: 'needs_update' });
    return id;
  },
  kyc_verification_completed: active,
  kyc_verification_signed: holder('terms_signed'),
  kyc_document_upload_received: holder('document_upload_received'),
  kyc_document_uploaded: holder('documents_uploaded'),
  kyb_verification_submitted: async (call) => {
    const id = await account(call, 'business');
    await call('POST', `/api/v2/simulations/kyb/${id}`, { event: 'submitted' });
    return id;
  },
  kyb_document_uploaded: async (call) => {
    const id = await account(call, 'business');
    await call('POST', `/api/v2/simulations/kyb/${id}`, { event: 'document_uploaded', documentType: 'ein_letter' });
    return id;
  },
  bank_account_link: async (call) => {
    const id = await active(call);
    await call('POST', `/api/v2/accounts/${id}/bank-accounts`, {
      holderName: 'Pat Doe',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    });
    return id;
  },
  crypto_wallet_created: async (call) => {
    const id = await active(call);
    await call('POST', `/api/v2/accounts/${id}/crypto-wallets`, { coin: 'ETH', network: 'ethereum' });
    return id;
  },
  crypto_beneficiary_created: async (call) => {
    const id = await active(call);
    await call('POST', `/api/v2/accounts/${id}/crypto-beneficiaries`, BENEFICIARY);
    return id;
  },
  crypto_beneficiary_updated: async (call) => {
    const id = await active(call);
    const b = await call<{ id: string }>('POST', `/api/v2/accounts/${id}/crypto-beneficiaries`, BENEFICIARY);
    await call('PATCH', `/api/v2/accounts/${id}/crypto-beneficiaries/${b.id}`, { name: 'Vault' });
    return id;
  },
  crypto_beneficiary_deleted: async (call) => {
    const id = await active(call);
    const b = await call<{ id: string }>('POST', `/api/v2/accounts/${id}/crypto-beneficiaries`, BENEFICIARY);
    await call('DELETE', `/api/v2/accounts/${id}/crypto-beneficiaries/${b.id}`);
    return id;
  },
  bank_transaction_created: transaction('bank'),
  crypto_transaction_created: transaction('crypto'),
  trade_transaction_created: transaction('trade'),
  bank_transaction_status_updated: transaction('bank', 'processing'),
  crypto_transaction_status_updated: transaction('crypto', 'processing'),
  trade_transaction_status_updated: transaction('trade', 'processing'),
  bank_transaction_received: async (call) => {
    const id = await active(call);
    await call('POST', '/api/v2/simulations/deposits/bank', { accountId: id, amount: '25.00', coin: 'USD', instrumentType: 'ach' });
    return id;
  },
  crypto_transaction_received: async (call) => {
    const id = await active(call);
    await call('POST', '/api/v2/simulations/deposits/crypto', { accountId: id, amount: '1', coin: 'SOL', network: 'solana' });
    return id;
  },
};

/** `fas trigger <type>`: runs the recipe against a running server, then finds the event it emitted. */
export async function trigger(target: ApiTarget, type: EventType): Promise<{ eventId: string; accountId: string }> {
  const call: Call = (method, path, body) => apiCall(target, method, path, body);
  const accountId = await TRIGGERS[type](call);
  const page = await call<{ data: { id: string }[] }>('GET', `/api/v2/events?type=${type}&accountId=${accountId}&limit=1`);
  return { eventId: page.data[0]!.id, accountId };
}
