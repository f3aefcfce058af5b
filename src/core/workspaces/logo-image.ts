import { AppError } from '../errors.js';

/** Largest logo accepted: a page header image, loaded by holders on phones. */
export const LOGO_MAX_BYTES = 256 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The media type of a logo, from its first bytes only (a declared type or a file name is not
 * trusted). PNG and JPEG: formats that cannot carry script, unlike SVG.
 */
export function logoMediaType(bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'the image is empty', [{ field: 'body', message: 'is empty' }]);
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `the logo is larger than the ${LOGO_MAX_BYTES / 1024} KiB limit`);
  }
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'the logo must be a PNG or JPEG image (recognised from its content)');
}
