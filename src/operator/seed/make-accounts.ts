import type { Rng } from './random.js';
import { COMPANIES, DOMAINS, FIRST, LAST } from './reference-data.js';

/** The demo's account holders: people and (one in five) businesses, with emails in their names. */
export function makeAccounts(rng: Rng, ids: Rng, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const business = rng.chance(0.2);
    const company = rng.pick(COMPANIES);
    const email = business
      ? `${rng.pick(['treasury', 'finance', 'payments', 'ops'])}${n}@${company.toLowerCase().replace(/[^a-z]+/g, '-')}.example`
      : `${rng.pick(FIRST)}.${rng.pick(LAST)}${n}@${rng.pick(DOMAINS)}`;
    return {
      id: ids.uuid(),
      email,
      type: business ? ('business' as const) : ('individual' as const),
      reference: `cust-${String(n).padStart(6, '0')}`,
    };
  });
}
