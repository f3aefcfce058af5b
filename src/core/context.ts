import type { BulkCopy } from '../db/bulk-copy.js';
import type { Db, SqlRunner } from '../db/database.js';
import { setDbCaller } from '../db/request-signal.js';
import type { Schemas } from './contract.js';
import type { FieldCipher } from './crypto/field-cipher.js';
import type { Clock, CredentialCache, DocumentStore, FeeSchedule, IdGenerator, ReadReplicas } from './ports.js';

/** What the core needs from the process: storage and side-effect ports. No request, no transport. */
export interface Deps {
  db: Db;
  /** Read-heavy SQL straight through the driver (no ORM round trip): the list and count queries. */
  sql: SqlRunner;
  /** COPY for bulk loads (`fas seed`); without it the seed inserts with `INSERT ... SELECT FROM unnest(...)`. */
  bulk?: BulkCopy;
  clock: Clock;
  ids: IdGenerator;
  /** Withdrawal fees; unset: the sandbox schedule (transactions/catalog.ts). */
  fees?: FeeSchedule;
  /** Seals PII at rest under the master key. */
  cipher: FieldCipher;
  /** Base of links handed to people (verification links). */
  publicUrl: string;
  /** FAS_WEBHOOK_ALLOW_INSECURE: http and loopback webhook targets (local development). */
  allowInsecureWebhooks: boolean;
  /** FAS_WEBHOOK_ALLOW_PRIVATE: private subnets webhook targets may be in (never link-local or metadata). */
  webhookAllowPrivate?: readonly string[];
  /** Where holder documents' contents live; unset: encrypted in the database. */
  documentStore?: DocumentStore;
  /** FAS_DOCUMENT_MAX_BYTES: largest file a holder may upload; unset: 10 MiB. */
  documentMaxBytes?: number;
  /** Recent authentications, cleared on every change to a credential (unset: every request queries). */
  credentials?: CredentialCache<Authenticated>;
  /**
   * A row scan of an aggregate expected to read more transactions than this runs in slices of
   * time, a statement each (transactions/stats-chunks.ts); unset or 0: one statement.
   */
  scanChunkRows?: number;
  /** Streaming replicas for lists, aggregates and exports (core/read-routing.ts); unset: the primary reads everything. */
  replicas?: ReadReplicas;
}

/** Who may do what: the contract's roles (`DashboardSession.role`): a team member's, or an API key's. */
export type Role = Schemas['DashboardSession']['role'];

/**
 * Who is calling. `system` is the CLI acting for an operator, the worker, or a holder's verification
 * link (`name` says which, for the audit log). An API key's `name` is its label, for the audit log.
 */
export type Actor =
  | { kind: 'api_key'; role: 'api'; apiKeyId: string; name?: string | null }
  | { kind: 'admin'; role: Schemas['TeamMember']['role']; adminId: string; email: string }
  | { kind: 'system'; role: 'admin'; name?: string };

/** The request a change came in on, as the audit log records it (src/core/audit/record-audit.ts). */
export interface RequestOrigin {
  /** The request id the server logs and answers in `X-Request-Id`. */
  requestId?: string;
  /** The client's address as the server sees it (after trusted proxies). */
  clientAddress?: string;
}

/** A resolved credential: its workspace and who is calling (src/core/auth/authenticate.ts). */
export interface Authenticated {
  workspaceId: string;
  /** Sandbox workspaces may run simulations. */
  sandbox: boolean;
  actor: Actor;
}

/** The claimed key of the running request, and the status its success answers with. */
export interface PendingAnswer {
  key: string;
  successStatus: number;
  /** True once the answer was committed together with the change. */
  recorded: boolean;
}

/** A caller inside one workspace: every use case takes one and scopes its queries to it. */
export interface Ctx extends Deps {
  workspaceId: string;
  sandbox: boolean;
  actor: Actor;
  /** Set for a request with an `Idempotency-Key`: its answer is stored with the change. */
  idempotency?: PendingAnswer;
  /**
   * `replica`: the caller accepts lists and aggregates up to the replicas' lag bound old (analysts'
   * GraphQL queries, the dashboard's reads); unset: every read sees every committed write.
   */
  reads?: 'replica';
  /** The request behind the call, for the audit log; unset for the CLI and the worker. */
  request?: RequestOrigin;
}

export function createContext(
  deps: Deps,
  auth: { workspaceId: string; sandbox: boolean; actor: Actor },
  opts: { reads?: 'replica'; request?: RequestOrigin } = {},
): Ctx {
  const ctx: Ctx = { ...deps, workspaceId: auth.workspaceId, sandbox: auth.sandbox, actor: auth.actor };
  // The request's database calls are now this workspace's share (src/db/fair-share.ts).
  setDbCaller(auth.workspaceId);
  if (opts.reads) ctx.reads = opts.reads;
  if (opts.request) ctx.request = opts.request;
  return ctx;
}
