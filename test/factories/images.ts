import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bits) whose pixel at (x, y) is `color(x, y)`: for previews a browser can draw. */
export function png(width: number, height: number, color: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(color(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Something that looks like the front of an identity card: a photo box and lines of text. */
export function idCardPng(): Buffer {
  return png(240, 150, (x, y) => {
    if (x < 6 || y < 6 || x >= 234 || y >= 144) return [29, 78, 216];
    if (x >= 18 && x < 78 && y >= 30 && y < 110) return [148, 163, 184];
    if (x >= 92 && x < 220 && [36, 56, 76, 96].some((l) => y >= l && y < l + 7)) return [71, 85, 105];
    return [226, 236, 250];
  });
}

/** A one-page PDF that readers open (header, objects, cross-reference table, trailer). */
export function onePagePdf(text = 'Utility bill'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 30 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 30 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A real PNG a browser draws (unlike the magic-bytes-only samples): `width` x `height`, a
 * horizontal band of each colour in turn, so a preview or a logo is visibly itself.
 */
export function realPng(width: number, height: number, colours: [number, number, number][] = [[31, 95, 191]]): Buffer {
  return png(width, height, (_x, y) => colours[Math.floor((y * colours.length) / height)] ?? [0, 0, 0]);
}

/** A real 24 x 16 baseline JPEG (a blue field, a white square) as Chromium's canvas encodes it (`toDataURL('image/jpeg', 0.8)`). */
const SMALL_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABh' +
  'Y3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAAB' +
  'UAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAA' +
  'AAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9Y' +
  'WVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM' +
  'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQ' +
  'FxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgo' +
  'KCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABgDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAEG' +
  '/8QAIRAAAQIEBwAAAAAAAAAAAAAAEgARAQYTFAcVFiVDYqH/xAAWAQEBAQAAAAAAAAAAAAAAAAAGBAX/xAAeEQABAgcBAAAAAAAA' +
  'AAAAAAAAMVETFCMkYoGRY//aAAwDAQACEQMRAD8AuGcha3zLcrGzp8FUzPtBmH1MTJC0Rlu5X15U4KQAHaLuXiYZz7ojMttvrynz' +
  '0gA+sXcvExMn3W+W7bY2dTnqmYdYMw+pndzflpuqHaEDPb8Qw6Ii0CM//9k=';

export function realJpeg(): Buffer {
  return Buffer.from(SMALL_JPEG, 'base64');
}
