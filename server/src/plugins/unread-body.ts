import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body was read to its end (an upload refused on its first
 * line, for its size or its type, while the client is still sending) leaves the rest of the body
 * in the connection. Node throws such a rest away only for a body nobody began to read; one that
 * a parser began and stopped (the multipart parser waiting on a file stream that the CSV reader
 * abandoned) would sit there, paused, and the next request on the keep-alive connection would
 * never be heard. Once the answer is sent, the rest is read and discarded. Closing the connection
 * instead would lose the answer itself: a client still sending gets a reset, and its network
 * stack drops what it had not read yet.
 */
export function registerUnreadBodyDrain(app: FastifyInstance) {
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return;
    raw.unpipe();
    raw.resume();
  });
}
