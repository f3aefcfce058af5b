import { randomBytes } from 'node:crypto';
import { createContext } from '../src/core/context.js';
import { createFieldCipher } from '../src/core/crypto/field-cipher.js';
import { listTransactions } from '../src/core/transactions/list-transactions.js';
import { openDatabase } from '../src/db/database.js';
import { seedTransactions } from '../src/operator/seed/seed-transactions.js';
import { depsOf } from '../src/server/deps.js';

const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
const deps = depsOf(database, { cipher: createFieldCipher(randomBytes(32)), publicUrl: 'http://localhost', allowInsecureWebhooks: false });
const ws = await deps.db.workspace.create({ data: { id: deps.ids.uuid(), name: 'x', sandbox: true }, select: { id: true } });
const ctx = createContext(deps, { workspaceId: ws.id, sandbox: true, actor: { kind: 'system', role: 'admin' } });
await seedTransactions({ ...ctx, bulk: database.bulk }, { transactions: 100_000 });
const d = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const shapes: [string, Record<string, string>][] = [
  ['intermediary EUR', { search: 'intermediary', coin: 'EUR' }],
  ['intermediary GBP', { search: 'intermediary', coin: 'GBP' }],
  ['soylent EUR', { search: 'soylent', coin: 'EUR' }],
  ['soylent USD', { search: 'soylent', coin: 'USD' }],
  ['river GBP completed', { search: 'river', coin: 'GBP', status: 'completed' }],
  ['soylent 30d from 06:00', { search: 'soylent', startDate: `${d(30)}T06:00:00Z` }],
  ['payment 7d 06-18', { search: 'payment', startDate: `${d(10)}T06:00:00Z`, endDate: `${d(3)}T18:00:00Z` }],
  ['soylent 06-18 one day', { search: 'soylent', startDate: `${d(3)}T06:00:00Z`, endDate: `${d(3)}T18:00:00Z` }],
];
for (const [name, q] of shapes) {
  for (const walk of [4_000, 20_000]) {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < 22; i++) {
      const t = performance.now();
      total = (await listTransactions(ctx, q, { denseWalkRows: walk })).total;
      if (i >= 2) ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${name} walk ${walk}: total ${total} p50 ${ms[10]?.toFixed(1)} p99 ${ms[19]?.toFixed(1)}`);
  }
}
await database.close();
