import { AppError, fieldError } from '../errors.js';
import { type HeaderParse, heifHeader, jpegHeader, pngFile, pngHeader } from './image-header.js';

/**
 * The one check every uploaded image passes (workspace logos and holder documents): it must be a
 * real image of the type its first bytes claim (the structure parses: PNG's IHDR and its CRC,
 * JPEG's marker segments up to the frame header, HEIF's boxes up to the image sizes), and its
 * declared width x height must stay within bounds, since a browser showing it decodes every pixel
 * (a 31 KB PNG can declare 16000 x 16000, a gigabyte of memory).
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/heic';

export interface ImageLimits {
  /** Longest side, in pixels. */
  maxSide: number;
  /** Width x height, in pixels. */
  maxPixels: number;
}

/** A header image of a page: far above what it is shown at, far below what hurts a phone. */
export const LOGO_LIMITS: ImageLimits = { maxSide: 4096, maxPixels: 4_000_000 };
/** Identity documents and selfies: phone photos pass (48-50 MP sensors, 8064 x 6048); 100-200 MP modes do not. */
export const DOCUMENT_LIMITS: ImageLimits = { maxSide: 10_000, maxPixels: 50_000_000 };
/** A JPEG's or HEIF's header is found within this many bytes (phone metadata comes first, a few hundred KiB at most). */
export const HEADER_MAX_BYTES = 1024 * 1024;

const NAMES: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/heic': 'HEIC/HEIF' };

export const isImageType = (t: string): t is ImageType => t in NAMES;

/** The parse of a file's first bytes (a prefix may ask for more). */
export function imageHeader(type: ImageType, head: Uint8Array): HeaderParse {
  return type === 'image/png' ? pngHeader(head) : type === 'image/jpeg' ? jpegHeader(head) : heifHeader(head);
}

/** The parse of a whole file held in memory (logos): PNG chunk by chunk, JPEG through to its end marker. */
export function imageFile(type: ImageType, bytes: Uint8Array): HeaderParse {
  const r = type === 'image/png' ? pngFile(bytes) : type === 'image/jpeg' ? jpegHeader(bytes, true) : heifHeader(bytes);
  return r.kind === 'more' ? { kind: 'invalid', reason: 'the file is truncated' } : r;
}

/**
 * The size a parse gave, within `limits`; otherwise a `400 VALIDATION_FAILED` naming `field` and
 * the problem (not that image, and why; or its size and the bounds).
 */
export function admitImage(type: ImageType, parse: HeaderParse, limits: ImageLimits, field: string): { width: number; height: number } {
  if (parse.kind !== 'size') {
    throw notAnImage(type, parse.kind === 'invalid' ? parse.reason : `no image header in the first ${HEADER_MAX_BYTES / 1024} KiB`, field);
  }
  const { width, height } = parse;
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    const bounds = `at most ${limits.maxSide} pixels a side and ${limits.maxPixels / 1_000_000} megapixels`;
    throw new AppError('VALIDATION_FAILED', `This image is ${width} x ${height} pixels; images may be ${bounds}.`, [
      fieldError(field, 'invalid', `is ${width} x ${height} pixels: ${bounds}`),
    ]);
  }
  return { width, height };
}

/** `400 VALIDATION_FAILED`: the bytes are not a `type` image, and why. */
export function notAnImage(type: ImageType, reason: string, field: string): AppError {
  const name = NAMES[type];
  return new AppError('VALIDATION_FAILED', `This file is not a valid ${name} image: ${reason}.`, [
    fieldError(field, 'invalid_format', `is not a valid ${name} image: ${reason}`, { format: 'image' }),
  ]);
}
