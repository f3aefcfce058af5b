import { randomBytes } from 'node:crypto';

/** Files that start like the real thing (magic bytes) followed by `size` random bytes. */
export const sampleFile = {
  png: (size = 2048) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]),
  jpeg: (size = 2048) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)]),
  pdf: (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]),
  heic: (size = 2048) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12), randomBytes(size)]),
};
