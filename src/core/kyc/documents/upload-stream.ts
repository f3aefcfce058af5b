import { createHash } from 'node:crypto';
import { AppError, fieldError, validationError } from '../../errors.js';
import { admitImage, DOCUMENT_LIMITS, HEADER_MAX_BYTES, imageHeader, isImageType, notAnImage } from '../../images/image-check.js';
import { pngChunkWalker } from '../../images/image-header.js';
import { type AcceptedMediaType, detectMediaType, SNIFF_BYTES } from './media-type.js';

/** A holder's file as it streams in: its type, known before anything is stored, and the bytes metered. */
export interface MeteredUpload {
  mediaType: AcceptedMediaType;
  /** The whole file (the bytes read to recognise it included), read once; throws past the size limit. */
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes of what `chunks` has given so far; with `sha256()` (hex, asked once), the file's once it is read to the end. */
  size(): number;
  sha256(): string;
}

export function tooLarge(maxBytes: number): AppError {
  const mb = maxBytes / (1024 * 1024);
  return new AppError('PAYLOAD_TOO_LARGE', `This file is larger than the ${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB limit.`);
}

/**
 * Reads just enough of `content` to recognise the type (an empty file or one of another type is
 * refused here) and, for an image, its header (a broken one, or a width x height past
 * DOCUMENT_LIMITS, is refused too), then hands the rest on as it comes, counting and hashing it,
 * never held whole.
 */
export async function openUpload(content: AsyncIterable<Uint8Array>, maxBytes: number): Promise<MeteredUpload> {
  const iterator = content[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  const readMore = async () => {
    const next = await iterator.next();
    if (next.done) ended = true;
    else {
      head.push(Buffer.from(next.value));
      headSize += next.value.byteLength;
      if (headSize > maxBytes) throw tooLarge(maxBytes);
    }
  };
  while (headSize < SNIFF_BYTES && !ended) await readMore();
  if (headSize === 0) throw validationError([fieldError('file', 'required', 'the file is empty')]);
  const mediaType = detectMediaType(Buffer.concat(head));
  if (!mediaType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not a JPEG, PNG, HEIC or PDF (recognised by its content, not its name).');
  }
  if (isImageType(mediaType)) {
    let parse = imageHeader(mediaType, Buffer.concat(head));
    while (parse.kind === 'more' && !ended && headSize <= HEADER_MAX_BYTES) {
      await readMore();
      parse = imageHeader(mediaType, Buffer.concat(head));
    }
    if (parse.kind === 'more' && ended) parse = { kind: 'invalid', reason: 'the file ends inside its header' };
    admitImage(mediaType, parse, DOCUMENT_LIMITS, 'file');
  }

  const hash = createHash('sha256');
  // A PNG's chunks are checked through to IEND as they stream past (JPEG and HEIF files may carry
  // trailers after their image, such as a phone's motion clip: their headers are what is checked).
  const png = mediaType === 'image/png' ? pngChunkWalker() : null;
  let size = 0;
  const take = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    const bad = png?.feed(chunk);
    if (bad) throw notAnImage('image/png', bad, 'file');
    hash.update(chunk);
    return chunk;
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) yield take(chunk);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield take(next.value);
    const bad = png?.end();
    if (bad) throw notAnImage('image/png', bad, 'file');
  }
  return { mediaType, chunks: chunks(), size: () => size, sha256: () => hash.digest('hex') };
}
