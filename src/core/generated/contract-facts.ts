// Generated from openapi.yaml by scripts/generate-contract-facts.ts. Do not edit: run npm run generate.
import type { components, operations } from './openapi.js';

type Schemas = components['schemas'];

/** The values of every string enum under components.schemas, in the contract's order. */
export const CONTRACT_ENUMS = {
  ErrorCode: ['MALFORMED_REQUEST', 'VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ROUTE_NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_FUNDS', 'LIMIT_REACHED', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'OVERLOADED', 'LINK_EXPIRED', 'TOO_MANY_ATTEMPTS', 'URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT', 'QUERY_TIMEOUT', 'DATABASE_UNAVAILABLE', 'INTERNAL', 'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'QUERY_TOO_COMPLEX', 'GRAPHQL_OPERATION_INVALID'],
  FieldErrorCode: ['required', 'unknown_field', 'invalid_type', 'not_allowed', 'invalid_format', 'too_short', 'too_long', 'too_small', 'too_large', 'too_few', 'too_many', 'too_precise', 'too_deep', 'unstorable', 'hidden_characters', 'invalid'],
  AccountType: ['individual', 'business'],
  AccountStatus: ['pending', 'needs_update', 'in_review', 'active', 'rejected'],
  LedgerEntryType: ['hold', 'release', 'settle', 'post'],
  CountryCode: ['AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'],
  IdDocumentType: ['passport', 'driver_license', 'national_id', 'ssn', 'itin', 'ein', 'other'],
  VerificationStatus: ['saved', 'submitted', 'needs_update', 'completed', 'rejected'],
  BusinessType: ['corporation', 'llc', 'partnership', 'sole_proprietorship', 'non_profit', 'other'],
  BusinessPersonRole: ['ownership', 'control'],
  TransactionType: ['bank', 'crypto', 'trade'],
  TransactionStatus: ['pending', 'processing', 'completed', 'failed', 'canceled', 'returned'],
  TransactionDirection: ['in', 'out', 'exchange'],
  EventType: ['account_created', 'account_status_updated', 'account_erased', 'kyc_status_updated', 'kyc_needs_update', 'kyc_verification_submitted', 'kyc_verification_signed', 'kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_completed', 'kyb_verification_submitted', 'kyb_document_uploaded', 'bank_account_link', 'crypto_transaction_created', 'crypto_transaction_received', 'crypto_transaction_status_updated', 'crypto_wallet_created', 'crypto_beneficiary_created', 'crypto_beneficiary_updated', 'crypto_beneficiary_deleted', 'bank_transaction_created', 'bank_transaction_received', 'bank_transaction_status_updated', 'trade_transaction_created', 'trade_transaction_status_updated'],
  DeliveryStatus: ['pending', 'succeeded', 'failed'],
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
  LedgerLine: {
    ledgerAccount: ['customer', 'clearing', 'fees', 'trading_desk'],
    direction: ['debit', 'credit'],
  },
  StatusActor: {
    kind: ['api_key', 'person', 'system'],
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
  BankTransaction: {
    transactionType: ['bank'],
  },
  CryptoTransaction: {
    transactionType: ['crypto'],
  },
  TradeTransaction: {
    transactionType: ['trade'],
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
    outcome: ['completed', 'needs_update', 'rejected'],
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
    status: ['active', 'paused', 'disabled'],
  },
  AccountCreatedEventRecord: {
    type: ['account_created'],
  },
  AccountErasedEventRecord: {
    type: ['account_erased'],
  },
  AccountStatusUpdatedEventRecord: {
    type: ['account_status_updated'],
  },
  KycStatusUpdatedEventRecord: {
    type: ['kyc_status_updated'],
  },
  KycNeedsUpdateEventRecord: {
    type: ['kyc_needs_update'],
  },
  KycVerificationSubmittedEventRecord: {
    type: ['kyc_verification_submitted'],
  },
  KycVerificationSignedEventRecord: {
    type: ['kyc_verification_signed'],
  },
  KycDocumentUploadReceivedEventRecord: {
    type: ['kyc_document_upload_received'],
  },
  KycDocumentUploadedEventRecord: {
    type: ['kyc_document_uploaded'],
  },
  KycVerificationCompletedEventRecord: {
    type: ['kyc_verification_completed'],
  },
  KybVerificationSubmittedEventRecord: {
    type: ['kyb_verification_submitted'],
  },
  KybDocumentUploadedEventRecord: {
    type: ['kyb_document_uploaded'],
  },
  BankAccountLinkEventRecord: {
    type: ['bank_account_link'],
  },
  CryptoTransactionCreatedEventRecord: {
    type: ['crypto_transaction_created'],
  },
  CryptoTransactionReceivedEventRecord: {
    type: ['crypto_transaction_received'],
  },
  CryptoTransactionStatusUpdatedEventRecord: {
    type: ['crypto_transaction_status_updated'],
  },
  CryptoWalletCreatedEventRecord: {
    type: ['crypto_wallet_created'],
  },
  CryptoBeneficiaryCreatedEventRecord: {
    type: ['crypto_beneficiary_created'],
  },
  CryptoBeneficiaryUpdatedEventRecord: {
    type: ['crypto_beneficiary_updated'],
  },
  CryptoBeneficiaryDeletedEventRecord: {
    type: ['crypto_beneficiary_deleted'],
  },
  BankTransactionCreatedEventRecord: {
    type: ['bank_transaction_created'],
  },
  BankTransactionReceivedEventRecord: {
    type: ['bank_transaction_received'],
  },
  BankTransactionStatusUpdatedEventRecord: {
    type: ['bank_transaction_status_updated'],
  },
  TradeTransactionCreatedEventRecord: {
    type: ['trade_transaction_created'],
  },
  TradeTransactionStatusUpdatedEventRecord: {
    type: ['trade_transaction_status_updated'],
  },
  AuditActor: {
    kind: ['api_key', 'admin', 'system'],
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
    event: ['submitted', 'document_uploaded', 'signed'],
    documentType: ['articles_of_incorporation', 'ein_letter', 'ownership_structure', 'other'],
  },
  Health: {
    status: ['ok', 'unavailable'],
    database: ['ok', 'unavailable'],
  },
  KybDocumentEventDetails: {
    documentType: ['articles_of_incorporation', 'ein_letter', 'ownership_structure', 'other', 'certificate_of_incorporation', 'proof_of_registered_address', 'person_identity_document'],
  },
  AccountCreatedEvent: {
    type: ['account_created'],
  },
  AccountStatusUpdatedEvent: {
    type: ['account_status_updated'],
  },
  AccountErasedEvent: {
    type: ['account_erased'],
  },
  KycStatusUpdatedEvent: {
    type: ['kyc_status_updated'],
  },
  KycNeedsUpdateEvent: {
    type: ['kyc_needs_update'],
  },
  KycVerificationSubmittedEvent: {
    type: ['kyc_verification_submitted'],
  },
  KycVerificationSignedEvent: {
    type: ['kyc_verification_signed'],
  },
  KycDocumentUploadReceivedEvent: {
    type: ['kyc_document_upload_received'],
  },
  KycDocumentUploadedEvent: {
    type: ['kyc_document_uploaded'],
  },
  KycVerificationCompletedEvent: {
    type: ['kyc_verification_completed'],
  },
  KybVerificationSubmittedEvent: {
    type: ['kyb_verification_submitted'],
  },
  KybDocumentUploadedEvent: {
    type: ['kyb_document_uploaded'],
  },
  BankAccountLinkEvent: {
    type: ['bank_account_link'],
  },
  CryptoTransactionCreatedEvent: {
    type: ['crypto_transaction_created'],
  },
  CryptoTransactionReceivedEvent: {
    type: ['crypto_transaction_received'],
  },
  CryptoTransactionStatusUpdatedEvent: {
    type: ['crypto_transaction_status_updated'],
  },
  CryptoWalletCreatedEvent: {
    type: ['crypto_wallet_created'],
  },
  CryptoBeneficiaryCreatedEvent: {
    type: ['crypto_beneficiary_created'],
  },
  CryptoBeneficiaryUpdatedEvent: {
    type: ['crypto_beneficiary_updated'],
  },
  CryptoBeneficiaryDeletedEvent: {
    type: ['crypto_beneficiary_deleted'],
  },
  BankTransactionCreatedEvent: {
    type: ['bank_transaction_created'],
  },
  BankTransactionReceivedEvent: {
    type: ['bank_transaction_received'],
  },
  BankTransactionStatusUpdatedEvent: {
    type: ['bank_transaction_status_updated'],
  },
  TradeTransactionCreatedEvent: {
    type: ['trade_transaction_created'],
  },
  TradeTransactionStatusUpdatedEvent: {
    type: ['trade_transaction_status_updated'],
  },
} as const satisfies { [K in keyof Schemas]?: { [P in keyof Schemas[K]]?: readonly NonNullable<Schemas[K][P]>[] } };

/** The keys of the contract's `webhooks:` section: every event type a delivery can carry. */
export const WEBHOOK_EVENT_TYPES = ['account_created', 'account_status_updated', 'account_erased', 'kyc_status_updated', 'kyc_needs_update', 'kyc_verification_submitted', 'kyc_verification_signed', 'kyc_document_upload_received', 'kyc_document_uploaded', 'kyc_verification_completed', 'kyb_verification_submitted', 'kyb_document_uploaded', 'bank_account_link', 'crypto_transaction_created', 'crypto_transaction_received', 'crypto_transaction_status_updated', 'crypto_wallet_created', 'crypto_beneficiary_created', 'crypto_beneficiary_updated', 'crypto_beneficiary_deleted', 'bank_transaction_created', 'bank_transaction_received', 'bank_transaction_status_updated', 'trade_transaction_created', 'trade_transaction_status_updated'] as const satisfies readonly Schemas['EventType'][];

/** The example body of each event type (its `example` under `webhooks:`): what a test send delivers. */
export const WEBHOOK_EXAMPLES = {
  account_created: {"webhookId":"4b5766f1-0977-4013-a3a6-611169123b73","type":"account_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:35.873Z","details":{"account":{"type":"individual","email":"p@example.com","status":"pending","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:35.843Z","reference":null,"updatedAt":"2026-11-25T21:19:35.843Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  account_status_updated: {"webhookId":"adb6fcd8-d285-411c-b06f-06a699382c46","type":"account_status_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:37.900Z","details":{"account":{"type":"individual","email":"p@example.com","status":"in_review","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:35.843Z","reference":null,"updatedAt":"2026-11-25T21:19:37.788Z"},"previousStatus":"pending"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  account_erased: {"webhookId":"3c1d9a55-0b7e-4f43-9d2c-5e8a1f6b7c90","type":"account_erased","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-12-12T10:00:00.000Z","details":{"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","erasedAt":"2026-12-12T10:00:00.000Z","erased":["email","verification","documents","signature"]},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_status_updated: {"webhookId":"77753ce6-dd19-408b-930a-1073adba74d9","type":"kyc_status_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:36.345Z","details":{"status":"saved","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","previousStatus":null},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_needs_update: {"webhookId":"205498bb-5c7f-4727-ab96-57114693cca4","type":"kyc_needs_update","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:38.173Z","details":{"account":{"type":"individual","email":"p@example.com","status":"needs_update","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:35.843Z","reference":null,"updatedAt":"2026-11-25T21:19:38.068Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_verification_submitted: {"webhookId":"7f3c0aa8-aa7b-4d7d-8aa4-682ff0af0c80","type":"kyc_verification_submitted","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:37.974Z","details":{"account":{"type":"individual","email":"p@example.com","status":"in_review","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:35.843Z","reference":null,"updatedAt":"2026-11-25T21:19:37.788Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_verification_signed: {"webhookId":"a058fb34-8dea-4b33-a5ea-6f29f6f84caa","type":"kyc_verification_signed","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:37.574Z","details":{"signedAt":"2026-11-25T21:19:37.570Z","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","termsVersion":"2026-11-01"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_document_upload_received: {"webhookId":"08c768d8-9fd4-40c9-add9-f976a2fe5687","type":"kyc_document_upload_received","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:36.923Z","details":{"document":{"kind":"document_front","sha256":"a1abfd410973b0111c215baa879b9edcd739e601659ba44168269767cc2e9108","fileName":"sandbox-document_front.png","mediaType":"image/png","sizeBytes":67,"documentId":"04a8b449-904b-4e4a-8af5-9feb7d551cfa","uploadedAt":"2026-11-25T21:19:36.843Z"},"replaced":false,"accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_document_uploaded: {"webhookId":"23f76575-a6b7-4eae-a696-2af3aa60e9c8","type":"kyc_document_uploaded","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:37.529Z","details":{"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","documents":[{"kind":"document_front","sha256":"a1abfd410973b0111c215baa879b9edcd739e601659ba44168269767cc2e9108","fileName":"sandbox-document_front.png","mediaType":"image/png","sizeBytes":67,"documentId":"04a8b449-904b-4e4a-8af5-9feb7d551cfa","uploadedAt":"2026-11-25T21:19:36.843Z"},{"kind":"selfie","sha256":"a1abfd410973b0111c215baa879b9edcd739e601659ba44168269767cc2e9108","fileName":"sandbox-selfie.png","mediaType":"image/png","sizeBytes":67,"documentId":"e0e20d4f-4923-4593-b5fc-573f32d32498","uploadedAt":"2026-11-25T21:19:37.430Z"},{"kind":"proof_of_address","sha256":"a1abfd410973b0111c215baa879b9edcd739e601659ba44168269767cc2e9108","fileName":"sandbox-proof_of_address.png","mediaType":"image/png","sizeBytes":67,"documentId":"b4386581-cbfa-4dc6-9608-81798629d236","uploadedAt":"2026-11-25T21:19:37.489Z"}]},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyc_verification_completed: {"webhookId":"c0f60695-2d9a-4988-a459-110e563bc806","type":"kyc_verification_completed","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:38.669Z","details":{"account":{"type":"individual","email":"p@example.com","status":"active","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:35.843Z","reference":null,"updatedAt":"2026-11-25T21:19:38.637Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyb_verification_submitted: {"webhookId":"b81b7ec4-55ca-4856-9c9d-46f2d763853c","type":"kyb_verification_submitted","accountId":"5388fa2c-c061-4144-a9de-04c81acd275a","timestamp":"2026-11-25T21:19:38.923Z","details":{"account":{"type":"business","email":"b@example.com","status":"in_review","accountId":"5388fa2c-c061-4144-a9de-04c81acd275a","createdAt":"2026-11-25T21:19:38.724Z","reference":null,"updatedAt":"2026-11-25T21:19:38.845Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  kyb_document_uploaded: {"webhookId":"77666272-f2f9-4318-b1d7-6e9281a25a5d","type":"kyb_document_uploaded","accountId":"5388fa2c-c061-4144-a9de-04c81acd275a","timestamp":"2026-11-25T21:19:39.071Z","details":{"account":{"type":"business","email":"b@example.com","status":"in_review","accountId":"5388fa2c-c061-4144-a9de-04c81acd275a","createdAt":"2026-11-25T21:19:38.724Z","reference":null,"updatedAt":"2026-11-25T21:19:38.845Z"},"documentType":"ein_letter"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  bank_account_link: {"webhookId":"612b020d-0ecf-4eee-95a1-2452fd79ff91","type":"bank_account_link","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.145Z","details":{"bankAccount":{"id":"524f1468-a996-44ac-af74-aec6a933f38f","bankName":null,"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.142Z","holderName":"Pat Doe","accountType":"checking","routingNumber":"021000021","accountNumberLast4":"6789"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_transaction_created: {"webhookId":"58d171d0-c475-4ba7-8791-1a2afd86f5f6","type":"crypto_transaction_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.103Z","details":{"transaction":{"id":"23df68f6-684c-44c6-86a1-ea788b524232","audit":{"apiKey":true},"coins":["ETH"],"status":"pending","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.031Z","reference":"","statusReason":"created","statusHistory":[{"date":"2026-11-25T21:19:40.031Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"crypto","direction":"out","cryptoTransactionDetails":{"fee":"0.00200000","coin":"ETH","type":"withdraw","total":"0.50200000","amount":"0.50000000","network":"ethereum","networkFee":"0.00060000","targetAddress":"0x52908400098527886E0F7030069857D2E4169EE7"}}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_transaction_received: {"webhookId":"d9e0c3b9-d97e-4f80-a438-3e5259ca201d","type":"crypto_transaction_received","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.933Z","details":{"transaction":{"id":"30af6cf2-787f-4340-8d5d-121b022e7f4e","audit":{"apiKey":true},"coins":["SOL"],"status":"pending","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.888Z","reference":"","statusReason":"created","statusHistory":[{"date":"2026-11-25T21:19:40.888Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"crypto","direction":"in","cryptoTransactionDetails":{"fee":"0.000000000","coin":"SOL","type":"deposit","total":"1.000000000","amount":"1.000000000","txHash":"0x8b8c2a04fd2449591396ea5138007cde1b97fe3c2b3245cdd7ad7aab267dd0b0","network":"solana"}}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_transaction_status_updated: {"webhookId":"3a76762a-b3ce-4941-b332-2ee97f69fef6","type":"crypto_transaction_status_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.590Z","details":{"transaction":{"id":"23df68f6-684c-44c6-86a1-ea788b524232","audit":{"apiKey":true},"coins":["ETH"],"status":"processing","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.031Z","reference":"","statusReason":"","statusHistory":[{"date":"2026-11-25T21:19:40.557Z","status":"processing","statusReason":"","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}},{"date":"2026-11-25T21:19:40.031Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"crypto","direction":"out","cryptoTransactionDetails":{"fee":"0.00200000","coin":"ETH","type":"withdraw","total":"0.50200000","amount":"0.50000000","txHash":"0x1ad6449e8150f4ab22e8236f1aff402fbb2f0e8b42fbb7c75f29eb6bea6a7d51","network":"ethereum","networkFee":"0.00060000","targetAddress":"0x52908400098527886E0F7030069857D2E4169EE7"}},"previousStatus":"pending"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_wallet_created: {"webhookId":"7d3f1ccd-4e87-4f6b-b91e-9802efc90aa2","type":"crypto_wallet_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.278Z","details":{"wallet":{"id":"82da1208-9c07-44db-8755-807200baccad","coin":"ETH","address":"0xb9c17358fd30cfe9dcc7655057cbb4ce9175711a","network":"ethereum","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.239Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_beneficiary_created: {"webhookId":"d2800348-841a-4522-8f9e-4a0d34a16e84","type":"crypto_beneficiary_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.411Z","details":{"beneficiary":{"id":"156d0f30-b5f5-4073-b237-00db611db048","coin":"BTC","name":"Cold storage","address":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","network":"bitcoin","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.375Z","updatedAt":"2026-11-25T21:19:39.375Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_beneficiary_updated: {"webhookId":"857e7d10-a4ee-4e82-8573-1f3867883fcf","type":"crypto_beneficiary_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.491Z","details":{"beneficiary":{"id":"156d0f30-b5f5-4073-b237-00db611db048","coin":"BTC","name":"Vault","address":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","network":"bitcoin","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.375Z","updatedAt":"2026-11-25T21:19:39.472Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  crypto_beneficiary_deleted: {"webhookId":"d9941144-0149-4825-ae1f-72b6f85a10e6","type":"crypto_beneficiary_deleted","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.561Z","details":{"beneficiary":{"id":"156d0f30-b5f5-4073-b237-00db611db048","coin":"BTC","name":"Vault","address":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","network":"bitcoin","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.375Z","updatedAt":"2026-11-25T21:19:39.472Z"}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  bank_transaction_created: {"webhookId":"2ffe2751-369b-4323-9c73-92eaa09eccde","type":"bank_transaction_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:39.812Z","details":{"transaction":{"id":"6d10e5b5-1fed-4f68-909e-80a1605ee3ec","audit":{"apiKey":true},"coins":["USD"],"status":"pending","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.643Z","reference":"","statusReason":"created","statusHistory":[{"date":"2026-11-25T21:19:39.643Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"bank","direction":"out","bankTransactionDetails":{"fee":"0.25","coin":"USD","type":"withdrawal","total":"100.25","amount":"100.00","traceNumber":"021000029085651","instrumentType":"ach","beneficiaryName":"Jane Doe","transactionReference":"FAS2026112523888243","beneficiaryAccountNumber":"123456789","beneficiaryRoutingNumber":"021000021"}}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  bank_transaction_received: {"webhookId":"7460f80e-ab50-4665-8e69-99acc18449d7","type":"bank_transaction_received","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.778Z","details":{"transaction":{"id":"f263d61e-1fe1-4d98-8318-49855cedf88c","audit":{"apiKey":true},"coins":["USD"],"status":"pending","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.736Z","reference":"","statusReason":"created","statusHistory":[{"date":"2026-11-25T21:19:40.736Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"bank","direction":"in","bankTransactionDetails":{"fee":"0.00","coin":"USD","type":"deposit","total":"5.00","amount":"5.00","traceNumber":"021000025743318","instrumentType":"ach","transactionReference":"FAS2026112504118892"}}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  bank_transaction_status_updated: {"webhookId":"63cf4e92-3fc5-448c-b3ab-6111318aa0bb","type":"bank_transaction_status_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.457Z","details":{"transaction":{"id":"6d10e5b5-1fed-4f68-909e-80a1605ee3ec","audit":{"apiKey":true},"coins":["USD"],"status":"processing","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:39.643Z","reference":"","statusReason":"","statusHistory":[{"date":"2026-11-25T21:19:40.424Z","status":"processing","statusReason":"","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}},{"date":"2026-11-25T21:19:39.643Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"bank","direction":"out","bankTransactionDetails":{"fee":"0.25","coin":"USD","type":"withdrawal","total":"100.25","amount":"100.00","traceNumber":"021000029085651","instrumentType":"ach","beneficiaryName":"Jane Doe","transactionReference":"FAS2026112523888243","beneficiaryAccountNumber":"123456789","beneficiaryRoutingNumber":"021000021"}},"previousStatus":"pending"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  trade_transaction_created: {"webhookId":"58705682-5ecd-4327-adba-55601fdf4f29","type":"trade_transaction_created","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.320Z","details":{"transaction":{"id":"789de541-5133-455f-b0df-2a4ee44a716b","audit":{"apiKey":true},"coins":["BTC","USD"],"status":"pending","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.236Z","reference":"","statusReason":"created","statusHistory":[{"date":"2026-11-25T21:19:40.236Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"trade","direction":"exchange","tradeTransactionDetails":{"fee":"3.25","rate":"65000","side":"buy","type":"market","product":"BTC-USD","quantity":"0.01000000","feeCurrency":"USD","quoteCurrency":"USD","quoteQuantity":"650.00","quantityCurrency":"BTC"}}},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
  trade_transaction_status_updated: {"webhookId":"b9f09dee-1707-41ea-91e9-83ba13fb3edc","type":"trade_transaction_status_updated","accountId":"f100b514-d888-4920-b526-19f5d970fe9c","timestamp":"2026-11-25T21:19:40.661Z","details":{"transaction":{"id":"789de541-5133-455f-b0df-2a4ee44a716b","audit":{"apiKey":true},"coins":["BTC","USD"],"status":"processing","account":{"email":"p@example.com","accountId":"f100b514-d888-4920-b526-19f5d970fe9c"},"accountId":"f100b514-d888-4920-b526-19f5d970fe9c","createdAt":"2026-11-25T21:19:40.236Z","reference":"","statusReason":"","statusHistory":[{"date":"2026-11-25T21:19:40.627Z","status":"processing","statusReason":"","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}},{"date":"2026-11-25T21:19:40.236Z","status":"pending","statusReason":"created","actor":{"kind":"api_key","apiKeyId":"3d2f1c0b-9a8e-4f7d-8c6b-5a4e3d2c1b0a","apiKeyName":"billing-service"}}],"transactionType":"trade","direction":"exchange","tradeTransactionDetails":{"fee":"3.25","rate":"65000","side":"buy","type":"market","product":"BTC-USD","quantity":"0.01000000","feeCurrency":"USD","quoteCurrency":"USD","quoteQuantity":"650.00","quantityCurrency":"BTC"}},"previousStatus":"pending"},"systemNotes":"This webhook is a notification, not the source of truth: it may arrive late, more than once or out of order. Verify the current status through the API before acting on it."},
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], Schemas['WebhookEvent']>;

// Compile-time: the EventType enum names no event that the webhooks section does not describe.
type Assert<T extends true> = T;
export type EveryEventTypeDescribed = Assert<[Exclude<Schemas['EventType'], (typeof WEBHOOK_EVENT_TYPES)[number]>] extends [never] ? true : false>;

/** The name, bounds and default of every integer parameter under components.parameters (page sizes, page numbers). */
export const CONTRACT_INTEGER_PARAMETERS = {
  Page: { name: 'page', minimum: 1, maximum: 1000000000, default: 1 },
  Limit: { name: 'limit', minimum: 1, maximum: 1000, default: 100 },
} as const satisfies Record<string, { name: string; minimum?: number; maximum?: number; default?: number }>;

/** Every operation under `paths:`: its method, its path template, its query parameters with a default. */
export const CONTRACT_OPERATIONS = {
  listAccounts: { method: 'get', path: '/api/v2/accounts', queryDefaults: ['page', 'limit'] },
  createAccount: { method: 'post', path: '/api/v2/accounts', queryDefaults: [] },
  exportAccounts: { method: 'get', path: '/api/v2/accounts/export', queryDefaults: [] },
  getAccount: { method: 'get', path: '/api/v2/accounts/{accountId}', queryDefaults: [] },
  eraseAccount: { method: 'post', path: '/api/v2/accounts/{accountId}/erasure', queryDefaults: [] },
  getAccountBalances: { method: 'get', path: '/api/v2/accounts/{accountId}/balances', queryDefaults: [] },
  listAccountEntries: { method: 'get', path: '/api/v2/accounts/{accountId}/entries', queryDefaults: ['page', 'limit'] },
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
  submitBusinessVerification: { method: 'post', path: '/api/v2/kyc/banking-verification/business', queryDefaults: [] },
  requestBankingVerification: { method: 'post', path: '/api/v2/kyc/banking-verification/request', queryDefaults: [] },
  getBankingVerification: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}', queryDefaults: [] },
  getBusinessVerification: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}/business', queryDefaults: [] },
  verificationPage: { method: 'get', path: '/verify/{token}', queryDefaults: [] },
  uploadHolderDocument: { method: 'post', path: '/verify/{token}/documents', queryDefaults: [] },
  signHolderVerification: { method: 'post', path: '/verify/{token}/signature', queryDefaults: [] },
  verificationPageAsset: { method: 'get', path: '/verify-assets/{file}', queryDefaults: [] },
  listVerificationDocuments: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}/documents', queryDefaults: ['page', 'limit'] },
  getVerificationDocumentContent: { method: 'get', path: '/api/v2/kyc/banking-verification/{accountId}/documents/{documentId}/content', queryDefaults: [] },
  listTransactions: { method: 'get', path: '/api/v2/transactions', queryDefaults: ['page', 'limit'] },
  exportTransactions: { method: 'get', path: '/api/v2/transactions/export', queryDefaults: [] },
  getTransaction: { method: 'get', path: '/api/v2/transactions/{transactionId}', queryDefaults: [] },
  listTransactionEntries: { method: 'get', path: '/api/v2/transactions/{transactionId}/entries', queryDefaults: [] },
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
  pauseWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets/{targetId}/pause', queryDefaults: [] },
  resumeWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets/{targetId}/resume', queryDefaults: [] },
  listAuditLog: { method: 'get', path: '/api/v2/audit-log', queryDefaults: ['page', 'limit'] },
  exportAuditLog: { method: 'get', path: '/api/v2/audit-log/export', queryDefaults: ['format'] },
  listEvents: { method: 'get', path: '/api/v2/events', queryDefaults: ['page', 'limit'] },
  streamEvents: { method: 'get', path: '/api/v2/events/stream', queryDefaults: [] },
  getEvent: { method: 'get', path: '/api/v2/events/{eventId}', queryDefaults: [] },
  testWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets/{targetId}/test', queryDefaults: [] },
  recoverWebhookTarget: { method: 'post', path: '/api/v2/webhook-targets/{targetId}/recover', queryDefaults: [] },
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
  getProblemType: { method: 'get', path: '/problems/{code}', queryDefaults: [] },
  getOpenApi: { method: 'get', path: '/openapi.yaml', queryDefaults: [] },
} as const satisfies { [K in keyof operations]?: { method: string; path: string; queryDefaults: readonly string[] } };
