// Generated from openapi.yaml by scripts/generate-contract-facts.ts. Do not edit: run npm run generate.
import type { components, operations } from './openapi.js';

type Schemas = components['schemas'];

/** The values of every string enum under components.schemas, in the contract's order. */
export const CONTRACT_ENUMS = {
  ErrorCode: ['MALFORMED_REQUEST', 'VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ROUTE_NOT_FOUND', 'INVALID_STATE', 'LIMIT_REACHED', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'OVERLOADED', 'LINK_EXPIRED', 'TOO_MANY_ATTEMPTS', 'URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT', 'QUERY_TIMEOUT', 'INTERNAL', 'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'QUERY_TOO_COMPLEX'],
  AccountType: ['individual', 'business'],
  AccountStatus: ['pending', 'needs_update', 'in_review', 'active'],
  CountryCode: ['AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'],
  IdDocumentType: ['passport', 'driver_license', 'national_id', 'ssn', 'itin', 'ein', 'other'],
  VerificationStatus: ['saved', 'submitted', 'needs_update', 'completed'],
  TransactionType: ['bank', 'crypto', 'trade'],
  TransactionStatus: ['pending', 'processing', 'completed', 'failed', 'canceled', 'returned'],
  EventType: ['account_created', 'account_status_updated', 'kyc_status_updated', 'kyc_needs_update', 'kyc_verification_submitted', 'kyc_verification_signed', 'kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_completed', 'kyb_verification_submitted', 'kyb_document_uploaded', 'bank_account_link', 'crypto_transaction_created', 'crypto_transaction_received', 'crypto_transaction_status_updated', 'crypto_wallet_created', 'crypto_beneficiary_created', 'crypto_beneficiary_updated', 'crypto_beneficiary_deleted', 'bank_transaction_created', 'bank_transaction_received', 'bank_transaction_status_updated', 'trade_transaction_created', 'trade_transaction_status_updated'],
  DeliveryStatus: ['pending', 'succeeded', 'failed'],
  KycDocumentKind: ['document_front', 'document_back', 'selfie', 'proof_of_address'],
} as const satisfies { [K in keyof Schemas]?: readonly Schemas[K][] };

/** The values of string enums written on a property of an object schema, by schema and property. */
export const CONTRACT_PROPERTY_ENUMS = {
  WorkspaceLogo: {
    mediaType: ['image/png', 'image/jpeg'],
  },
  DashboardSession: {
    role: ['admin', 'analyst', 'api'],
  },
  TeamMember: {
    role: ['admin', 'analyst'],
  },
  BankTransactionDetails: {
    type: ['deposit', 'withdrawal'],
    instrumentType: ['ach', 'wire', 'swift'],
  },
  CryptoTransactionDetails: {
    type: ['deposit', 'withdraw'],
  },
  TradeTransactionDetails: {
    type: ['market'],
    side: ['buy', 'sell'],
  },
  CreateBankTransactionRequest: {
    coin: ['USD', 'EUR', 'GBP'],
    instrumentType: ['ach', 'wire', 'swift'],
  },
  CreateCryptoTransactionRequest: {
    coin: ['BTC', 'ETH', 'USDC', 'USDT', 'SOL'],
    network: ['bitcoin', 'ethereum', 'solana', 'polygon', 'tron'],
  },
  CreateTradeTransactionRequest: {
    type: ['market'],
    side: ['buy', 'sell'],
  },
  KycOutcome: {
    outcome: ['completed', 'needs_update'],
  },
  SimulateBankDepositRequest: {
    coin: ['USD', 'EUR', 'GBP'],
    instrumentType: ['ach', 'wire', 'swift'],
  },
  SimulateCryptoDepositRequest: {
    coin: ['BTC', 'ETH', 'USDC', 'USDT', 'SOL'],
    network: ['bitcoin', 'ethereum', 'solana', 'polygon', 'tron'],
  },
  WebhookTarget: {
    status: ['active', 'disabled'],
  },
  CreateCryptoWalletRequest: {
    coin: ['BTC', 'ETH', 'USDC', 'USDT', 'SOL'],
    network: ['bitcoin', 'ethereum', 'solana', 'polygon', 'tron'],
  },
  CreateCryptoBeneficiaryRequest: {
    coin: ['BTC', 'ETH', 'USDC', 'USDT', 'SOL'],
    network: ['bitcoin', 'ethereum', 'solana', 'polygon', 'tron'],
  },
  BankAccountLink: {
    accountType: ['checking', 'savings'],
  },
  LinkBankAccountRequest: {
    accountType: ['checking', 'savings'],
  },
  KycDocument: {
    mediaType: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
  },
  KycDocumentRead: {
    actor: ['api_key', 'admin', 'system'],
  },
  KycDocumentWithReads: {
    mediaType: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
  },
  KycHolderAction: {
    action: ['document_upload_received', 'documents_uploaded', 'terms_signed'],
  },
  KybEvent: {
    event: ['submitted', 'document_uploaded'],
    documentType: ['articles_of_incorporation', 'ein_letter', 'ownership_structure', 'other'],
  },
  Health: {
    status: ['ok', 'unavailable'],
    database: ['ok', 'unavailable'],
  },
  KybDocumentEventDetails: {
    documentType: ['articles_of_incorporation', 'ein_letter', 'ownership_structure', 'other'],
  },
} as const satisfies { [K in keyof Schemas]?: { [P in keyof Schemas[K]]?: readonly NonNullable<Schemas[K][P]>[] } };

/** The keys of the contract's `webhooks:` section: every event type a delivery can carry. */
export const WEBHOOK_EVENT_TYPES = ['account_created', 'account_status_updated', 'kyc_status_updated', 'kyc_needs_update', 'kyc_verification_submitted', 'kyc_verification_signed', 'kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_completed', 'kyb_verification_submitted', 'kyb_document_uploaded', 'bank_account_link', 'crypto_transaction_created', 'crypto_transaction_received', 'crypto_transaction_status_updated', 'crypto_wallet_created', 'crypto_beneficiary_created', 'crypto_beneficiary_updated', 'crypto_beneficiary_deleted', 'bank_transaction_created', 'bank_transaction_received', 'bank_transaction_status_updated', 'trade_transaction_created', 'trade_transaction_status_updated'] as const satisfies readonly Schemas['EventType'][];

// Compile-time: the EventType enum names no event that the webhooks section does not describe.
type Assert<T extends true> = T;
export type EveryEventTypeDescribed = Assert<[Exclude<Schemas['EventType'], (typeof WEBHOOK_EVENT_TYPES)[number]>] extends [never] ? true : false>;

/** Every operation under `paths:`: its method, its path template, its query parameters with a default. */
export const CONTRACT_OPERATIONS = {
  listAccounts: { method: 'get', path: '/api/v2/accounts', queryDefaults: ['page', 'limit'] },
  createAccount: { method: 'post', path: '/api/v2/accounts', queryDefaults: [] },
  exportAccounts: { method: 'get', path: '/api/v2/accounts/export', queryDefaults: [] },
  getAccount: { method: 'get', path: '/api/v2/accounts/{accountId}', queryDefaults: [] },
  listCryptoWallets: { method: 'get', path: '/api/v2/accounts/{accountId}/crypto-wallets', queryDefaults: ['page', 'limit'] },
  createCryptoWallet: { method: 'post', path: '/api/v2/accounts/{accountId}/crypto-wallets', queryDefaults: [] },
  listCryptoBeneficiaries: { method: 'get', path: '/api/v2/accounts/{accountId}/crypto-beneficiaries', queryDefaults: ['page', 'limit'] },
  createCryptoBeneficiary: { method: 'post', path: '/api/v2/accounts/{accountId}/crypto-beneficiaries', queryDefaults: [] },
  deleteCryptoBeneficiary: { method: 'delete', path: '/api/v2/accounts/{accountId}/crypto-beneficiaries/{beneficiaryId}', queryDefaults: [] },
  updateCryptoBeneficiary: { method: 'patch', path: '/api/v2/accounts/{accountId}/crypto-beneficiaries/{beneficiaryId}', queryDefaults: [] },
  listBankAccounts: { method: 'get', path: '/api/v2/accounts/{accountId}/bank-accounts', queryDefaults: ['page', 'limit'] },
  linkBankAccount: { method: 'post', path: '/api/v2/accounts/{accountId}/bank-accounts', queryDefaults: [] },
  simulateKycHolderAction: { method: 'post', path: '/api/v2/simulations/kyc/{accountId}/holder-action', queryDefaults: [] },
  simulateKybEvent: { method: 'post', path: '/api/v2/simulations/kyb/{accountId}', queryDefaults: [] },
  submitBankingVerification: { method: 'post', path: '/api/v2/kyc/banking-verification/individual', queryDefaults: [] },
  requestBankingVerification: { method: 'post', path: '/api/v2/kyc/banking-verification/request', queryDefaults: [] },
  getBankingVerification: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}', queryDefaults: [] },
  verificationPage: { method: 'get', path: '/verify/{token}', queryDefaults: [] },
  uploadHolderDocument: { method: 'post', path: '/verify/{token}/documents', queryDefaults: [] },
  signHolderVerification: { method: 'post', path: '/verify/{token}/signature', queryDefaults: [] },
  verificationPageAsset: { method: 'get', path: '/verify-assets/{file}', queryDefaults: [] },
  listVerificationDocuments: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}/documents', queryDefaults: ['page', 'limit'] },
  getVerificationDocumentContent: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}/documents/{documentId}/content', queryDefaults: [] },
  listTransactions: { method: 'get', path: '/api/v2/transactions', queryDefaults: ['page', 'limit'] },
  exportTransactions: { method: 'get', path: '/api/v2/transactions/export', queryDefaults: [] },
  getTransaction: { method: 'get', path: '/api/v2/transactions/{transactionId}', queryDefaults: [] },
  createBankTransaction: { method: 'post', path: '/api/v2/transactions/bank', queryDefaults: [] },
  createCryptoTransaction: { method: 'post', path: '/api/v2/transactions/crypto', queryDefaults: [] },
  createTradeTransaction: { method: 'post', path: '/api/v2/transactions/trade', queryDefaults: [] },
  simulateTransactionStatus: { method: 'post', path: '/api/v2/simulations/transactions/{transactionId}/status', queryDefaults: [] },
  simulateKycOutcome: { method: 'post', path: '/api/v2/simulations/kyc/{accountId}/outcome', queryDefaults: [] },
  simulateBankDeposit: { method: 'post', path: '/api/v2/simulations/deposits/bank', queryDefaults: [] },
  simulateCryptoDeposit: { method: 'post', path: '/api/v2/simulations/deposits/crypto', queryDefaults: [] },
  getWorkspace: { method: 'get', path: '/api/v2/workspace', queryDefaults: [] },
  updateWorkspace: { method: 'patch', path: '/api/v2/workspace', queryDefaults: [] },
  setWorkspaceLogo: { method: 'put', path: '/api/v2/workspace/logo', queryDefaults: [] },
  deleteWorkspaceLogo: { method: 'delete', path: '/api/v2/workspace/logo', queryDefaults: [] },
  getWorkspaceLogo: { method: 'get', path: '/workspace-logos/{sha256}', queryDefaults: [] },
  listWebhookTargets: { method: 'get', path: '/api/v2/webhook-targets', queryDefaults: ['page', 'limit'] },
  createWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets', queryDefaults: [] },
  getWebhookTarget: { method: 'get', path: '/api/v2/webhook-targets/{targetId}', queryDefaults: [] },
  deleteWebhookTarget: { method: 'delete', path: '/api/v2/webhook-targets/{targetId}', queryDefaults: [] },
  updateWebhookTarget: { method: 'patch', path: '/api/v2/webhook-targets/{targetId}', queryDefaults: [] },
  enableWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets/{targetId}/enable', queryDefaults: [] },
  listEvents: { method: 'get', path: '/api/v2/events', queryDefaults: ['page', 'limit'] },
  streamEvents: { method: 'get', path: '/api/v2/events/stream', queryDefaults: [] },
  getEvent: { method: 'get', path: '/api/v2/events/{eventId}', queryDefaults: [] },
  listWebhookDeliveries: { method: 'get', path: '/api/v2/webhook-deliveries', queryDefaults: ['page', 'limit'] },
  getWebhookDelivery: { method: 'get', path: '/api/v2/webhook-deliveries/{deliveryId}', queryDefaults: [] },
  redeliverWebhookDelivery: { method: 'post', path: '/api/v2/webhook-deliveries/{deliveryId}/redeliver', queryDefaults: [] },
  getJwks: { method: 'get', path: '/.well-known/jwks.json', queryDefaults: [] },
  health: { method: 'get', path: '/healthz', queryDefaults: [] },
  metrics: { method: 'get', path: '/metrics', queryDefaults: [] },
  ready: { method: 'get', path: '/readyz', queryDefaults: [] },
  getLandingPage: { method: 'get', path: '/', queryDefaults: [] },
  getFavicon: { method: 'get', path: '/favicon.ico', queryDefaults: [] },
  getApiReference: { method: 'get', path: '/docs', queryDefaults: [] },
  getOpenApi: { method: 'get', path: '/openapi.yaml', queryDefaults: [] },
} as const satisfies { [K in keyof operations]?: { method: string; path: string; queryDefaults: readonly string[] } };
