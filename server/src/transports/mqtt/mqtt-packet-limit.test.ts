import { describe, expect, it } from 'vitest';
import { MqttPacketScanner } from './mqtt-packet-limit.js';

/** The fixed header of a PUBLISH (type byte 0x30) with `length` bytes after it. */
function header(length: number): Buffer {
  const bytes = [0x30];
  let left = length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    bytes.push(byte);
  } while (left > 0);
  return Buffer.from(bytes);
}

const packet = (length: number) => Buffer.concat([header(length), Buffer.alloc(length, 0x41)]);

/** Feeds `bytes` in chunks of `size`; the first chunk refused, or -1. */
function feed(scanner: MqttPacketScanner, bytes: Buffer, size: number): number {
  for (let at = 0, n = 0; at < bytes.length; at += size, n++) {
    if (!scanner.push(bytes.subarray(at, at + size))) return n;
  }
  return -1;
}

describe('MqttPacketScanner', () => {
  it('passes packets up to the limit in all, header included, however the bytes are split', () => {
    // 1000 bytes in all: a two-byte length (997 < 16384), so 1 + 2 + 997.
    const stream = Buffer.concat([packet(997), packet(0), packet(10), packet(997)]);
    for (const size of [1, 2, 3, 7, 1000, stream.length]) {
      expect(feed(new MqttPacketScanner(1000), stream, size), `chunks of ${size}`).toBe(-1);
    }
  });

  it('refuses a packet one byte over the limit as soon as its length is read, and everything after', () => {
    const scanner = new MqttPacketScanner(1000);
    expect(scanner.push(packet(997))).toBe(true);
    const over = packet(998);
    // The type byte passes; the length's last byte tells.
    expect(scanner.push(over.subarray(0, 2))).toBe(true);
    expect(scanner.push(over.subarray(2, 3))).toBe(false);
    expect(scanner.push(packet(1))).toBe(false);
  });

  it('refuses a huge announced length without waiting for its payload', () => {
    const scanner = new MqttPacketScanner(64 * 1024);
    expect(scanner.push(header(200 * 1024 * 1024))).toBe(false);
  });

  it('refuses a length of more than four bytes (malformed)', () => {
    const scanner = new MqttPacketScanner(268_435_455 + 10);
    expect(scanner.push(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBe(false);
  });
});
