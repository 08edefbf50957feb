import { Duplex, Transform } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * Follows the MQTT packets of a connection's incoming bytes by their fixed headers alone (a type
 * byte, then the remaining length in one to four bytes of seven bits each) and tells, as soon as a
 * header announces it, a packet larger than `maxBytes` in all (header included, as MQTT 5's Maximum
 * Packet Size and Mosquitto's max_packet_size count). The payload itself is never held.
 */
export class MqttPacketScanner {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private left = 0;

  constructor(private readonly maxBytes: number) {}

  /** Follows `chunk`; false once a packet is too large or its length is malformed (then for good). */
  push(chunk: Uint8Array): boolean {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'body') {
        const skipped = Math.min(this.left, chunk.length - at);
        this.left -= skipped;
        at += skipped;
        if (this.left === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[at++]!;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes += 1;
      if (1 + this.lengthBytes + this.length > this.maxBytes) return this.refuse();
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return this.refuse();
        continue;
      }
      this.left = this.length;
      this.state = this.left === 0 ? 'type' : 'body';
    }
    return true;
  }

  private refuse(): false {
    this.push = () => false;
    return false;
  }
}

/**
 * The connection the broker is handed: the socket's bytes pass through unchanged while each
 * packet's announced size is checked; a packet over `maxBytes` closes the connection before its
 * payload is read (the broker would otherwise buffer all of it: an anonymous 200 MiB publish cost
 * the server about 1 GB of memory). `onRefused` is told the connection's address.
 */
export function limitPacketSize(socket: Socket, maxBytes: number, onRefused: (address: string) => void): Duplex {
  const scanner = new MqttPacketScanner(maxBytes);
  const incoming = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (scanner.push(chunk)) return done(null, chunk);
      onRefused(socket.remoteAddress ?? 'unknown');
      connection.destroy();
      done();
    },
  });
  socket.pipe(incoming);
  const connection = Duplex.from({ readable: incoming, writable: socket });
  // A reset or a close of the socket ends the broker's side too.
  socket.on('error', (error) => connection.destroy(error));
  socket.once('close', () => connection.destroy());
  return connection;
}
