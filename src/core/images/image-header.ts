import { crc32 } from 'node:zlib';

/**
 * Width and height from an image's header, parsed by structure (not magic bytes alone), without
 * decoding a pixel. A parse gives the size, says the bytes are not that image (and why), or, on a
 * prefix of a file still streaming in, asks for more bytes.
 */
export type HeaderParse = { kind: 'size'; width: number; height: number } | { kind: 'invalid'; reason: string } | { kind: 'more' };

const more: HeaderParse = { kind: 'more' };
const invalid = (reason: string): HeaderParse => ({ kind: 'invalid', reason });
const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// PNG's allowed bit depths per colour type (ISO/IEC 15948, table 11.1).
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PNG_MAX_DIMENSION = 0x7fffffff;

/** PNG: the signature, then an IHDR chunk of 13 bytes whose CRC matches and whose fields are legal. */
export function pngHeader(b: Uint8Array): HeaderParse {
  if (b.length < 33) return more;
  if (!PNG_SIGNATURE.every((v, i) => b[i] === v)) return invalid('the PNG signature is wrong');
  if (u32(b, 8) !== 13 || ascii(b, 12, 16) !== 'IHDR') return invalid('the first chunk is not a 13-byte IHDR');
  if (crc32(b.subarray(12, 29)) >>> 0 !== u32(b, 29)) return invalid('the IHDR checksum (CRC) does not match');
  const width = u32(b, 16);
  const height = u32(b, 20);
  const [depth = 0, colour = 0, compression, filter, interlace] = b.subarray(24, 29);
  if (width === 0 || height === 0 || width > PNG_MAX_DIMENSION || height > PNG_MAX_DIMENSION)
    return invalid('IHDR declares an impossible size');
  if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
    return invalid('IHDR declares an unknown colour type, bit depth or method');
  }
  return { kind: 'size', width, height };
}

/**
 * A whole PNG: the header, then every chunk within the file with a matching CRC, at least one
 * IDAT, and IEND as the last bytes (a truncated file or trailing bytes are refused).
 */
export function pngFile(b: Uint8Array): HeaderParse {
  const head = pngHeader(b);
  if (head.kind === 'more') return invalid('the file ends inside the header');
  if (head.kind === 'invalid') return head;
  let at = 8;
  let idat = false;
  while (at < b.length) {
    if (at + 12 > b.length) return invalid('the file ends inside a chunk');
    const length = u32(b, at);
    const type = ascii(b, at + 4, at + 8);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type)) return invalid('a chunk has an invalid type');
    if (length > PNG_MAX_DIMENSION || end > b.length) return invalid('the file ends inside a chunk');
    if (crc32(b.subarray(at + 4, at + 8 + length)) >>> 0 !== u32(b, at + 8 + length))
      return invalid(`the ${type} checksum (CRC) does not match`);
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') {
      if (end !== b.length) return invalid('bytes follow the IEND chunk');
      return idat ? head : invalid('there is no image data (IDAT)');
    }
    at = end;
  }
  return invalid('the file ends before IEND');
}

// Start-of-frame markers: baseline, extended, progressive, lossless (Huffman and arithmetic);
// C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const SOS = 0xda;

/**
 * JPEG: SOI, then a chain of marker segments whose lengths hold together up to a start-of-frame
 * segment of the right length, which gives the size. With `toScan`, the walk goes on to the scan
 * (SOS) and an EOI marker must follow it: a whole file, not truncated.
 */
export function jpegHeader(b: Uint8Array, toScan = false): HeaderParse {
  if (b.length < 4) return more;
  if (b[0] !== 0xff || b[1] !== 0xd8) return invalid('it does not start with a JPEG SOI marker');
  let at = 2;
  let size: HeaderParse | undefined;
  for (;;) {
    if (at >= b.length) return more;
    if (b[at] !== 0xff) return invalid('a marker segment is broken');
    while (b[at] === 0xff) at += 1; // fill bytes
    if (at + 1 > b.length) return more;
    const marker = b[at] ?? 0;
    at += 1;
    if (marker === 0xd9) return invalid('the image ends before its frame and scan');
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x00) {
      return invalid('a marker segment is broken');
    }
    if (at + 2 > b.length) return more;
    const length = u16(b, at);
    if (length < 2) return invalid('a marker segment is broken');
    if (marker === SOS) {
      if (!size) return invalid('the scan comes before the frame header');
      const scanStart = at + length;
      for (let i = b.length - 2; i >= scanStart; i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return size;
      return invalid('the file is truncated (no end-of-image marker after the scan)');
    }
    if (SOF.has(marker)) {
      if (size) return invalid('it has two frame headers');
      if (at + 8 > b.length) return more;
      const height = u16(b, at + 3);
      const width = u16(b, at + 5);
      const components = b[at + 7] ?? 0;
      if (components < 1 || components > 4 || length !== 8 + 3 * components) return invalid('the frame header is malformed');
      if (width === 0 || height === 0) return invalid('the frame header declares no size');
      size = { kind: 'size', width, height };
      if (!toScan) return size;
    }
    at += length;
  }
}

/** ISO-BMFF boxes (HEIC/HEIF): each box's size and type, children read within their parent. */
function* boxes(b: Uint8Array, from: number, to: number): Generator<{ type: string; body: number; end: number } | 'more' | 'bad'> {
  let at = from;
  while (at < to) {
    if (at + 8 > to) return yield at + 8 > b.length ? 'more' : 'bad';
    let size = u32(b, at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > b.length) return yield 'more';
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
      body = at + 16;
    } else if (size === 0) size = to - at; // to the end of the file
    if (size < body - at) return yield 'bad';
    yield { type: ascii(b, at + 4, at + 8), body, end: at + size };
    at += size;
  }
}

/**
 * HEIC/HEIF: `ftyp` first, then a `meta` box (before the image data) whose item properties
 * (`iprp/ipco`) hold `ispe` image sizes; the largest width and height found bound the picture (a
 * grid's own size and its tiles', or a thumbnail's, are all among them).
 */
export function heifHeader(b: Uint8Array): HeaderParse {
  let first = true;
  for (const box of boxes(b, 0, Number.MAX_SAFE_INTEGER)) {
    if (box === 'more') return more;
    if (box === 'bad') return invalid('a box size is inconsistent');
    if (first && box.type !== 'ftyp') return invalid('it does not start with an ftyp box');
    first = false;
    if (box.type === 'mdat') return invalid('the image data comes before its metadata');
    if (box.type !== 'meta') continue;
    if (box.end > b.length) return more;
    return heifSizes(b, box.body + 4, box.end); // meta is a full box: version and flags first
  }
  return more;
}

function heifSizes(b: Uint8Array, from: number, to: number): HeaderParse {
  let width = 0;
  let height = 0;
  const walk = (start: number, end: number, path: string): string | undefined => {
    for (const box of boxes(b, start, end)) {
      if (box === 'more' || box === 'bad' || box.end > end) return 'a box size is inconsistent';
      const here = `${path}/${box.type}`;
      if (here === '/iprp' || here === '/iprp/ipco') {
        const bad = walk(box.body, box.end, here);
        if (bad) return bad;
      } else if (here === '/iprp/ipco/ispe') {
        if (box.end - box.body < 12) return 'an ispe box is too short';
        width = Math.max(width, u32(b, box.body + 4));
        height = Math.max(height, u32(b, box.body + 8));
      }
    }
    return undefined;
  };
  const bad = walk(from, to, '');
  if (bad) return invalid(bad);
  if (width === 0 || height === 0) return invalid('its metadata declares no image size (ispe)');
  return { kind: 'size', width, height };
}

/**
 * A PNG's chunks checked as the file streams in (a document is never held whole): each chunk's
 * type and CRC, at least one IDAT, IEND last with nothing after it. `feed` every piece from the
 * first byte on, then `end`; each says why the bytes are not a PNG, or nothing.
 */
export function pngChunkWalker(): { feed(piece: Uint8Array): string | undefined; end(): string | undefined } {
  let skip = PNG_SIGNATURE.length;
  let state: 'head' | 'data' | 'crc' | 'done' = 'head';
  let pending = Buffer.alloc(0);
  let remaining = 0;
  let crc = 0;
  let type = '';
  let idat = false;
  let error: string | undefined;
  const feed = (piece: Uint8Array) => {
    let b = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    const skipped = Math.min(skip, b.length);
    skip -= skipped;
    b = b.subarray(skipped);
    while (b.length > 0 && !error) {
      if (state === 'done') error = 'bytes follow the IEND chunk';
      else if (state === 'data') {
        const n = Math.min(remaining, b.length);
        crc = crc32(b.subarray(0, n), crc);
        remaining -= n;
        b = b.subarray(n);
        if (remaining === 0) state = 'crc';
      } else {
        const need = state === 'head' ? 8 : 4;
        const n = Math.min(need - pending.length, b.length);
        pending = Buffer.concat([pending, b.subarray(0, n)]);
        b = b.subarray(n);
        if (pending.length < need) break;
        if (state === 'head') {
          remaining = pending.readUInt32BE(0);
          type = pending.toString('latin1', 4, 8);
          if (!/^[A-Za-z]{4}$/.test(type) || remaining > PNG_MAX_DIMENSION) error = 'a chunk has an invalid type';
          crc = crc32(pending.subarray(4, 8));
          idat ||= type === 'IDAT';
          state = remaining === 0 ? 'crc' : 'data';
        } else if (pending.readUInt32BE(0) !== crc >>> 0) error = `the ${type} checksum (CRC) does not match`;
        else state = type === 'IEND' ? 'done' : 'head';
        pending = Buffer.alloc(0);
      }
    }
    return error;
  };
  const end = () => {
    if (error) return error;
    if (state !== 'done') return 'the file ends before IEND';
    return idat ? undefined : 'there is no image data (IDAT)';
  };
  return { feed, end };
}
