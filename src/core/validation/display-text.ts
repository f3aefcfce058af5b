import { type FieldError, fieldError } from '../errors.js';

/**
 * Characters that are never meaningful in a short text one party types and another reads (a
 * display name, a description, a reference, a name on the holder page): C0 and C1 controls and DEL
 * (Cc); format characters (Cf): bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069, U+200E/U+200F, U+061C) that make text read in another order than it is stored,
 * zero-width space/joiners (U+200B-U+200D), word joiner and invisible operators (U+2060-U+2064),
 * the byte-order mark (U+FEFF), soft hyphen (U+00AD), tags; line and paragraph separators
 * (U+2028/U+2029); and the blank "letters" that render as nothing (combining grapheme joiner
 * U+034F, Hangul fillers U+115F/U+1160/U+3164/U+FFA0, Khmer U+17B4/U+17B5). Such text is refused
 * with a field error, never silently changed, so what a client stored is what it sent.
 */
// U+034F, U+17B4 and U+17B5 are combining marks: alternatives of their own, not class members.
const HIDDEN = /[\p{Cc}\p{Cf}\u115F\u1160\u2028\u2029\u3164\uFFA0]|\u034F|\u17B4|\u17B5/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** The Ajv format name the contract gives such fields (`format: display-text`). */
export const DISPLAY_TEXT_FORMAT = 'display-text';

export const isDisplayText = (s: string): boolean => !HIDDEN.test(s);

/** The first hidden character of `s` as `U+XXXX`, or undefined when there is none. */
export function hiddenCharIn(s: string): string | undefined {
  const c = HIDDEN.exec(s)?.[0];
  return c === undefined ? undefined : `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export const DISPLAY_TEXT_MESSAGE = 'must not contain control, invisible or bidirectional formatting characters';

/** The field error for `value`, naming the first offending character, or undefined when it is clean. */
export function displayTextError(field: string, value: string): FieldError | undefined {
  const found = hiddenCharIn(value);
  return found ? fieldError(field, 'hidden_characters', `${DISPLAY_TEXT_MESSAGE} (found ${found})`, { found }) : undefined;
}

/**
 * Removes them: for text that is shown but was not typed as a field (an uploaded file's name) and
 * for rows stored before the check existed, on their way to a page.
 */
export const stripHidden = (s: string): string => s.replace(HIDDEN_ALL, '');
