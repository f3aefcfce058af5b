import { CONTRACT_PROPERTY_ENUMS } from '../../generated/contract-facts.js';

/**
 * The media types a holder may upload (the contract's `KycDocument.mediaType`), recognised by their
 * first bytes (never by name or header): `detectMediaType` and `EXTENSIONS` cover each, or typecheck fails.
 */
export const ACCEPTED_MEDIA_TYPES = CONTRACT_PROPERTY_ENUMS.KycDocument.mediaType;
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number];

/** Bytes needed to decide: the longest signature checked ends at offset 12. */
export const SNIFF_BYTES = 12;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

// HEIC/HEIF brands of the ISO-BMFF `ftyp` box (iPhone photos are `heic`; `mif1`/`msf1` are HEIF).
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The media type of a file from its first bytes, or null when it is none of the accepted ones. */
export function detectMediaType(head: Uint8Array): AcceptedMediaType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'image/heic';
  return null;
}

/** The extension a download of each type carries, and the others its name may already have. */
const EXTENSIONS: Record<AcceptedMediaType, { ext: string; also: string[] }> = {
  'image/jpeg': { ext: 'jpg', also: ['jpeg', 'jpe'] },
  'image/png': { ext: 'png', also: [] },
  'image/heic': { ext: 'heic', also: ['heif'] },
  'application/pdf': { ext: 'pdf', also: [] },
};

/**
 * The name a document downloads under: the holder's name with the extension of the type detected
 * from its content, so a JPEG/HTML polyglot sent as `poly.html` saves as `poly.jpg` and opens as
 * an image, never as a page. Format characters (bidi overrides) are removed as on upload.
 */
export function downloadFileName(fileName: string, mediaType: string): string {
  const known = EXTENSIONS[mediaType as AcceptedMediaType];
  const name = fileName.replace(/\p{Cf}/gu, '') || 'document';
  if (!known) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (ext === known.ext || known.also.includes(ext)) return name;
  return `${stem}.${known.ext}`;
}
