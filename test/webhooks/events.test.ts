import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/core/webhooks/events.js';
import { bankBody, cryptoBody, fundAll, tradeBody } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { rawRequest } from '../support/harness.js';
import { startReceiver } from '../support/receiver.js';
import { webhookSetup } from '../support/webhook-setup.js';

// The production timeout: one pass of the dispatcher is made (a timed-out delivery is not retried
// within the test), and the local receiver shares the CPU with the server and other test files, so
// an answer can take seconds.
const w = webhookSetup({ timeoutMs: 15_000, retry: { baseMs: 1000 } });

describe('every event type of the contract comes from a real operation', () => {
  it('produces all 25, each with the resource it is about', async () => {
    const ws = await workspaceFactory(w.h.deps);
    const rx = await startReceiver();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await rawRequest(w.h, method, path, {
        headers: { authorization: `APIKey ${ws.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    await call('POST', '/api/v2/webhook-targets', { url: rx.url });

    const person = (await call('POST', '/api/v2/accounts', { type: 'individual', email: 'p@example.com' })).accountId;
    await call('POST', '/api/v2/kyc/banking-verification/individual', submission(person));
    await call('POST', `/api/v2/simulations/kyc/${person}/holder-action`, { action: 'document_upload_received' });
    await call('POST', `/api/v2/simulations/kyc/${person}/holder-action`, { action: 'documents_uploaded' });
    await call('POST', `/api/v2/simulations/kyc/${person}/holder-action`, { action: 'terms_signed' });
    await call('POST', '/api/v2/kyc/banking-verification/request', { accountId: person });
    await call('POST', `/api/v2/simulations/kyc/${person}/outcome`, { outcome: 'needs_update' });
    await call('POST', '/api/v2/kyc/banking-verification/individual', submission(person));
    await call('POST', '/api/v2/kyc/banking-verification/request', { accountId: person });
    await call('POST', `/api/v2/simulations/kyc/${person}/outcome`, { outcome: 'completed' });

    const business = (await call('POST', '/api/v2/accounts', { type: 'business', email: 'b@example.com' })).accountId;
    await call('POST', `/api/v2/simulations/kyb/${business}`, { event: 'submitted' });
    await call('POST', `/api/v2/simulations/kyb/${business}`, { event: 'document_uploaded', documentType: 'ein_letter' });

    await call('POST', `/api/v2/accounts/${person}/bank-accounts`, {
      holderName: 'Pat Doe',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    });
    await call('POST', `/api/v2/accounts/${person}/crypto-wallets`, { coin: 'ETH', network: 'ethereum' });
    const beneficiary = await call('POST', `/api/v2/accounts/${person}/crypto-beneficiaries`, {
      name: 'Cold storage',
      coin: 'BTC',
      network: 'bitcoin',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    await call('PATCH', `/api/v2/accounts/${person}/crypto-beneficiaries/${beneficiary.id}`, { name: 'Vault' });
    await call('DELETE', `/api/v2/accounts/${person}/crypto-beneficiaries/${beneficiary.id}`);

    await fundAll(ws.ctx, person);
    const bank = await call('POST', '/api/v2/transactions/bank', bankBody(person));
    const crypto = await call('POST', '/api/v2/transactions/crypto', cryptoBody(person));
    const trade = await call('POST', '/api/v2/transactions/trade', tradeBody(person));
    for (const t of [bank, crypto, trade]) await call('POST', `/api/v2/simulations/transactions/${t.id}/status`, { status: 'processing' });
    await call('POST', '/api/v2/simulations/deposits/bank', { accountId: person, amount: '5.00', coin: 'USD', instrumentType: 'ach' });
    await call('POST', '/api/v2/simulations/deposits/crypto', { accountId: person, amount: '1', coin: 'SOL', network: 'solana' });

    // Erasure is for admins only: an admin token, on an account of its own.
    const erased = (await call('POST', '/api/v2/accounts', { type: 'individual', email: 'e@example.com' })).accountId;
    const erasure = await rawRequest(w.h, 'POST', `/api/v2/accounts/${erased}/erasure`, {
      headers: { authorization: `APIKey ${ws.adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(erasure.status, JSON.stringify(erasure.body)).toBe(200);

    await w.drain();

    const byType = new Map<string, any[]>();
    for (const r of rx.received) byType.set(r.json.type, [...(byType.get(r.json.type) ?? []), r.json]);
    expect([...byType.keys()].sort()).toEqual([...EVENT_TYPES].sort());
    const first = (type: string) => byType.get(type)![0];
    // Three accounts were created; their events may arrive in any order.
    expect(
      byType
        .get('account_created')!
        .map((e) => e.details.account.accountId)
        .sort(),
    ).toEqual([person, business, erased].sort());
    expect(byType.get('account_created')!.find((e) => e.accountId === person).details.account).toMatchObject({
      accountId: person,
      type: 'individual',
      status: 'pending',
    });
    // Deliveries run in parallel and may arrive in any order: compare as multisets.
    const statuses = (type: string, pick: (e: any) => string) => byType.get(type)!.map(pick).sort();
    expect(statuses('account_status_updated', (e) => e.details.account.status)).toEqual([
      'active',
      'in_review',
      'in_review',
      'in_review',
      'needs_update',
    ]);
    expect(statuses('kyc_status_updated', (e) => e.details.status)).toEqual([
      'completed',
      'needs_update',
      'saved',
      'saved',
      'submitted',
      'submitted',
    ]);
    expect(first('kyc_verification_submitted').details.account.status).toBe('in_review');
    expect(first('kyc_needs_update').details.account.status).toBe('needs_update');
    expect(first('kyc_verification_completed').details.account.status).toBe('active');
    // One event per file received; deliveries may arrive in any order, so look them up by kind.
    const received = byType.get('kyc_document_upload_received')!.map((e) => e.details);
    expect(received.every((d) => d.accountId === person)).toBe(true);
    expect(received.map((d) => d.document.kind)).toContain('document_front');
    expect(first('kyb_verification_submitted')).toMatchObject({ accountId: business, details: { account: { status: 'in_review' } } });
    expect(first('kyb_document_uploaded').details.documentType).toBe('ein_letter');
    expect(first('bank_account_link').details.bankAccount).toMatchObject({ accountNumberLast4: '6789', routingNumber: '021000021' });
    expect(JSON.stringify(first('bank_account_link'))).not.toContain('000123456789');
    expect(first('crypto_wallet_created').details.wallet.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(first('crypto_beneficiary_updated').details.beneficiary.name).toBe('Vault');
    expect(first('crypto_beneficiary_deleted').details.beneficiary.id).toBe(beneficiary.id);
    expect(first('bank_transaction_created').details.transaction.id).toBe(bank.id);
    expect(first('trade_transaction_status_updated').details).toMatchObject({
      transaction: { id: trade.id, status: 'processing' },
      previousStatus: 'pending',
    });
    expect(first('crypto_transaction_status_updated').details.transaction.cryptoTransactionDetails.txHash).toMatch(/^0x/);
    expect(first('bank_transaction_received').details.transaction.bankTransactionDetails.type).toBe('deposit');
    expect(first('account_erased')).toMatchObject({ accountId: erased, details: { accountId: erased } });
    expect(first('crypto_transaction_received').details.transaction.cryptoTransactionDetails.type).toBe('deposit');
    for (const e of rx.received.map((r) => r.json)) {
      expect([person, business, erased].includes(e.accountId), e.type).toBe(true);
    }
    await rx.close();
  }, 60_000);
});
