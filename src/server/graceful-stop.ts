import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What a stop does with the server's connections. Closing the server waits for every connection
 * to end, and Node closes only keep-alive connections between requests: one that has sent nothing
 * yet (a browser's preconnect, a load balancer's TCP check, half a request line) would hold the stop
 * until the header timeout. `drain()` ends those at once, and each other one as soon as its request
 * in progress has been answered; `destroyAll()` is for the drain deadline.
 */
export function connectionTracker(server: Server) {
  const active = new Map<Socket, number>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    active.set(socket, 0);
    socket.once('close', () => active.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (active.get(socket) ?? 1) - 1;
      active.set(socket, left);
      if (draining && left === 0) socket.destroy();
    });
  });
  return {
    /** Requests being answered now. */
    inProgress: () => [...active.values()].reduce((a, b) => a + b, 0),
    drain() {
      draining = true;
      for (const [socket, n] of active) if (n === 0) socket.destroy();
    },
    destroyAll() {
      for (const socket of active.keys()) socket.destroy();
    },
  };
}
