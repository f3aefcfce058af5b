import { Worker } from 'node:worker_threads';

// The receiver: a plain node http server on 127.0.0.1 in a thread of its own (so it does not share
// the in-process dispatcher's event loop), answering 204 at once and noting each webhookId's
// first arrival time.

const RECEIVER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
let requests = 0;
let first = new Map();
const server = http.createServer((req, res) => {
  const at = Date.now();
  requests++;
  const id = req.headers['x-service-webhook-id'];
  if (id && !first.has(id)) first.set(id, at);
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'reset') { requests = 0; first = new Map(); parentPort.postMessage({ ok: true }); }
  else if (m === 'count') parentPort.postMessage({ requests, unique: first.size });
  else if (m === 'dump') parentPort.postMessage({ requests, first: [...first] });
  else if (m === 'close') { server.closeAllConnections(); server.close(() => parentPort.postMessage({ closed: true })); }
});
`;

export async function startReceiver() {
  const worker = new Worker(RECEIVER_SOURCE, { eval: true });
  const ask = <T>(): Promise<T> => new Promise((resolve) => worker.once('message', resolve));
  const call = <T>(m: string): Promise<T> => {
    const p = ask<T>();
    worker.postMessage(m);
    return p;
  };
  const { port } = await ask<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}`,
    reset: () => call<{ ok: true }>('reset'),
    count: () => call<{ requests: number; unique: number }>('count'),
    dump: () => call<{ requests: number; first: [string, number][] }>('dump'),
    close: async () => {
      await call('close');
      await worker.terminate();
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
