import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTransactions } from '../../src/core/transactions/export-transactions.js';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { oldTransactionsCsv } from '../support/old-transaction-export.js';

// The export's bytes are the old implementation's (the JSON list's DTO, then the cell function),
// now that the database formats each batch: on awkward data (quotes, commas, CR and LF, unicode,
// every formula start, backslashes, JSON's own escapes, microseconds, trailing zeros, NULLs inside
// arrays, a year before 1000), under every filter, across batch edges, in-process and over HTTP.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

const AWKWARD = [
  '=1+2',
  '+plus',
  '-minus',
  '@at',
  '\tTab',
  '\rCR',
  ' space',
  '\nLF first',
  '＝full width',
  'comma, "quotes"',
  'line\r\nbreaks\nand\rmore',
  'unicode: é ü 中文 🎉 \u202e rtl \u200b zw \u2028 ls',
  'back\\slash \\n not a newline \\"',
  '"',
  "'apostrophe",
  '',
];

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Golden');
  const a = await activeAccount(ws.ctx, 'golden@example.com');
  const b = await activeAccount(ws.ctx, 'second@example.com');
  const ids: string[] = [];
  for (let i = 0; i < AWKWARD.length; i++) {
    const when = at(ws.ctx, `2025-06-0${1 + (i % 3)}T10:00:00.000Z`);
    const made =
      i % 3 === 0
        ? await createBank(when, i % 2 ? a : b, {
            reference: `ref-${i}`,
            beneficiaryName: 'Beneficiary',
            beneficiaryIban: 'DE89370400440532013000',
          })
        : i % 3 === 1
          ? await createCrypto(when, a, { reference: `ref-${i}` })
          : await createTrade(when, b, { reference: `ref-${i}` });
    ids.push(made.id);
  }
  await simulateBankDeposit(at(ws.ctx, '2025-06-04T05:00:00.000Z'), {
    accountId: a,
    amount: '1000.10',
    coin: 'USD',
    instrumentType: 'wire',
    originatorName: '=Originator',
    addenda: ['ORIG NAME: ACME, "CORP"', '-second line'],
  });
  // What the API would refuse or never write, stored anyway (older data, SQL): every text column
  // awkward. Not a second coin on a bank row with names: the table refuses that
  // (transactions_named_rows_are_bank).
  for (const [i, id] of ids.entries()) {
    const v = AWKWARD[i] as string;
    const w = AWKWARD[(i + 5) % AWKWARD.length] as string;
    await h.deps.db.$executeRaw`UPDATE transactions SET reference = ${v}, status_reason = ${i % 4 === 0 ? '' : w},
      originator_name = CASE WHEN transaction_type = 'bank' THEN ${w} END,
      addenda = CASE WHEN transaction_type = 'bank' THEN ARRAY[${v}, NULL, '', ${w}]::text[] ELSE addenda END,
      tx_hash = CASE WHEN transaction_type = 'crypto' THEN ${w} END,
      target_address = CASE WHEN transaction_type = 'crypto' THEN ${v} ELSE target_address END,
      product = CASE WHEN transaction_type = 'trade' THEN ${v} ELSE product END,
      audit_admin = ${i % 2 ? w : null},
      coins = CASE WHEN ${i % 5 === 0} AND transaction_type <> 'bank' THEN ARRAY['USD', ${v}]::text[] ELSE coins END,
      amount = amount + ${`0.${'0'.repeat(i % 6)}10`}::numeric,
      created_at = created_at + ${`${i * 137} microseconds`}::interval,
      updated_at = updated_at + ${`${999 + i} microseconds`}::interval
      WHERE id = ${id}::uuid`;
  }
  // Same instant to the millisecond, different microseconds, and a year before 1000.
  await h.deps.db.$executeRaw`UPDATE transactions SET created_at = '2025-06-02T10:00:00.000001Z' WHERE id = ${ids[1]}::uuid`;
  await h.deps.db.$executeRaw`UPDATE transactions SET created_at = '2025-06-02T10:00:00.000999Z' WHERE id = ${ids[4]}::uuid`;
  await h.deps.db.$executeRaw`UPDATE transactions SET created_at = '0999-06-15T12:00:00.123999Z' WHERE id = ${ids[7]}::uuid`;
}, 120_000);
afterAll(async () => h?.close());

async function newCsv(filter: Record<string, string>, batchRows?: number): Promise<string> {
  const file = await exportTransactions(ws.ctx, filter, batchRows ? { batchRows } : {});
  let text = '';
  for await (const piece of file.chunks) text += piece;
  return text;
}

const FILTERS: Record<string, string>[] = [
  {},
  { transactionType: 'bank' },
  { transactionType: 'crypto' },
  { transactionType: 'trade' },
  { coin: 'usd' },
  { status: 'pending' },
  { startDate: '2025-06-02', endDate: '2025-06-03' },
  { search: 'acme' },
  { search: 'golden' },
];

describe('the export is byte for byte what it was', () => {
  it.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))('%s', async (_, filter) => {
    const old = await oldTransactionsCsv(ws.ctx, filter);
    expect(old.split('\r\n').length).toBeGreaterThan(2);
    expect(await newCsv(filter)).toBe(old);
  });

  it('across batch edges (batches of 2 and 3)', async () => {
    const old = await oldTransactionsCsv(ws.ctx, {}, 2);
    expect(await newCsv({}, 2)).toBe(old);
    expect(await newCsv({}, 3)).toBe(old);
  });

  it('over HTTP, as received', async () => {
    const res = await fetch(`${h.baseUrl}/api/v2/transactions/export`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(Buffer.from(await oldTransactionsCsv(ws.ctx, {}), 'utf8'))).toBe(true);
  });

  it('holds the awkward values (the comparison is not between two empty files)', async () => {
    const text = await newCsv({});
    expect(text).toContain('中文 🎉');
    expect(text).toContain('"comma, ""quotes"""');
    expect(text).toContain('back\\slash \\n not a newline \\""');
    expect(text).toMatch(/,0999-06-15T12:00:00\.12\dZ,/);
    expect(text).toContain('2025-06-02T10:00:00.000Z');
  });
});
