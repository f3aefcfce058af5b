import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError } from '../core/errors.js';
import { problemOf, sendProblem } from '../http/problem.js';

/**
 * Errors Fastify and Node raise before a route runs, in the one error shape (problem+json with
 * `code`, `requestId` and `X-Request-Id`). Messages never repeat the path: under /verify/ it is a
 * credential.
 */
export function frameworkErrorOptions(): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', request.id);
      const appError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('URI_TOO_LONG', 'a path parameter is longer than 200 characters')
          : error.code === 'FST_ERR_BAD_URL'
            ? new AppError('MALFORMED_REQUEST', 'the request path has a malformed percent-encoding')
            : new AppError('MALFORMED_REQUEST', 'malformed request');
      sendProblem(request, reply, appError);
    },
    clientErrorHandler: (err: Error & { code?: string }, socket: Socket) => {
      // A reset connection has nobody left to answer.
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const appError =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? new AppError('HEADERS_TOO_LARGE', 'the request headers exceed 16 KiB')
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? new AppError('REQUEST_TIMEOUT', 'the request was not received in time')
            : new AppError('MALFORMED_REQUEST', 'the request is not valid HTTP');
      if (socket.writable) {
        const id = randomUUID();
        const body = JSON.stringify(problemOf(appError, id));
        const status = appError.kind.http;
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(err);
    },
  };
}
