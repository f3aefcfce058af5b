// Installed from the @fas-gateway/client tarball alone (scripts/check-packages.ts): typed calls.
import { createFasClient } from '@fas-gateway/client';

const fas = createFasClient({ baseUrl: process.env.FAS_URL ?? 'http://localhost:8080', apiKey: process.env.FAS_API_KEY ?? '' });

const created = await fas.POST('/api/v2/accounts', { body: { type: 'individual', email: 'sample@example.com', reference: 'sample-1' } });
if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
const accountId: string = created.data.accountId;

const list = await fas.GET('/api/v2/accounts', { params: { query: { search: 'sample@', limit: 10 } } });
if (!list.data?.data.some((a) => a.accountId === accountId)) throw new Error('the new account is not listed');

const bad = await fas.GET('/api/v2/accounts', { params: { query: { limit: 0 } } });
if (bad.response.status !== 400 || bad.error?.code !== 'VALIDATION_FAILED') throw new Error('limit=0 was not refused');
console.log(JSON.stringify({ ok: true, accountId, status: created.data.status }));
