import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { rebuildCounts } from '../transactions/transaction-counts.js';

export interface SeedOptions {
  transactions: number;
  accounts: number;
  /** The same seed gives the same data (ids included). */
  seed: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Realistic demo data, deterministic and bulk-inserted in SQL (INSERT ... SELECT over
 * generate_series, one statement per batch): bank (45%), crypto (35%) and trade (20%)
 * transactions over the last 365 days with consistent status histories, fees and totals from the
 * sandbox schedules, searchable text built exactly as the create use cases build it, and the
 * count table rebuilt at the end. Every value derives from (seed, row number).
 */
export async function seedDemoTransactions(ctx: Ctx, opts: SeedOptions): Promise<{ accounts: number; transactions: number }> {
  const ws = ctx.workspaceId;
  const now = ctx.clock.now();
  await ctx.db.$executeRaw`
    INSERT INTO accounts (id, workspace_id, type, email, reference, status, created_at, updated_at)
    SELECT md5(${ws} || ':account:' || ${opts.seed} || ':' || g)::uuid, ${ws}::uuid,
      (CASE WHEN g % 5 = 0 THEN 'business' ELSE 'individual' END)::account_type,
      (ARRAY['olivia','liam','emma','noah','ava','mateo','sofia','lucas','mia','ethan','zoe','omar','yuki','priya','chen'])[1 + g % 15]
        || '.' || (ARRAY['smith','garcia','chen','patel','kim','novak','silva','okafor','muller','rossi','haddad','tanaka'])[1 + (g / 15) % 12]
        || g || '@' || (ARRAY['example.com','mail.example','corp.example','inbox.example'])[1 + g % 4],
      'cust-' || lpad(g::text, 6, '0'), 'active', ${now}::timestamptz - interval '400 days', ${now}::timestamptz - interval '400 days'
    FROM generate_series(1, ${opts.accounts}) g
    ON CONFLICT (id) DO NOTHING`;
  const batch = opts.batchSize ?? 25_000;
  const ranges: [number, number][] = [];
  for (let from = 1; from <= opts.transactions; from += batch) ranges.push([from, Math.min(opts.transactions, from + batch - 1)]);
  // Two batches at a time: the database does the work, and this machine has two cores for it.
  let done = 0;
  const lanes = Array.from({ length: Math.min(2, ranges.length) }, async () => {
    for (let r = ranges.shift(); r; r = ranges.shift()) {
      const [from, to] = r;
      await ctx.db.$transaction(
        async (tx) => {
          // Trigram entries go to the index's pending list in bulk and are merged once at the end.
          await tx.$executeRawUnsafe("SET LOCAL gin_pending_list_limit = '256MB'");
          await insertBatch(tx, ctx, opts, from, to, now);
        },
        { timeout: 600_000, maxWait: 60_000 },
      );
      done += to - from + 1;
      opts.onProgress?.(done, opts.transactions);
    }
  });
  await Promise.all(lanes);
  await ctx.db.$queryRawUnsafe("SELECT gin_clean_pending_list('transactions_search_text_idx'::regclass)");
  await rebuildCounts(ctx.db, ws);
  // Sets the visibility map too, so deep pages are index-only scans from the start.
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transactions');
  return { accounts: opts.accounts, transactions: opts.transactions };
}

/** One statusHistory entry of the seeded row `m`, `step` x 7 minutes after its creation. */
function entry(status: string, step: number): Prisma.Sql {
  const reason = status === 'pending' ? Prisma.sql`'created'` : Prisma.sql`''`;
  return Prisma.sql`jsonb_build_object('status', ${Prisma.raw(`'${status}'`)}, 'statusReason', ${reason}::text,
    'date', to_char((m.created_at + interval '${Prisma.raw(String(step * 7))} minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

export async function insertBatch(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  opts: SeedOptions,
  from: number,
  to: number,
  now: Date,
): Promise<void> {
  const ws = ctx.workspaceId;
  await tx.$executeRaw`
    WITH base AS (
      SELECT g,
        md5(${ws} || ':tx:' || ${opts.seed} || ':' || g)::uuid AS id,
        ('x' || substr(md5(${opts.seed} || ':r:' || g), 1, 15))::bit(60)::bigint AS r,
        ('x' || substr(md5(${opts.seed} || ':s:' || g), 1, 15))::bit(60)::bigint AS s
      FROM generate_series(${from}::int, ${to}::int) g
    ), shaped AS (
      SELECT b.*,
        md5(${ws} || ':account:' || ${opts.seed} || ':' || (1 + b.r % ${opts.accounts}))::uuid AS account_id,
        CASE WHEN b.g % 20 < 9 THEN 'bank' WHEN b.g % 20 < 16 THEN 'crypto' ELSE 'trade' END AS kind,
        (ARRAY['completed','completed','completed','completed','completed','completed','completed','completed','completed','completed','completed','completed',
               'pending','pending','processing','processing','failed','canceled','canceled','returned'])[1 + b.s % 20] AS st0,
        ${now}::timestamptz - ((b.r % 31536000000) * interval '1 millisecond') AS created_at
      FROM base b
    ), detailed AS (
      SELECT s.*,
        CASE WHEN s.st0 = 'returned' AND s.kind <> 'bank' THEN 'completed' ELSE s.st0 END AS status,
        -- bank
        (ARRAY['ach','ach','ach','wire','wire','swift'])[1 + (s.s / 7) % 6] AS instrument,
        (s.s / 11) % 5 < 2 AS is_deposit,
        -- crypto routes: coin, network, fee, network fee, scale
        (ARRAY['BTC/bitcoin/0.0002/0.00005/8','ETH/ethereum/0.002/0.0006/8','USDC/ethereum/5/2.5/6','USDC/solana/0.5/0.01/6',
               'USDC/polygon/0.5/0.05/6','USDT/ethereum/5/2.5/6','USDT/tron/1/0.5/6','SOL/solana/0.01/0.000005/9'])[1 + (s.s / 13) % 8] AS route,
        -- trade products: product, price, base scale, quote scale
        (ARRAY['BTC-USD/65000.00/8/2','ETH-USD/3500.00/8/2','SOL-USD/150.00/9/2','USDC-USD/1.00/6/2','BTC-EUR/60000.00/8/2',
               'ETH-EUR/3200.00/8/2','ETH-BTC/0.05384615/8/8'])[1 + (s.s / 17) % 7] AS product_row,
        (ARRAY['Northwind Traders','Acme Widgets','Globex Corp','Initech LLC','Umbrella Health','Stark Industries','Wayne Logistics',
               'Hooli Inc','Vandelay Imports','Soylent Foods'])[1 + (s.r / 3) % 10] AS company,
        (s.r % 100000)::numeric AS n5
      FROM shaped s
    ), priced AS (
      SELECT d.*,
        CASE WHEN d.instrument = 'swift' THEN (ARRAY['EUR','GBP','USD'])[1 + d.s % 3] ELSE 'USD' END AS fiat,
        round((10 + d.n5 * 0.37)::numeric, 2) AS fiat_amount,
        split_part(d.route, '/', 1) AS c_coin, split_part(d.route, '/', 2) AS c_network,
        split_part(d.route, '/', 3)::numeric AS c_fee, split_part(d.route, '/', 4)::numeric AS c_nfee, split_part(d.route, '/', 5)::int AS c_scale,
        split_part(d.product_row, '/', 1) AS product, split_part(d.product_row, '/', 2)::numeric AS price,
        split_part(d.product_row, '/', 3)::int AS base_scale, split_part(d.product_row, '/', 4)::int AS quote_scale,
        CASE WHEN d.s % 2 = 0 THEN 'buy' ELSE 'sell' END AS side
      FROM detailed d
    ), rows AS (
      SELECT p.*,
        round(p.n5 / (CASE p.c_coin WHEN 'BTC' THEN 100000 WHEN 'ETH' THEN 10000 WHEN 'SOL' THEN 500 ELSE 10 END) + 0.01, p.c_scale) AS c_amount,
        round(p.n5 / (CASE split_part(p.product, '-', 1) WHEN 'BTC' THEN 1000000 WHEN 'ETH' THEN 100000 WHEN 'SOL' THEN 5000 ELSE 100 END) + 0.001, p.base_scale) AS quantity,
        'FAS' || to_char(p.created_at AT TIME ZONE 'UTC', 'YYYYMMDD') || lpad((p.r % 100000000)::text, 8, '0') AS ref_no,
        CASE WHEN p.status IN ('processing','completed','failed','returned') OR (p.kind = 'crypto' AND (p.s / 19) % 5 < 2)
          THEN '0x' || md5(p.id::text) || md5(p.id::text || 'h') END AS hash,
        -- a withdrawal address in the network's own format
        CASE p.c_network
          WHEN 'bitcoin' THEN 'bc1q' || translate(substr(md5(p.account_id::text || 'btc') || md5(p.account_id::text), 1, 38), '1b', 'qq')
          WHEN 'solana' THEN translate(substr(md5(p.account_id::text || 'sol') || md5(p.account_id::text), 1, 44), '0', 'z')
          WHEN 'tron' THEN 'T' || translate(substr(md5(p.account_id::text || 'trx') || md5(p.account_id::text), 1, 33), '0', 'z')
          ELSE '0x' || substr(md5(p.account_id::text || p.c_network), 1, 40) END AS target_addr
      FROM priced p
    ), final AS (
      SELECT r.*,
        round(r.quantity * r.price, r.quote_scale) AS quote_qty,
        CASE WHEN r.kind = 'bank' THEN r.fiat WHEN r.kind = 'crypto' THEN r.c_coin ELSE split_part(r.product, '-', 1) END AS coin,
        CASE r.kind WHEN 'bank' THEN CASE WHEN r.is_deposit THEN 'deposit' ELSE 'withdrawal' END
                    WHEN 'crypto' THEN CASE WHEN r.is_deposit THEN 'deposit' ELSE 'withdraw' END ELSE 'market' END AS detail_type
      FROM rows r
    ), money AS (
      SELECT f.*,
        CASE f.kind
          WHEN 'bank' THEN CASE WHEN f.is_deposit THEN 0 ELSE (CASE f.instrument WHEN 'ach' THEN 0.25 WHEN 'wire' THEN 15.00 ELSE 25.00 END) END
          WHEN 'crypto' THEN CASE WHEN f.is_deposit THEN 0 ELSE f.c_fee END
          ELSE ceil(f.quote_qty * 0.005 * power(10::numeric, f.quote_scale)) / power(10::numeric, f.quote_scale) END AS fee_raw,
        CASE f.kind WHEN 'bank' THEN f.fiat_amount WHEN 'crypto' THEN f.c_amount ELSE f.quantity END AS amount_raw,
        a.email
      FROM final f JOIN accounts a ON a.id = f.account_id
    )
    INSERT INTO transactions (id, workspace_id, account_id, transaction_type, reference, coins, status, status_reason, status_history,
      created_at, updated_at, audit_admin_id, audit_admin, audit_api_key, search_text, detail_type, coin, amount, fee, total,
      instrument_type, transaction_reference, imad, originator_name, sender_account_number, sender_routing_number, sender_bank_name,
      beneficiary_account_number, beneficiary_routing_number, beneficiary_swift_code, beneficiary_iban, beneficiary_name, trace_number, addenda,
      network, network_fee, target_address, tx_hash, product, side, fee_currency, quote_quantity, quote_currency, rate)
    SELECT m.id, ${ws}::uuid, m.account_id, m.kind::transaction_type,
      CASE WHEN m.r % 10 < 7 THEN 'INV-' || ${opts.seed} || '-' || lpad(m.g::text, 8, '0') ELSE '' END,
      CASE WHEN m.kind = 'trade' THEN ARRAY[split_part(m.product, '-', 1), split_part(m.product, '-', 2)] ELSE ARRAY[m.coin] END,
      m.status::transaction_status,
      CASE m.status WHEN 'pending' THEN 'created' WHEN 'failed' THEN 'rejected by the receiving institution'
        WHEN 'canceled' THEN 'canceled by the customer' WHEN 'returned' THEN 'R01 insufficient funds' ELSE '' END,
      -- newest first; each step 7 minutes after the previous one
      CASE m.status
        WHEN 'pending' THEN jsonb_build_array(${entry('pending', 0)})
        WHEN 'processing' THEN jsonb_build_array(${entry('processing', 1)}, ${entry('pending', 0)})
        WHEN 'completed' THEN jsonb_build_array(${entry('completed', 2)}, ${entry('processing', 1)}, ${entry('pending', 0)})
        WHEN 'failed' THEN jsonb_build_array(${entry('failed', 2)}, ${entry('processing', 1)}, ${entry('pending', 0)})
        WHEN 'canceled' THEN jsonb_build_array(${entry('canceled', 1)}, ${entry('pending', 0)})
        ELSE jsonb_build_array(${entry('returned', 3)}, ${entry('completed', 2)}, ${entry('processing', 1)}, ${entry('pending', 0)}) END,
      m.created_at, m.created_at, NULL, NULL, true,
      lower(concat_ws(E'\n', m.id::text,
        CASE WHEN m.r % 10 < 7 THEN 'INV-' || ${opts.seed} || '-' || lpad(m.g::text, 8, '0') END,
        CASE WHEN m.kind = 'bank' THEN m.ref_no END,
        CASE WHEN m.kind = 'crypto' THEN m.hash END,
        CASE WHEN m.kind = 'crypto' AND NOT m.is_deposit THEN m.target_addr END,
        CASE WHEN m.kind = 'bank' AND m.instrument = 'wire' THEN to_char(m.created_at AT TIME ZONE 'UTC', 'YYYYMMDD') || 'FASBNK01' || lpad((m.s % 1000000)::text, 6, '0') END,
        CASE WHEN m.kind = 'bank' AND m.instrument = 'ach' THEN '02100002' || lpad((m.r % 10000000)::text, 7, '0') END,
        CASE WHEN m.kind = 'bank' AND m.is_deposit THEN 'First Intermediary Bank NA' END,
        CASE WHEN m.kind = 'bank' AND NOT m.is_deposit THEN m.company END,
        CASE WHEN m.kind = 'bank' AND m.is_deposit AND m.instrument = 'ach' THEN 'ORIG NAME: ' || upper(m.company) END,
        m.email)),
      m.detail_type, m.coin,
      round(m.amount_raw, CASE m.kind WHEN 'bank' THEN 2 WHEN 'crypto' THEN m.c_scale ELSE m.base_scale END),
      round(m.fee_raw, CASE m.kind WHEN 'bank' THEN 2 WHEN 'crypto' THEN m.c_scale ELSE m.quote_scale END),
      CASE m.kind WHEN 'trade' THEN round(CASE m.side WHEN 'buy' THEN m.quote_qty + m.fee_raw ELSE m.quote_qty - m.fee_raw END, m.quote_scale)
        ELSE round(m.amount_raw + m.fee_raw, CASE m.kind WHEN 'bank' THEN 2 ELSE m.c_scale END) END,
      CASE WHEN m.kind = 'bank' THEN m.instrument END,
      CASE WHEN m.kind = 'bank' THEN m.ref_no END,
      CASE WHEN m.kind = 'bank' AND m.instrument = 'wire' THEN to_char(m.created_at AT TIME ZONE 'UTC', 'YYYYMMDD') || 'FASBNK01' || lpad((m.s % 1000000)::text, 6, '0') END,
      CASE WHEN m.kind = 'bank' AND m.is_deposit THEN 'First Intermediary Bank NA' END,
      CASE WHEN m.kind = 'bank' AND m.is_deposit THEN lpad((m.r % 1000000000)::text, 10, '0') END,
      CASE WHEN m.kind = 'bank' AND m.is_deposit THEN '021000021' END,
      CASE WHEN m.kind = 'bank' AND m.is_deposit THEN 'First Intermediary Bank NA' END,
      CASE WHEN m.kind = 'bank' AND NOT m.is_deposit AND m.instrument <> 'swift' THEN lpad((m.s % 1000000000)::text, 9, '0') END,
      CASE WHEN m.kind = 'bank' AND NOT m.is_deposit AND m.instrument <> 'swift' THEN '021000021' END,
      CASE WHEN m.kind = 'bank' AND NOT m.is_deposit AND m.instrument = 'swift' THEN 'DEUTDEFF' END,
      CASE WHEN m.kind = 'bank' AND NOT m.is_deposit AND m.instrument = 'swift' THEN 'DE89370400440532013000' END,
      CASE WHEN m.kind = 'bank' AND NOT m.is_deposit THEN m.company END,
      CASE WHEN m.kind = 'bank' AND m.instrument = 'ach' THEN '02100002' || lpad((m.r % 10000000)::text, 7, '0') END,
      CASE WHEN m.kind = 'bank' AND m.is_deposit AND m.instrument = 'ach' THEN ARRAY['ORIG NAME: ' || upper(m.company)] ELSE ARRAY[]::text[] END,
      CASE WHEN m.kind = 'crypto' THEN m.c_network END,
      CASE WHEN m.kind = 'crypto' AND NOT m.is_deposit THEN round(m.c_nfee, m.c_scale) END,
      CASE WHEN m.kind = 'crypto' AND NOT m.is_deposit THEN m.target_addr END,
      CASE WHEN m.kind = 'crypto' THEN m.hash END,
      CASE WHEN m.kind = 'trade' THEN m.product END,
      CASE WHEN m.kind = 'trade' THEN m.side END,
      CASE WHEN m.kind = 'trade' THEN split_part(m.product, '-', 2) END,
      CASE WHEN m.kind = 'trade' THEN m.quote_qty END,
      CASE WHEN m.kind = 'trade' THEN split_part(m.product, '-', 2) END,
      CASE WHEN m.kind = 'trade' THEN m.price END
    FROM money m
    ON CONFLICT (id) DO NOTHING`;
}
