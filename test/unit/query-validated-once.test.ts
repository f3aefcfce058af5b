import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { checkOperationQuery, validateQuery } from '../../src/core/validation/validators.js';

describe('a query is validated once (issue 39): REST validates before the handler, the use case takes the result', () => {
  it("the REST layer's result is typed (integers parsed, defaults applied) and taken as it is by the use case", () => {
    const checked = checkOperationQuery('listAccounts', { limit: '5' });
    expect(checked).toMatchObject({ limit: 5, page: 1 });
    // The same object back: not validated again.
    expect(validateQuery('listAccounts', checked)).toBe(checked);
  });

  it('a result is recognised only for the operation it was validated for, and an equal raw object is validated', () => {
    const checked = validateQuery('listAccounts', { limit: '5' });
    const copy = { ...checked };
    expect(validateQuery('listAccounts', copy)).not.toBe(copy);
    // listWebhookTargets declares no `search`, which listAccounts' result may not smuggle in.
    const withSearch = validateQuery('listAccounts', { search: 'acme' });
    expect(() => validateQuery('listWebhookTargets', withSearch)).toThrow(AppError);
  });
});
