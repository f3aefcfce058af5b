import type { Schemas } from '../../core/contract.js';
import { TRANSITIONS, type TransactionStatus } from '../../core/transactions/status-transitions.js';
import { DAY, HOUR, iso, MINUTE } from './iso-time.js';
import type { Rng } from './random.js';

// Statuses: a transaction's path to its status, and how long each step takes.

export type Status = TransactionStatus;

/**
 * Each status's path from `pending` through the transition table the core enforces (the shortest,
 * which is the only one), newest first: the history a seeded transaction in that status has.
 */
function pathsFromPending(): Record<Status, Status[]> {
  const paths: Partial<Record<Status, Status[]>> = { pending: ['pending'] };
  const queue: Status[] = ['pending'];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const next of TRANSITIONS[s]) {
      if (paths[next]) continue;
      paths[next] = [next, ...(paths[s] as Status[])];
      queue.push(next);
    }
  }
  for (const s of Object.keys(TRANSITIONS) as Status[]) if (!paths[s]) throw new Error(`seed: no path from pending to ${s}`);
  return paths as Record<Status, Status[]>;
}

export const PATHS = pathsFromPending();

/** Status reasons as the bank, the chain or the exchange would give them. */
const REASONS: Record<Schemas['TransactionType'], Record<Status, string[]>> = {
  bank: {
    pending: ['created'],
    processing: ['sent to the bank'],
    completed: ['settled'],
    failed: ['rejected by the receiving institution', 'beneficiary account closed', 'compliance review failed'],
    canceled: ['canceled by the customer', 'canceled by an admin'],
    returned: ['R01 insufficient funds', 'R03 no account / unable to locate', 'R04 invalid account number'],
  },
  crypto: {
    pending: ['created'],
    processing: ['broadcast to the network'],
    completed: ['confirmed'],
    failed: ['network fee too low', 'transaction reverted', 'compliance review failed'],
    canceled: ['canceled by the customer', 'canceled by an admin'],
    returned: [],
  },
  trade: {
    pending: ['created'],
    processing: ['order accepted'],
    completed: ['filled'],
    failed: ['insufficient funds', 'price moved beyond the limit'],
    canceled: ['canceled by the customer'],
    returned: [],
  },
};

/** [to processing, to a final status, to returned] in ms, for a kind of transaction. */
function stepDurations(rng: Rng, kind: string): [number, number, number] {
  switch (kind) {
    case 'ach':
      return [rng.between(10 * MINUTE, HOUR), rng.between(DAY, 2 * DAY), rng.between(2 * DAY, 5 * DAY)];
    case 'wire':
      return [rng.between(5 * MINUTE, 30 * MINUTE), rng.between(HOUR, 4 * HOUR), rng.between(DAY, 3 * DAY)];
    case 'swift':
      return [rng.between(30 * MINUTE, 2 * HOUR), rng.between(DAY, 3 * DAY), rng.between(2 * DAY, 6 * DAY)];
    case 'crypto':
      return [rng.between(MINUTE, 5 * MINUTE), rng.between(5 * MINUTE, HOUR), 0];
    default:
      return [rng.between(200, 2000), rng.between(200, 2000), 0];
  }
}

/** Recent transactions are often still moving; old ones have mostly reached a final status. */
export function statusFor(rng: Rng, ageMs: number, bank: boolean): Status {
  const x = rng.next();
  if (ageMs < 3 * DAY) {
    if (x < 0.25) return 'pending';
    if (x < 0.45) return 'processing';
    if (x < 0.9) return 'completed';
    if (x < 0.94) return 'failed';
    return 'canceled';
  }
  if (x < 0.015) return 'pending';
  if (x < 0.03) return 'processing';
  if (x < 0.09) return 'failed';
  if (x < 0.16) return 'canceled';
  if (x < 0.2 && bank) return 'returned';
  return 'completed';
}

/**
 * The status history of a transaction created at `createdAt` that has reached `status`: the
 * current status's reason and date, and the JSON of the statuses before it as stored
 * (`previous_statuses`: [[status, statusReason, date], ...] newest first; no value needs
 * escaping). Step n of a path takes the rail's n-th duration, squeezed to end by `now`.
 */
export function statusHistory(
  rng: Rng,
  type: Schemas['TransactionType'],
  status: Status,
  speed: string,
  createdAt: number,
  now: number,
): { json: string; reason: string; date: string } {
  const durations = stepDurations(rng, speed);
  const path = PATHS[status];
  // Offsets from creation, by depth in the path: pending 0, then each step's duration added.
  const offsets = new Array<number>(path.length).fill(0);
  for (let depth = 1; depth < path.length; depth++) offsets[depth] = (offsets[depth - 1] as number) + (durations[depth - 1] ?? 0);
  const last = offsets[path.length - 1] as number;
  const squeeze = last > 0 && createdAt + last > now ? (now - createdAt) / last : 1;
  let json = '';
  let reason = '';
  let date = '';
  for (let i = 0; i < path.length; i++) {
    const s = path[i] as Status;
    const stepReason = rng.pick(REASONS[type][s]);
    const stepDate = iso(createdAt + Math.floor((offsets[path.length - 1 - i] as number) * squeeze));
    if (i === 0) {
      reason = stepReason;
      date = stepDate;
    } else {
      json += `${json === '' ? '' : ','}["${s}","${stepReason}","${stepDate}"]`;
    }
  }
  return { json: `[${json}]`, reason, date };
}
