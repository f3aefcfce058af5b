/**
 * The protocol matrix: every use case, and where each protocol serves it. A cell is the REST
 * operationId, the tRPC procedure path, the GraphQL field (`Query.x`, `Mutation.x`, or a nested
 * `Type.field`), or why the protocol does not serve it. `test/parity/matrix-coverage.test.ts` fails
 * when an operation, procedure or root field is missing here; the parity tests iterate it.
 */

export interface NotExposed {
  notExposed: string;
}
export type Cell = string | NotExposed;
export interface UseCase {
  /** read: compared in full across protocols; write: every protocol's answer compared; event: an outbound webhook. */
  kind: 'read' | 'write' | 'event';
  rest: Cell;
  trpc: Cell;
  graphql: Cell;
}

const no = (notExposed: string): NotExposed => ({ notExposed });
export const exposed = (cell: Cell): cell is string => typeof cell === 'string';

// The reasons, once each.
const ANALYSTS_READ = no('GraphQL is for analysts, who read; it has no writes but createAccount');
const NO_GQL_WEBHOOKS = no(
  'the delivery log, deleting targets and signing keys are REST and the dashboard; analysts get webhookDeliveryStats',
);
const INTEGRATOR_ONLY = no('an integrator-side simulation or resource, not on the dashboard');
const HOLDER = no("the account holder's page, reached through the verification link's token only");
const OPERATIONS = no('an operations endpoint of the HTTP server, outside any protocol');
const DASHBOARD = no('the dashboard itself (session, its own figures); integrators use REST');
const ADMIN_CREDENTIALS = no('credentials are managed by admins in the dashboard or by the operator CLI');
const AGGREGATE = no('an analyst aggregate computed in SQL; REST and the dashboard list rows');
const DASHBOARD_VIEW = no('a view for the operations dashboard; integrators follow the same facts through webhooks');
const OUTBOUND = no('an outbound webhook event: delivered to targets, not called');
const CSV_DOWNLOAD = no('a CSV download: the dashboard links to /dashboard/export/*.csv, the same use case behind its session cookie');
const NO_GQL_BINARY = no('an image upload: GraphQL here carries JSON only; REST takes the bytes, the dashboard base64 over tRPC');
const PUBLIC_IMAGE = no('a public image the verification page shows, addressed by its SHA-256; no credentials, no protocol');
const EVENT_STREAM = no('a server-sent events stream for `fas listen`; the dashboard and analysts page through the events list');
const FILE_DOWNLOAD = no(
  'a file download (CSV or NDJSON), streamed: the dashboard links to /dashboard/export/audit-log.{csv,ndjson}, the same use case behind its session cookie; tRPC answers JSON documents, not a stream of lines',
);
const FILE_NOT_GRAPH = no('a file rather than a graph: GraphQL pages through the same records with the same filters (auditLog)');
const CSV_NOT_GRAPH = no('a CSV file rather than a graph: analysts page through the same filters in GraphQL');

export const MATRIX: Record<string, UseCase> = {
  // accounts
  createAccount: { kind: 'write', rest: 'createAccount', trpc: 'accounts.create', graphql: 'Mutation.createAccount' },
  listAccounts: { kind: 'read', rest: 'listAccounts', trpc: 'accounts.list', graphql: 'Query.accounts' },
  getAccount: { kind: 'read', rest: 'getAccount', trpc: 'accounts.get', graphql: 'Query.account' },
  exportAccounts: { kind: 'read', rest: 'exportAccounts', trpc: CSV_DOWNLOAD, graphql: CSV_NOT_GRAPH },
  eraseAccount: { kind: 'write', rest: 'eraseAccount', trpc: 'accounts.erase', graphql: 'Mutation.eraseAccount' },
  // account resources
  createCryptoWallet: { kind: 'write', rest: 'createCryptoWallet', trpc: INTEGRATOR_ONLY, graphql: ANALYSTS_READ },
  listCryptoWallets: { kind: 'read', rest: 'listCryptoWallets', trpc: 'accounts.cryptoWallets', graphql: 'Query.cryptoWallets' },
  createCryptoBeneficiary: { kind: 'write', rest: 'createCryptoBeneficiary', trpc: INTEGRATOR_ONLY, graphql: ANALYSTS_READ },
  listCryptoBeneficiaries: {
    kind: 'read',
    rest: 'listCryptoBeneficiaries',
    trpc: 'accounts.cryptoBeneficiaries',
    graphql: 'Query.cryptoBeneficiaries',
  },
  updateCryptoBeneficiary: { kind: 'write', rest: 'updateCryptoBeneficiary', trpc: INTEGRATOR_ONLY, graphql: ANALYSTS_READ },
  deleteCryptoBeneficiary: { kind: 'write', rest: 'deleteCryptoBeneficiary', trpc: INTEGRATOR_ONLY, graphql: ANALYSTS_READ },
  linkBankAccount: { kind: 'write', rest: 'linkBankAccount', trpc: INTEGRATOR_ONLY, graphql: ANALYSTS_READ },
  listBankAccounts: { kind: 'read', rest: 'listBankAccounts', trpc: 'accounts.bankAccounts', graphql: 'Query.bankAccounts' },
  accountStatusHistory: { kind: 'read', rest: DASHBOARD_VIEW, trpc: 'accounts.statusHistory', graphql: DASHBOARD_VIEW },
  // KYC / KYB
  submitBankingVerification: {
    kind: 'write',
    rest: 'submitBankingVerification',
    trpc: 'kyc.submitBankingVerification',
    graphql: ANALYSTS_READ,
  },
  submitBusinessVerification: {
    kind: 'write',
    rest: 'submitBusinessVerification',
    trpc: 'kyc.submitBusinessVerification',
    graphql: ANALYSTS_READ,
  },
  getBusinessVerification: {
    kind: 'read',
    rest: 'getBusinessVerification',
    trpc: 'kyc.getBusinessVerification',
    graphql: 'Account.businessVerification',
  },
  requestBankingVerification: {
    kind: 'write',
    rest: 'requestBankingVerification',
    trpc: 'kyc.requestBankingVerification',
    graphql: ANALYSTS_READ,
  },
  verificationLinkState: { kind: 'read', rest: DASHBOARD_VIEW, trpc: 'kyc.verificationLink', graphql: DASHBOARD_VIEW },
  getBankingVerification: {
    kind: 'read',
    rest: 'getBankingVerification',
    trpc: 'kyc.getBankingVerification',
    graphql: 'Account.bankingVerification',
  },
  listVerificationDocuments: {
    kind: 'read',
    rest: 'listVerificationDocuments',
    trpc: 'kyc.documents.list',
    graphql: 'Query.verificationDocuments',
  },
  getVerificationDocumentContent: {
    kind: 'read',
    rest: 'getVerificationDocumentContent',
    trpc: 'kyc.documents.content',
    graphql: no("document bytes are personal data: analysts see metadata only (schema.graphql's KycDocument)"),
  },
  readVerificationSignature: {
    kind: 'read',
    rest: DASHBOARD_VIEW,
    trpc: 'kyc.documents.signature',
    graphql: no("the signer's name is personal data: analysts see that and when the terms were signed (verificationDocuments.signedAt)"),
  },
  kycStatusCounts: { kind: 'read', rest: AGGREGATE, trpc: AGGREGATE, graphql: 'Query.kycStatusCounts' },
  simulateKycOutcome: { kind: 'write', rest: 'simulateKycOutcome', trpc: 'simulations.kycOutcome', graphql: ANALYSTS_READ },
  simulateKycHolderAction: {
    kind: 'write',
    rest: 'simulateKycHolderAction',
    trpc: 'simulations.kycHolderAction',
    graphql: ANALYSTS_READ,
  },
  simulateKybEvent: { kind: 'write', rest: 'simulateKybEvent', trpc: 'simulations.kybEvent', graphql: ANALYSTS_READ },
  // the holder's verification page
  verificationPage: { kind: 'read', rest: 'verificationPage', trpc: HOLDER, graphql: HOLDER },
  verificationPageAsset: { kind: 'read', rest: 'verificationPageAsset', trpc: HOLDER, graphql: HOLDER },
  uploadHolderDocument: { kind: 'write', rest: 'uploadHolderDocument', trpc: HOLDER, graphql: HOLDER },
  signHolderVerification: { kind: 'write', rest: 'signHolderVerification', trpc: HOLDER, graphql: HOLDER },
  // transactions
  listTransactions: { kind: 'read', rest: 'listTransactions', trpc: 'transactions.list', graphql: 'Query.transactions' },
  getTransaction: { kind: 'read', rest: 'getTransaction', trpc: 'transactions.get', graphql: 'Query.transaction' },
  exportTransactions: { kind: 'read', rest: 'exportTransactions', trpc: CSV_DOWNLOAD, graphql: CSV_NOT_GRAPH },
  transactionStats: { kind: 'read', rest: AGGREGATE, trpc: 'transactions.stats', graphql: 'Query.transactionStats' },
  createBankTransaction: { kind: 'write', rest: 'createBankTransaction', trpc: 'transactions.createBank', graphql: ANALYSTS_READ },
  createCryptoTransaction: {
    kind: 'write',
    rest: 'createCryptoTransaction',
    trpc: 'transactions.createCrypto',
    graphql: ANALYSTS_READ,
  },
  createTradeTransaction: { kind: 'write', rest: 'createTradeTransaction', trpc: 'transactions.createTrade', graphql: ANALYSTS_READ },
  simulateTransactionStatus: {
    kind: 'write',
    rest: 'simulateTransactionStatus',
    trpc: 'simulations.transactionStatus',
    graphql: ANALYSTS_READ,
  },
  updateTransactionStatus: {
    kind: 'write',
    rest: no('integrators move statuses in the sandbox only (simulateTransactionStatus); admins use the dashboard'),
    trpc: 'transactions.updateStatus',
    graphql: ANALYSTS_READ,
  },
  previewStatusChange: {
    kind: 'read',
    rest: no("the dashboard's confirmation of an admin's status change, which REST does not offer (updateTransactionStatus)"),
    trpc: 'transactions.previewStatusChange',
    graphql: ANALYSTS_READ,
  },
  simulateBankDeposit: { kind: 'write', rest: 'simulateBankDeposit', trpc: 'simulations.bankDeposit', graphql: ANALYSTS_READ },
  simulateCryptoDeposit: { kind: 'write', rest: 'simulateCryptoDeposit', trpc: 'simulations.cryptoDeposit', graphql: ANALYSTS_READ },
  // the ledger
  getAccountBalances: { kind: 'read', rest: 'getAccountBalances', trpc: 'ledger.balances', graphql: 'Query.accountBalances' },
  listAccountEntries: { kind: 'read', rest: 'listAccountEntries', trpc: 'ledger.entries', graphql: 'Query.accountEntries' },
  listTransactionEntries: {
    kind: 'read',
    rest: 'listTransactionEntries',
    trpc: 'ledger.transactionEntries',
    graphql: 'Query.transactionEntries',
  },
  balanceTotals: { kind: 'read', rest: AGGREGATE, trpc: 'ledger.totals', graphql: 'Query.balanceTotals' },
  // webhooks
  createWebhookTarget: {
    kind: 'write',
    rest: 'createWebhookTarget',
    trpc: 'webhookTargets.create',
    graphql: 'Mutation.createWebhookTarget',
  },
  listWebhookTargets: { kind: 'read', rest: 'listWebhookTargets', trpc: 'webhookTargets.list', graphql: 'Query.webhookTargets' },
  getWebhookTarget: { kind: 'read', rest: 'getWebhookTarget', trpc: 'webhookTargets.get', graphql: 'Query.webhookTarget' },
  updateWebhookTarget: {
    kind: 'write',
    rest: 'updateWebhookTarget',
    trpc: 'webhookTargets.update',
    graphql: 'Mutation.updateWebhookTarget',
  },
  deleteWebhookTarget: { kind: 'write', rest: 'deleteWebhookTarget', trpc: 'webhookTargets.delete', graphql: NO_GQL_WEBHOOKS },
  enableWebhookTarget: {
    kind: 'write',
    rest: 'enableWebhookTarget',
    trpc: 'webhookTargets.enable',
    graphql: 'Mutation.enableWebhookTarget',
  },
  pauseWebhookTarget: { kind: 'write', rest: 'pauseWebhookTarget', trpc: 'webhookTargets.pause', graphql: 'Mutation.pauseWebhookTarget' },
  resumeWebhookTarget: {
    kind: 'write',
    rest: 'resumeWebhookTarget',
    trpc: 'webhookTargets.resume',
    graphql: 'Mutation.resumeWebhookTarget',
  },
  testWebhookTarget: { kind: 'write', rest: 'testWebhookTarget', trpc: 'webhookTargets.test', graphql: 'Mutation.testWebhookTarget' },
  recoverWebhookTarget: {
    kind: 'write',
    rest: 'recoverWebhookTarget',
    trpc: 'webhookTargets.recover',
    graphql: 'Mutation.recoverWebhookTarget',
  },
  listWebhookDeliveries: { kind: 'read', rest: 'listWebhookDeliveries', trpc: 'webhookDeliveries.list', graphql: NO_GQL_WEBHOOKS },
  getWebhookDelivery: { kind: 'read', rest: 'getWebhookDelivery', trpc: 'webhookDeliveries.get', graphql: NO_GQL_WEBHOOKS },
  redeliverWebhookDelivery: {
    kind: 'write',
    rest: 'redeliverWebhookDelivery',
    trpc: 'webhookDeliveries.redeliver',
    graphql: NO_GQL_WEBHOOKS,
  },
  listEvents: { kind: 'read', rest: 'listEvents', trpc: 'events.list', graphql: 'Query.events' },
  listAuditLog: { kind: 'read', rest: 'listAuditLog', trpc: 'auditLog.list', graphql: 'Query.auditLog' },
  exportAuditLog: { kind: 'read', rest: 'exportAuditLog', trpc: FILE_DOWNLOAD, graphql: FILE_NOT_GRAPH },
  getEvent: { kind: 'read', rest: 'getEvent', trpc: 'events.get', graphql: 'Query.event' },
  streamEvents: { kind: 'read', rest: 'streamEvents', trpc: EVENT_STREAM, graphql: EVENT_STREAM },
  webhookDeliveryStats: { kind: 'read', rest: AGGREGATE, trpc: AGGREGATE, graphql: 'Query.webhookDeliveryStats' },
  listSigningKeys: {
    kind: 'read',
    rest: no('integrators verify with the public JWKS (getJwks); key ids and dates are for admins'),
    trpc: 'signingKeys.list',
    graphql: NO_GQL_WEBHOOKS,
  },
  getJwks: {
    kind: 'read',
    rest: 'getJwks',
    trpc: no('public and unauthenticated: a plain GET any receiver can fetch'),
    graphql: OPERATIONS,
  },
  // the dashboard and credentials
  signIn: { kind: 'write', rest: DASHBOARD, trpc: 'session.signIn', graphql: DASHBOARD },
  signOut: { kind: 'write', rest: DASHBOARD, trpc: 'session.signOut', graphql: DASHBOARD },
  currentSession: { kind: 'read', rest: DASHBOARD, trpc: 'session.me', graphql: DASHBOARD },
  getOverview: { kind: 'read', rest: DASHBOARD, trpc: 'overview.get', graphql: DASHBOARD },
  listApiKeys: { kind: 'read', rest: ADMIN_CREDENTIALS, trpc: 'apiKeys.list', graphql: ADMIN_CREDENTIALS },
  createApiKey: { kind: 'write', rest: ADMIN_CREDENTIALS, trpc: 'apiKeys.create', graphql: ADMIN_CREDENTIALS },
  revokeApiKey: { kind: 'write', rest: ADMIN_CREDENTIALS, trpc: 'apiKeys.revoke', graphql: ADMIN_CREDENTIALS },
  listAdmins: { kind: 'read', rest: ADMIN_CREDENTIALS, trpc: 'admins.list', graphql: ADMIN_CREDENTIALS },
  revokeAdmin: { kind: 'write', rest: ADMIN_CREDENTIALS, trpc: 'admins.revoke', graphql: ADMIN_CREDENTIALS },
  // the workspace's settings
  getWorkspace: { kind: 'read', rest: 'getWorkspace', trpc: 'workspace.get', graphql: 'Query.workspace' },
  updateWorkspace: { kind: 'write', rest: 'updateWorkspace', trpc: 'workspace.update', graphql: 'Mutation.updateWorkspace' },
  setWorkspaceLogo: { kind: 'write', rest: 'setWorkspaceLogo', trpc: 'workspace.setLogo', graphql: NO_GQL_BINARY },
  deleteWorkspaceLogo: { kind: 'write', rest: 'deleteWorkspaceLogo', trpc: 'workspace.deleteLogo', graphql: NO_GQL_BINARY },
  getWorkspaceLogo: { kind: 'read', rest: 'getWorkspaceLogo', trpc: PUBLIC_IMAGE, graphql: PUBLIC_IMAGE },
  // operations
  health: { kind: 'read', rest: 'health', trpc: OPERATIONS, graphql: OPERATIONS },
  ready: { kind: 'read', rest: 'ready', trpc: OPERATIONS, graphql: OPERATIONS },
  metrics: { kind: 'read', rest: 'metrics', trpc: OPERATIONS, graphql: OPERATIONS },
  getLandingPage: { kind: 'read', rest: 'getLandingPage', trpc: OPERATIONS, graphql: OPERATIONS },
  getApiReference: { kind: 'read', rest: 'getApiReference', trpc: OPERATIONS, graphql: OPERATIONS },
  getOpenApi: { kind: 'read', rest: 'getOpenApi', trpc: OPERATIONS, graphql: OPERATIONS },
  getFavicon: { kind: 'read', rest: 'getFavicon', trpc: OPERATIONS, graphql: OPERATIONS },
  getProblemType: {
    kind: 'read',
    rest: 'getProblemType',
    trpc: no('a page documenting an error type (the `type` URI of a problem+json answer): HTML for people, no protocol'),
    graphql: no('a page documenting an error type (the `type` URI of a problem+json answer): HTML for people, no protocol'),
  },
  // outbound events (the `webhooks` section of openapi.yaml)
  ...Object.fromEntries(
    [
      'AccountCreated',
      'AccountStatusUpdated',
      'KycStatusUpdated',
      'KycNeedsUpdate',
      'KycVerificationSubmitted',
      'KycVerificationSigned',
      'KycDocumentUploadReceived',
      'KycDocumentUploaded',
      'KycVerificationCompleted',
      'KybVerificationSubmitted',
      'KybDocumentUploaded',
      'BankAccountLink',
      'AccountErased',
      'CryptoTransactionCreated',
      'CryptoTransactionReceived',
      'CryptoTransactionStatusUpdated',
      'CryptoWalletCreated',
      'CryptoBeneficiaryCreated',
      'CryptoBeneficiaryUpdated',
      'CryptoBeneficiaryDeleted',
      'BankTransactionCreated',
      'BankTransactionReceived',
      'BankTransactionStatusUpdated',
      'TradeTransactionCreated',
      'TradeTransactionStatusUpdated',
    ].map((e): [string, UseCase] => [`webhook${e}`, { kind: 'event', rest: `webhook${e}`, trpc: OUTBOUND, graphql: OUTBOUND }]),
  ),
};

/** Use cases that two or more protocols serve, of one kind. */
export function shared(kind: UseCase['kind']): [string, UseCase][] {
  return Object.entries(MATRIX).filter(([, u]) => u.kind === kind && [u.rest, u.trpc, u.graphql].filter(exposed).length >= 2);
}
