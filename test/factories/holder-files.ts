import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...body: Buffer[]) => {
  const content = Buffer.concat(body);
  return Buffer.concat([u32(8 + content.length), Buffer.from(type, 'latin1'), content]);
};

/** A PNG signature and a valid IHDR chunk (RGB, 8 bits) declaring `width` x `height`. */
export function pngHead(width = 64, height = 48): Buffer {
  const data = Buffer.concat([Buffer.from('IHDR', 'latin1'), u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), u32(13), data, u32(crc32(data) >>> 0)]);
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body) >>> 0)]);
};

/**
 * A whole PNG, every chunk and CRC valid, that declares `width` x `height` but holds only its first
 * rows (zeros, compressed to a few KB): the audit's 31 KB file declaring 16000 x 16000.
 */
export function pngDeclaring(width: number, height: number, rows = 50): Buffer {
  const data = deflateSync(Buffer.alloc(rows * (1 + width * 3)), { level: 9 });
  return Buffer.concat([pngHead(width, height), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

/** SOI, a JFIF APP0 segment and a baseline frame header (SOF0, 3 components) declaring `width` x `height`. */
export function jpegHead(width = 64, height = 48): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

/** An ftyp box (brand heic) and a meta box whose item properties hold one ispe of `width` x `height`. */
export function heicHead(width = 64, height = 48): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const ispe = box('ispe', u32(0), u32(width), u32(height));
  return Buffer.concat([ftyp, box('meta', u32(0), box('iprp', box('ipco', ispe)))]);
}

/**
 * Files whose structure is the real thing (a PNG's chunks with their CRCs, `size` random bytes as
 * its IDAT; a JPEG's frame header, a HEIF's image size, a PDF's version line, each followed by
 * `size` random bytes): what the upload checks read, without the cost of encoding pixels.
 */
export const sampleFile = {
  png: (size = 2048) => Buffer.concat([pngHead(), pngChunk('IDAT', randomBytes(size)), pngChunk('IEND', Buffer.alloc(0))]),
  jpeg: (size = 2048) => Buffer.concat([jpegHead(), randomBytes(size)]),
  pdf: (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]),
  heic: (size = 2048) => Buffer.concat([heicHead(), randomBytes(size)]),
};
