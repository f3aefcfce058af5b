import { downloadFileName } from '../core/kyc/documents/media-type.js';

/**
 * `Content-Disposition` of a holder document: its download name (extension from the detected type),
 * as ASCII in `filename` and in full in `filename*`.
 */
export function documentDisposition(disposition: 'attachment' | 'inline', document: { fileName: string; mediaType: string }): string {
  const name = downloadFileName(document.fileName, document.mediaType);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
