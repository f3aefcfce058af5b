// Installed from the @fas-gateway/client tarball alone (scripts/check-packages.ts): typed calls,
// retries on, typed errors.
import { createFasClient, FasApiError, unwrap } from '@fas-gateway/client';

const fas = createFasClient({
  baseUrl: process.env.FAS_URL ?? 'http://localhost:8080',
  apiKey: process.env.FAS_API_KEY ?? '',
  retry: { attempts: 3, baseDelayMs: 200 },
});

const created = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'sample@example.com', reference: 'sample-1' } });
if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
const accountId: string = created.data.accountId;

const list = unwrap(await fas.GET('/api/v2/accounts', { params: { query: { search: 'sample@', limit: 10 } } }));
if (!list.data.some((a) => a.accountId === accountId)) throw new Error('the new account is not listed');

const bad = await fas.GET('/api/v2/accounts', { params: { query: { limit: 0 } } });
const error = FasApiError.from(bad);
if (error.status !== 400 || error.code !== 'VALIDATION_FAILED' || error.errors[0]?.field !== 'limit' || !error.requestId) {
  throw new Error('limit=0 was not refused with a typed error');
}
console.log(JSON.stringify({ ok: true, accountId, status: created.data.status }));
