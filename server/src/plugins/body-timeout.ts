import type { FastifyInstance } from 'fastify';
import { MESSAGE_KEYS as M } from '@tagtrack/contract';
import { envelope, writeAndClose } from './error-handler.js';

/**
 * SECURITY: a request whose announced body stops arriving is answered 408 (in the envelope) and its
 * connection closed once no byte of it has come for `timeoutMs`, where it held the connection (and
 * its handler's state) for minutes. Idleness is the client's only: while the server has read none
 * of what arrived (a slow import holding its upload back), the body counts as arriving, so a slow
 * but steady upload of any size is never cut off.
 */
export function registerBodyReadTimeout(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const announced =
      (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0') ||
      raw.headers['transfer-encoding'] !== undefined;
    if (!announced || raw.complete) return done();
    const socket = raw.socket;
    // A request injected without a connection (light-my-request) has no connection to hold.
    if (typeof socket?.bytesRead !== 'number') return done();
    let bytes = socket.bytesRead;
    let lastProgress = Date.now();
    const stop = () => clearInterval(timer);
    const timer = setInterval(
      () => {
        if (raw.complete || raw.destroyed || socket.destroyed) return stop();
        if (socket.bytesRead !== bytes || raw.readableLength > 0) {
          bytes = socket.bytesRead;
          lastProgress = Date.now();
          return;
        }
        if (Date.now() - lastProgress < timeoutMs) return;
        stop();
        request.log.info({ timeoutMs }, 'request body stopped arriving: connection closed');
        if (reply.raw.headersSent) socket.destroy();
        else writeAndClose(socket, 408, envelope(request, 'BadRequest', M.requestTimeout));
      },
      Math.max(Math.floor(timeoutMs / 5), 10),
    );
    timer.unref();
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
