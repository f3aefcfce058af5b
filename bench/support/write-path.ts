import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';

/** The code under test: a checkout's (this one, or another for --before), loaded from its sources. */
async function codeAt(dir: string) {
  const at = (p: string) => import(path.join(dir, p));
  return {
    openDatabase: (await at('src/db/database.ts')).openDatabase,
    depsOf: (await at('src/server/deps.ts')).depsOf,
    createContext: (await at('src/core/context.ts')).createContext,
    createFieldCipher: (await at('src/core/crypto/field-cipher.ts')).createFieldCipher,
    createBankTransaction: (await at('src/core/transactions/create-bank-transaction.ts')).createBankTransaction,
    createCryptoTransaction: (await at('src/core/transactions/create-crypto-transaction.ts')).createCryptoTransaction,
    simulateTransactionStatus: (await at('src/core/transactions/simulate-transaction-status.ts')).simulateTransactionStatus,
  };
}

/** Rows the bench counts before and after the run (audit records, say), in the workspace it wrote. */
type Counter = (prisma: { $queryRawUnsafe(q: string, ...values: unknown[]): Promise<unknown> }, workspaceId: string) => Promise<number>;

export interface WritePathOptions {
  /** The checkout whose code runs. */
  dir: string;
  /** The database, migrated by the code's own open. */
  databaseUrl: string;
  /** Clients, each on an account of its own, all in one new workspace. */
  clients: number;
  seconds: number;
  workspaceName: string;
  /** Who the calls are made as (`Actor` of the core's context). */
  actor: Record<string, unknown>;
  /** A request id and client address on the context, as the REST handlers set them. */
  request?: { requestId: string; clientAddress: string };
  /** Counted before and after; its difference per second is `counted`. */
  count?: Counter;
  /** What is withdrawn: bank (default, USD by ACH, a row with names) or crypto (USDC on polygon, none). */
  kind?: 'bank' | 'crypto';
}

export interface WriteRates {
  creations: number;
  changes: number;
  /** What `count` counted per second (0 without one). */
  counted: number;
}

const bankBody = (accountId: string) => ({
  accountId,
  amount: '1.00',
  coin: 'USD',
  instrumentType: 'ach',
  beneficiaryName: 'Bench Payee',
  beneficiaryRoutingNumber: '021000021',
  beneficiaryAccountNumber: '123456789',
});
const cryptoBody = (accountId: string) => ({
  accountId,
  amount: '1.00',
  coin: 'USDC',
  network: 'polygon',
  targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
});

/**
 * The write path through the core (as the REST handlers call it): withdrawals (`kind`) created, then
 * moved to processing and completed, for `seconds` by `clients` clients; creations and status
 * changes per second. Each account is given an opening balance first (as `fas seed` gives its
 * accounts) where the code has a ledger, so no withdrawal is refused for funds.
 */
export async function writePath(o: WritePathOptions): Promise<WriteRates> {
  const c = await codeAt(o.dir);
  const crypto = o.kind === 'crypto';
  const database = await c.openDatabase({ databaseUrl: o.databaseUrl, dataDir: '' });
  try {
    const deps = c.depsOf(database, {
      cipher: c.createFieldCipher(randomBytes(32)),
      publicUrl: 'http://bench',
      allowInsecureWebhooks: false,
    });
    const ws = await database.prisma.workspace.create({
      data: { id: randomUUID(), name: o.workspaceName, sandbox: true },
      select: { id: true },
    });
    const ctx = c.createContext(deps, { workspaceId: ws.id, sandbox: true, actor: o.actor });
    if (o.request) ctx.request = o.request;
    const accounts = Array.from({ length: o.clients }, () => randomUUID());
    await database.prisma.account.createMany({
      data: accounts.map((id) => ({ id, workspaceId: ws.id, type: 'individual', email: `${id}@bench.example`, status: 'active' })),
    });
    const found = await database.prisma.$queryRawUnsafe("SELECT to_regclass('ledger_balances') IS NOT NULL AS ok");
    if ((found as { ok: boolean }[])[0]?.ok === true) {
      await database.prisma.$executeRawUnsafe(
        `WITH a AS (SELECT unnest($1::uuid[]) AS id), b AS (
           INSERT INTO ledger_balances (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
           SELECT $2::uuid, id, $3, 1e12, 0, 0, now() FROM a RETURNING account_id)
         INSERT INTO ledger_entries (workspace_id, account_id, currency, type, created_at, amount, clearing, posted, pending_in, pending_out)
         SELECT $2::uuid, account_id, $3, 'post', now(), 1e12, -1e12, 1e12, 0, 0 FROM b`,
        accounts,
        ws.id,
        crypto ? 'USDC' : 'USD',
      );
    }
    const countedBefore = o.count ? await o.count(database.prisma, ws.id) : 0;
    let creations = 0;
    let changes = 0;
    const end = performance.now() + o.seconds * 1000;
    const started = performance.now();
    await Promise.all(
      accounts.map(async (accountId) => {
        while (performance.now() < end) {
          const t = crypto
            ? await c.createCryptoTransaction(ctx, cryptoBody(accountId))
            : await c.createBankTransaction(ctx, bankBody(accountId));
          creations++;
          for (const status of ['processing', 'completed']) {
            await c.simulateTransactionStatus(ctx, { transactionId: t.id, body: { status } });
            changes++;
          }
        }
      }),
    );
    const took = (performance.now() - started) / 1000;
    const counted = o.count ? (await o.count(database.prisma, ws.id)) - countedBefore : 0;
    return { creations: creations / took, changes: changes / took, counted: counted / took };
  } finally {
    await database.close();
  }
}
