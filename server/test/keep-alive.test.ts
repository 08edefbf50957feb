import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

/**
 * Requests on one real keep-alive connection, as a browser or an HTTP client library sends them:
 * an answer given before the body was read must not leave the connection waiting for the rest.
 */
let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signedIn(t, 'administrator')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw connection that collects what the server sends and notes when it closes. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  const until = async (done: () => boolean, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return done();
  };
  /** Whole responses received so far (status line and headers; bodies are JSON with a length). */
  const responses = () =>
    [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map((m) => ({
      status: Number(m[1]),
      headers: m[2]?.toLowerCase() ?? '',
    }));
  return { socket, responses, until, closed: () => closed };
}

const BOUNDARY = 'keepalive-boundary';
function upload(body: Buffer, auth = true) {
  return Buffer.concat([
    Buffer.from(
      `POST /tag-data/tag/import/preview/ HTTP/1.1\r\nHost: test\r\n` +
        (auth ? `Authorization: Bearer ${token}\r\n` : '') +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    ),
    body,
  ]);
}
function csvPart(csv: string, field = 'file') {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="items.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
  );
}
const me = () =>
  Buffer.from(`GET /accounts/users/me/ HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${token}\r\n\r\n`);

/** Writes in pieces with pauses, as a client on a network does, without waiting for the server. */
async function send(socket: net.Socket, data: Buffer) {
  for (let at = 0; at < data.length && !socket.destroyed; at += 256 * 1024) {
    socket.write(data.subarray(at, at + 256 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a keep-alive connection', () => {
  it('serves the next request after a request whose body was read', async () => {
    const c = await connect();
    await send(c.socket, upload(csvPart('epc\n3000000000000000000000A1\n')));
    expect(await c.until(() => c.responses().length === 1)).toBe(true);
    expect(c.responses()[0]?.status).toBe(200);
    expect(c.responses()[0]?.headers).not.toMatch(/connection: close/);
    c.socket.write(me());
    expect(await c.until(() => c.responses().length === 2)).toBe(true);
    expect(c.responses()[1]?.status).toBe(200);
    c.socket.destroy();
  });

  it.each([
    ['a file refused on its first line', () => upload(csvPart(`sku,name\n${'1,a\n'.repeat(1_000_000)}`))],
    [
      'a file sent in a field other than file',
      () => upload(csvPart(`epc\n${'3000000000000000000000A1\n'.repeat(200_000)}`, 'document')),
    ],
    ['an upload without a token', () => upload(csvPart(`epc\n${'3000000000000000000000A1\n'.repeat(200_000)}`), false)],
  ])('serves the next request after %s, answered before its body was read', async (_, request) => {
    const c = await connect();
    await send(c.socket, request());
    expect(await c.until(() => c.responses().length === 1), 'answered').toBe(true);
    expect(c.responses()[0]?.status).toBeGreaterThanOrEqual(400);
    c.socket.write(me());
    expect(await c.until(() => c.responses().length === 2), 'the next request answered').toBe(true);
    expect(c.responses()[1]?.status).toBe(200);
    c.socket.destroy();
  });
});
