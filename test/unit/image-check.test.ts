import { describe, expect, it } from 'vitest';
import { admitImage, DOCUMENT_LIMITS, imageFile, imageHeader, LOGO_LIMITS } from '../../src/core/images/image-check.js';
import { pngChunkWalker } from '../../src/core/images/image-header.js';
import { logoMediaType } from '../../src/core/workspaces/logo-image.js';
import { heicHead, jpegHead, pngDeclaring, pngHead, sampleFile } from '../factories/holder-files.js';
import { realJpeg, realPng } from '../factories/images.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { code: string; message: string; errors: { field: string; message: string }[] };
  }
  throw new Error('accepted');
};

describe('logo images (the whole file)', () => {
  it('accepts a real small PNG and JPEG', () => {
    expect(logoMediaType(realPng(40, 20))).toBe('image/png');
    expect(logoMediaType(realJpeg())).toBe('image/jpeg');
    expect(imageFile('image/jpeg', realJpeg())).toEqual({ kind: 'size', width: 24, height: 16 });
  });

  it('refuses a small PNG declaring 16000 x 16000, naming the size and the bounds', () => {
    const bomb = pngDeclaring(16000, 16000);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const e = refusal(() => logoMediaType(bomb));
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.errors).toEqual([
      { field: 'body', code: 'invalid', message: 'is 16000 x 16000 pixels: at most 4096 pixels a side and 4 megapixels' },
    ]);
  });

  it.each([
    ['PNG magic and garbage', Buffer.concat([pngHead().subarray(0, 8), Buffer.alloc(200, 7)]), /first chunk is not a 13-byte IHDR/],
    ['a wrong IHDR CRC', Buffer.concat([pngHead().subarray(0, 32), Buffer.from([0]), Buffer.alloc(40)]), /IHDR checksum/],
    ['a header only (no IDAT, no IEND)', pngHead(), /ends before IEND/],
    ['a PNG cut inside its data', realPng(40, 20).subarray(0, 60), /ends inside a chunk/],
    ['bytes after IEND', Buffer.concat([realPng(4, 4), Buffer.from('<script>')]), /bytes follow the IEND/],
    ['a JPEG cut before its frame header', realJpeg().subarray(0, 100), /truncated/],
    ['a JPEG cut inside its scan', realJpeg().subarray(0, realJpeg().length - 40), /no end-of-image marker/],
    [
      'JPEG magic and garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02]), Buffer.alloc(100, 0x41)]),
      /marker segment is broken/,
    ],
  ])('refuses %s as not a valid image', (_name, bytes, reason) => {
    const e = refusal(() => logoMediaType(bytes));
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.errors[0]?.field).toBe('body');
    expect(e.errors[0]?.message).toMatch(/^is not a valid (PNG|JPEG) image: /);
    expect(e.message).toMatch(reason);
  });
});

describe('document image headers (a prefix of a streamed file)', () => {
  it.each([
    ['image/png', pngHead(4032, 3024), 4032, 3024],
    ['image/jpeg', jpegHead(8064, 6048), 8064, 6048],
    ['image/heic', heicHead(8064, 6048), 8064, 6048],
  ] as const)('a %s phone photo passes', (type, head, width, height) => {
    expect(admitImage(type, imageHeader(type, head), DOCUMENT_LIMITS, 'file')).toEqual({ width, height });
  });

  it.each([
    ['image/png', pngHead(16000, 16000), 'is 16000 x 16000 pixels: at most 10000 pixels a side and 50 megapixels'],
    ['image/jpeg', jpegHead(9000, 9000), 'is 9000 x 9000 pixels: at most 10000 pixels a side and 50 megapixels'],
    ['image/heic', heicHead(12000, 9000), 'is 12000 x 9000 pixels: at most 10000 pixels a side and 50 megapixels'],
  ] as const)('a %s past the bounds is refused naming its size', (type, head, message) => {
    expect(refusal(() => admitImage(type, imageHeader(type, head), DOCUMENT_LIMITS, 'file')).errors).toEqual([
      { field: 'file', code: 'invalid', message },
    ]);
  });

  it('asks for more bytes on a prefix, and finds the frame header after large metadata segments', () => {
    const head = jpegHead(100, 80);
    expect(imageHeader('image/jpeg', head.subarray(0, 10))).toEqual({ kind: 'more' });
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xfe]), Buffer.alloc(0xfffc)]);
    const withExif = Buffer.concat([head.subarray(0, 2), app1, app1, head.subarray(2)]);
    expect(imageHeader('image/jpeg', withExif)).toEqual({ kind: 'size', width: 100, height: 80 });
    expect(imageHeader('image/heic', heicHead().subarray(0, 30))).toEqual({ kind: 'more' });
  });

  it('refuses a HEIF whose image data comes first, or without sizes', () => {
    const ftyp = heicHead().subarray(0, 24);
    const mdat = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('mdat'), Buffer.alloc(4)]);
    expect(imageHeader('image/heic', Buffer.concat([ftyp, mdat]))).toMatchObject({ kind: 'invalid' });
    const meta = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('meta'), Buffer.alloc(4)]);
    expect(imageHeader('image/heic', Buffer.concat([ftyp, meta]))).toEqual({
      kind: 'invalid',
      reason: 'its metadata declares no image size (ispe)',
    });
  });

  it('logo bounds are smaller than document bounds', () => {
    expect(LOGO_LIMITS.maxPixels).toBeLessThan(DOCUMENT_LIMITS.maxPixels);
  });
});

describe('a PNG document checked as it streams', () => {
  const walk = (file: Buffer, piece: number) => {
    const w = pngChunkWalker();
    for (let at = 0; at < file.length; at += piece) {
      const bad = w.feed(file.subarray(at, at + piece));
      if (bad) return bad;
    }
    return w.end();
  };

  it.each([1, 3, 7, 64, 100_000])('a whole PNG passes in pieces of %i bytes', (piece) => {
    expect(walk(realPng(30, 20), piece)).toBeUndefined();
    expect(walk(sampleFile.png(5000), piece)).toBeUndefined();
  });

  it.each([
    ['a valid IHDR then garbage', Buffer.concat([pngHead(), Buffer.alloc(300, 0x07)]), 'a chunk has an invalid type'],
    ['a PNG cut inside its data', realPng(30, 20).subarray(0, 70), 'the file ends before IEND'],
    ['bytes after IEND', Buffer.concat([realPng(4, 4), Buffer.from('<html>')]), 'bytes follow the IEND chunk'],
    [
      'a flipped data byte',
      (() => {
        const b = Buffer.from(sampleFile.png(64));
        b[50] = (b[50] ?? 0) ^ 1;
        return b;
      })(),
      'the IDAT checksum (CRC) does not match',
    ],
    [
      'IHDR then IEND',
      Buffer.concat([pngHead(), Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])]),
      'there is no image data (IDAT)',
    ],
  ])('refuses %s', (_name, file, reason) => {
    expect(walk(file, 16)).toBe(reason);
  });
});
