/**
 * The path of a request as written to the access log: no query string (search terms such as
 * emails) and no verification-link token (the path segment after /verify/ is a credential).
 */
export function logPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/^(\/+verify)\/.*$/i, '$1/[redacted]');
}
