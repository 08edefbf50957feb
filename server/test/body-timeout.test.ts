import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

/** A body that stops arriving, on a real connection: the server answers 408 and closes it. */
let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_READ_TIMEOUT_SECONDS: '1' } });
  token = (await signedIn(t, 'administrator')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `head` (and `body`, if any) and collects what comes back until the server closes, or `ms` pass. */
async function exchange(head: string, body: (socket: net.Socket) => Promise<void> = async () => undefined, ms = 6000) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const started = Date.now();
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.write(head);
  await body(socket);
  let timer: NodeJS.Timeout | undefined;
  const wasClosed = await Promise.race([closed, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
  clearTimeout(timer);
  socket.destroy();
  const [statusLine = '', ...rest] = received.split('\r\n');
  const json = received.includes('\r\n\r\n') ? received.slice(received.indexOf('\r\n\r\n') + 4) : '';
  return { closed: wasClosed, elapsed: Date.now() - started, statusLine, headers: rest.join('\n').toLowerCase(), json };
}

describe('a request body that stops arriving', () => {
  it('is answered 408 in the envelope within the timeout and its connection closed', async () => {
    const res = await exchange(
      'POST /api/token/ HTTP/1.1\r\nHost: test\r\nUser-Agent: stalled-client\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    );
    expect(res.closed).toBe(true);
    expect(res.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(res.headers).toContain('connection: close');
    expect(JSON.parse(res.json)).toMatchObject({
      type: 'BadRequest',
      detail: 'The request took too long to arrive.',
      request: 'POST /api/token/',
      'user-agent': 'stalled-client',
      codes: { code: 'requestTimeout' },
    });
    expect(res.elapsed).toBeLessThan(4000);
  });

  it('is answered 408 for an upload whose announced file never comes', async () => {
    const res = await exchange(
      `POST /tag-data/tag/import/preview/ HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n',
    );
    expect(res.closed).toBe(true);
    expect(res.statusLine).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('never cuts off a body that arrives slowly but steadily', async () => {
    const json = JSON.stringify({ username: 'nobody-slow', password: 'Wrong-password-1' });
    const res = await exchange(
      `POST /api/token/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n` +
        'Connection: close\r\n\r\n',
      async (socket) => {
        // A byte every 100 ms: some 5 s in all, five times the timeout.
        for (const char of json) {
          socket.write(char);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
    );
    expect(res.statusLine).toBe('HTTP/1.1 401 Unauthorized');
  }, 20_000);
});
