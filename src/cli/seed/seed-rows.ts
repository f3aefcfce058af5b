import type { SeedRow } from './bulk-insert.js';
import { copyLine } from './copy-text.js';
import { DAY } from './iso-time.js';
import { makeRow, type SeedAccount } from './make-row.js';
import type { Rng } from './random.js';

export interface RowStream {
  rng: Rng;
  ids: Rng;
  workspaceId: string;
  accounts: SeedAccount[];
  total: number;
  now: number;
}

/**
 * The seed's transactions in order, oldest first, evenly over the last 365 days with jitter (so
 * the time-ordered indexes grow at one end). Drawn one after the other from the seed's streams:
 * how they are then grouped into statements does not change them.
 */
export function* seedRows(s: RowStream): Generator<SeedRow> {
  const start = s.now - 365 * DAY;
  const slot = (365 * DAY) / s.total;
  const count = s.accounts.length;
  for (let next = 0; next < s.total; next++) {
    // A few accounts are far busier than most (u^2 favours the first ones).
    const u = s.rng.next();
    const account = s.accounts[Math.floor(u * u * count)] as SeedAccount;
    const createdAt = Math.floor(start + next * slot + s.rng.next() * slot);
    yield makeRow(s.rng, s.ids, s.workspaceId, account, createdAt, s.now);
  }
}

/**
 * The rows as COPY text, `size` rows a piece. Between pieces the event loop runs, so the socket
 * hands the previous piece to the server while this one is drawn.
 */
export async function* copyPieces(rows: Iterator<SeedRow>, size: number): AsyncGenerator<{ text: string; rows: number }> {
  for (;;) {
    let text = '';
    let n = 0;
    for (; n < size; n++) {
      const r = rows.next();
      if (r.done) break;
      text += copyLine(r.value);
    }
    if (n > 0) yield { text, rows: n };
    if (n < size) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
