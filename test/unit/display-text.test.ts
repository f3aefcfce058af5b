import { describe, expect, it } from 'vitest';
import { displayTextError, hiddenCharIn, isDisplayText, stripHidden } from '../../src/core/validation/display-text.js';
import { validateBody } from '../../src/core/validation/validators.js';

const hidden = [
  ['\u202A', 'U+202A'],
  ['\u202B', 'U+202B'],
  ['\u202C', 'U+202C'],
  ['\u202D', 'U+202D'],
  ['\u202E', 'U+202E'],
  ['\u2066', 'U+2066'],
  ['\u2067', 'U+2067'],
  ['\u2068', 'U+2068'],
  ['\u2069', 'U+2069'],
  ['\u200E', 'U+200E'],
  ['\u200F', 'U+200F'],
  ['\u061C', 'U+061C'],
  ['\u200B', 'U+200B'],
  ['\u200C', 'U+200C'],
  ['\u200D', 'U+200D'],
  ['\u2060', 'U+2060'],
  ['\u2064', 'U+2064'],
  ['\uFEFF', 'U+FEFF'],
  ['\u00AD', 'U+00AD'],
  ['\u034F', 'U+034F'],
  ['\u3164', 'U+3164'],
  ['\uFFA0', 'U+FFA0'],
  ['\u2028', 'U+2028'],
  ['\u0007', 'U+0007'],
  ['\t', 'U+0009'],
  ['\n', 'U+000A'],
  ['\u007F', 'U+007F'],
  ['\u0085', 'U+0085'],
  ['\u009B', 'U+009B'],
  ['\u{E0041}', 'U+E0041'],
] as const;

describe('display text', () => {
  it.each(hidden)('refuses %j, naming %s', (c, name) => {
    const value = `Acme${c}Bank`;
    expect(isDisplayText(value)).toBe(false);
    expect(hiddenCharIn(value)).toBe(name);
    expect(displayTextError('displayName', value)).toEqual({
      field: 'displayName',
      code: 'hidden_characters',
      params: { found: name },
      message: `must not contain control, invisible or bidirectional formatting characters (found ${name})`,
    });
    expect(stripHidden(value)).toBe('AcmeBank');
  });

  it.each(['Acme Bank', 'Société Générale', 'Ωμέγα', 'بنك', 'שלום', '銀行', 'Bank\u00A0One', 'naïve', 'A&B <b>'])('accepts %j', (value) => {
    expect(isDisplayText(value)).toBe(true);
    expect(displayTextError('x', value)).toBeUndefined();
    expect(stripHidden(value)).toBe(value);
  });

  it('is the contract format: a body field fails naming the field and the character', () => {
    expect(() => validateBody('UpdateWorkspaceRequest', { displayName: 'Acme \u202Eknab' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'displayName',
            code: 'hidden_characters',
            params: { found: 'U+202E' },
            message: 'must not contain control, invisible or bidirectional formatting characters (found U+202E)',
          },
        ],
      }),
    );
    expect(() => validateBody('CreateApiKeyRequest', { name: 'ci\u200Bkey' })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ field: 'name', message: expect.stringContaining('U+200B') })] }),
    );
    expect(validateBody('UpdateWorkspaceRequest', { displayName: 'Acme Bank' })).toEqual({ displayName: 'Acme Bank' });
  });
});
