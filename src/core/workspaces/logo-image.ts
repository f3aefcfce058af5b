import type { Schemas } from '../contract.js';
import { AppError, fieldError } from '../errors.js';
import { admitImage, imageFile, LOGO_LIMITS } from '../images/image-check.js';

/** Largest logo accepted: a page header image, loaded by holders on phones. */
export const LOGO_MAX_BYTES = 256 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The media type of a logo, from its first bytes only (a declared type or a file name is not
 * trusted). PNG and JPEG: formats that cannot carry script, unlike SVG. The whole file must parse
 * as that type and stay within LOGO_LIMITS (image-check.ts).
 */
export function logoMediaType(bytes: Uint8Array): NonNullable<Schemas['WorkspaceLogo']>['mediaType'] {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'the image is empty', [fieldError('body', 'required', 'is empty')]);
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `the logo is larger than the ${LOGO_MAX_BYTES / 1024} KiB limit`);
  }
  const type = startsWith(bytes, PNG) ? 'image/png' : startsWith(bytes, JPEG) ? 'image/jpeg' : null;
  if (type) {
    admitImage(type, imageFile(type, bytes), LOGO_LIMITS, 'body');
    return type;
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'the logo must be a PNG or JPEG image (recognised from its content)');
}
