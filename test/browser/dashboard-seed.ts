import { existsSync } from 'node:fs';
import path from 'node:path';
import { createCryptoBeneficiary } from '../../src/core/account-resources/create-crypto-beneficiary.js';
import { createCryptoWallet } from '../../src/core/account-resources/create-crypto-wallet.js';
import { linkBankAccount } from '../../src/core/account-resources/link-bank-account.js';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { requestBankingVerification } from '../../src/core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../../src/core/kyc/submit-banking-verification.js';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { dashboardDir } from '../../src/pages/dashboard.js';
import { idCardPng, onePagePdf } from '../factories/images.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import type { Harness } from '../support/harness.js';
import { openPage, signForm, uploadFile } from '../support/holder.js';

/** The browser tests need Vite's build (npm install / npm run build makes it). */
export function assertDashboardBuilt(): void {
  if (!existsSync(path.join(dashboardDir, 'index.html'))) {
    throw new Error(`the dashboard is not built (${dashboardDir}): run npm run build`);
  }
}

/** A workspace with accounts and transactions of every type on known days. */
export async function seedDashboard(h: Harness, given?: Awaited<ReturnType<typeof workspaceFactory>>) {
  const ws = given ?? (await workspaceFactory(h.deps, 'Dashboard'));
  const alice = await activeAccount(ws.ctx, 'alice@example.com');
  const bob = await activeAccount(ws.ctx, 'bob@example.com');
  await createBank(at(ws.ctx, '2026-11-01T10:00:00Z'), alice, { reference: 'inv-0001' });
  await createBank(at(ws.ctx, '2026-11-02T10:00:00Z'), alice, { amount: '250.00' });
  await createCrypto(at(ws.ctx, '2026-11-03T10:00:00Z'), bob);
  await createCrypto(at(ws.ctx, '2026-11-04T10:00:00Z'), bob);
  await createTrade(at(ws.ctx, '2026-11-05T10:00:00Z'), alice);
  await createTrade(ws.ctx, bob);
  // The account page's lists: a wallet, a beneficiary and a linked bank account of alice's.
  await createCryptoWallet(ws.ctx, { accountId: alice, body: { coin: 'ETH', network: 'ethereum' } });
  const beneficiary = { name: 'Cold storage', coin: 'ETH', network: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
  await createCryptoBeneficiary(ws.ctx, { accountId: alice, body: beneficiary });
  const bank = {
    holderName: 'Alice Example',
    bankName: 'First Bank',
    routingNumber: '021000021',
    accountNumber: '000123456789',
    accountType: 'checking',
  };
  await linkBankAccount(ws.ctx, { accountId: alice, body: bank });
  // dana went through KYC up to review (a live link, a status history); acme is a business to verify.
  const dana = (await createAccount(ws.ctx, { type: 'individual', email: 'dana@example.com' })).accountId;
  const { verificationUrl: danaLink } = await submitBankingVerification(ws.ctx, submission(dana));
  await requestBankingVerification(ws.ctx, { accountId: dana });
  const acme = (await createAccount(ws.ctx, { type: 'business', email: 'acme@example.com' })).accountId;
  const erin = await holderWithDocuments(h, ws.ctx);
  return { ...ws, alice, bob, dana, danaLink, acme, erin };
}

/**
 * erin saved KYC data (a passport) and, as the holder, uploaded a real PNG of the document's front,
 * a selfie (PNG) and a proof of address (a one-page PDF) through the link's page, then signed.
 */
async function holderWithDocuments(h: Harness, ctx: Parameters<typeof createAccount>[0]): Promise<string> {
  const erin = (await createAccount(ctx, { type: 'individual', email: 'erin@example.com' })).accountId;
  const { verificationUrl } = await submitBankingVerification(ctx, submission(erin));
  const token = verificationUrl.split('/verify/')[1] ?? '';
  const { nonce } = await openPage(h, token);
  const files = [
    { kind: 'document_front', file: idCardPng(), name: 'passport-front.png' },
    { kind: 'selfie', file: idCardPng(), name: 'selfie.png' },
    { kind: 'proof_of_address', file: onePagePdf(), name: 'utility-bill.pdf' },
  ];
  for (const f of files) {
    const res = await uploadFile(h, token, { nonce, ...f });
    if (res.status !== 303) throw new Error(`upload of ${f.kind} answered ${res.status}: ${res.text}`);
  }
  const signed = await signForm(h, token, { nonce: nonce ?? '', acceptTerms: 'on', fullName: 'Erin Example' });
  if (signed.status !== 303) throw new Error(`signing answered ${signed.status}`);
  return erin;
}

/** A large incoming transfer through an intermediary: thousands separators, originator and addenda. */
export async function seedLargeDeposit(ctx: Parameters<typeof createAccount>[0], accountId: string) {
  return simulateBankDeposit(ctx, {
    accountId,
    amount: '13369.82',
    coin: 'USD',
    instrumentType: 'wire',
    originatorName: 'Intermediary Bank NA',
    addenda: ['ORIG NAME: ACME CORP'],
  });
}
