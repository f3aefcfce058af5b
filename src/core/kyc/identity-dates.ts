import { type FieldError, fieldError } from '../errors.js';

const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * A person's date rules that a schema cannot state (against today and between fields), for an
 * individual's submission and for each person of a business. `prefix` is where the person sits in
 * the body (`''` or `people[2].`), so each error names its field.
 */
export function identityDateErrors(
  prefix: string,
  p: { dateOfBirth: string; documentId: { idIssueDate?: string; idExpiryDate?: string } },
  today: string,
): FieldError[] {
  const errors: FieldError[] = [];
  if (p.dateOfBirth > today) errors.push(fieldError(`${prefix}dateOfBirth`, 'too_large', 'must not be in the future'));
  if (p.dateOfBirth < EARLIEST_BIRTH_DATE)
    errors.push(fieldError(`${prefix}dateOfBirth`, 'too_small', `must not be before ${EARLIEST_BIRTH_DATE}`));
  const { idIssueDate: issued, idExpiryDate: expires } = p.documentId;
  if (issued && issued > today) errors.push(fieldError(`${prefix}documentId.idIssueDate`, 'too_large', 'must not be in the future'));
  if (expires && issued && expires <= issued) {
    errors.push(fieldError(`${prefix}documentId.idExpiryDate`, 'too_small', 'must be after idIssueDate'));
  } else if (expires && expires < today) {
    errors.push(fieldError(`${prefix}documentId.idExpiryDate`, 'too_small', 'must not be in the past (the document has expired)'));
  }
  return errors;
}
