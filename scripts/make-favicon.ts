// `npx tsx scripts/make-favicon.ts`: writes assets/favicon.ico, the icon every page of the server
// links (an "F" on the brand colour, drawn here pixel by pixel so no image tool is needed), as an
// ICO holding 16 and 32 pixel PNGs.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** An RGBA PNG of `size` pixels: a rounded square in the brand colour with a white F. */
function icon(size: number): Buffer {
  const u = size / 16; // the drawing is on a 16-unit grid
  const inF = (x: number, y: number) => {
    const gx = x / u;
    const gy = y / u;
    return (
      (gx >= 5 && gx < 7 && gy >= 3.5 && gy < 12.5) ||
      (gx >= 5 && gx < 11.5 && gy >= 3.5 && gy < 5.5) ||
      (gx >= 5 && gx < 10 && gy >= 7 && gy < 9)
    );
  };
  const r = 3.5 * u;
  const inside = (x: number, y: number) => {
    const cx = Math.min(Math.max(x + 0.5, r), size - r);
    const cy = Math.min(Math.max(y + 0.5, r), size - r);
    return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const px = !inside(x, y) ? [0, 0, 0, 0] : inF(x, y) ? [255, 255, 255, 255] : [99, 91, 255, 255];
      row.set(px, 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const images = [16, 32].map((size) => ({ size, png: icon(size) }));
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // an icon
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach(({ size, png }, i) => {
  const e = 6 + 16 * i;
  header.writeUInt8(size, e);
  header.writeUInt8(size, e + 1);
  header.writeUInt16LE(1, e + 4); // colour planes
  header.writeUInt16LE(32, e + 6); // bits per pixel
  header.writeUInt32LE(png.length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += png.length;
});
writeFileSync(new URL('../assets/favicon.ico', import.meta.url), Buffer.concat([header, ...images.map((i) => i.png)]));
