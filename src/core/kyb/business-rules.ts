import type { Schemas } from '../contract.js';
import { type FieldError, fieldError, validationError } from '../errors.js';
import { identityDateErrors } from '../kyc/identity-dates.js';

type Submission = Schemas['BusinessVerificationSubmission'];

const EARLIEST_INCORPORATION = '1800-01-01';

/** Percentages in hundredths, so that totals are exact (no float sums). */
function hundredths(percent: number): number | null {
  const h = Math.round(percent * 100);
  return Math.abs(h - percent * 100) < 1e-6 ? h : null;
}

/**
 * The rules of a business submission a schema cannot state: between fields (roles and
 * percentages, the one control person, the owners' total, the US state of incorporation) and
 * against today's date. Every violation names its field (`people[2].ownershipPercent`).
 */
export function checkBusinessRules(s: Submission, today: string): void {
  const errors: FieldError[] = [];
  const c = s.company;
  if (c.countryOfIncorporation === 'US' && !c.stateOfIncorporation) {
    errors.push(fieldError('company.stateOfIncorporation', 'required', 'is required when countryOfIncorporation is US'));
  }
  if (c.incorporationDate > today) errors.push(fieldError('company.incorporationDate', 'too_large', 'must not be in the future'));
  if (c.incorporationDate < EARLIEST_INCORPORATION) {
    errors.push(fieldError('company.incorporationDate', 'too_small', `must not be before ${EARLIEST_INCORPORATION}`));
  }
  let total = 0;
  let overflowReported = false;
  s.people.forEach((p, i) => {
    const at = `people[${i}].`;
    errors.push(...identityDateErrors(at, p, today));
    const owner = p.roles.includes('ownership');
    if (owner && p.ownershipPercent === undefined) {
      errors.push(fieldError(`${at}ownershipPercent`, 'required', 'is required for a person with the ownership role'));
    } else if (!owner && p.ownershipPercent !== undefined) {
      errors.push(fieldError(`${at}ownershipPercent`, 'invalid', 'is only for a person with the ownership role'));
    } else if (owner && p.ownershipPercent !== undefined) {
      const h = hundredths(p.ownershipPercent);
      if (h === null) {
        errors.push(fieldError(`${at}ownershipPercent`, 'too_precise', 'must have at most 2 decimals', { limit: 2 }));
      } else {
        total += h;
        if (total > 10000 && !overflowReported) {
          overflowReported = true;
          errors.push(fieldError(`${at}ownershipPercent`, 'too_large', "brings the owners' total over 100", { limit: 100 }));
        }
      }
    }
  });
  const controllers = s.people.filter((p) => p.roles.includes('control')).length;
  if (controllers !== 1) {
    errors.push(fieldError('people', 'invalid', `exactly one person must have the control role (${controllers} have it)`));
  }
  if (errors.length) throw validationError(errors);
}
