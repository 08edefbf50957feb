import { describe, expect, it } from 'vitest';
import { LoginThrottle, READER_THROTTLE } from './login-throttle.js';

function setup() {
  let now = 1_000_000;
  const throttle = new LoginThrottle(undefined, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('lets four failures pass and holds the account at that address for a minute after the fifth', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 4; i++) throttle.recordFailure('Ann', '1.1.1.1');
    expect(throttle.retryAfter('ann', '1.1.1.1')).toBe(0);
    throttle.recordFailure('ann', '1.1.1.1');
    expect(throttle.retryAfter('ANN', '1.1.1.1')).toBe(60);
    advance(60_000);
    expect(throttle.retryAfter('ann', '1.1.1.1')).toBe(0);
  });

  it('never holds the account back at another address: a guesser cannot lock the real user out', () => {
    const { throttle } = setup();
    for (let i = 0; i < 12; i++) throttle.recordFailure('ann', '6.6.6.6');
    expect(throttle.retryAfter('ann', '6.6.6.6')).toBe(900);
    expect(throttle.retryAfter('ann', '10.0.0.7')).toBe(0);
  });

  it('doubles the pause for each further failure, up to 15 minutes', () => {
    const { throttle } = setup();
    const pauses: number[] = [];
    for (let i = 0; i < 12; i++) {
      throttle.recordFailure('bob', '2.2.2.2');
      pauses.push(throttle.retryAfter('bob', '2.2.2.2'));
    }
    expect(pauses.slice(4, 10)).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('clears an account on success', () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) throttle.recordFailure('cid', 'a');
    throttle.recordSuccess('cid', 'a');
    throttle.recordFailure('cid', 'a');
    expect(throttle.retryAfter('cid', 'a')).toBe(0);
    // A success without an address (a password reset) clears the account at every address.
    for (let i = 0; i < 5; i++) throttle.recordFailure('cid', 'b');
    expect(throttle.retryAfter('cid', 'b')).toBe(60);
    throttle.recordSuccess('CID');
    expect(throttle.retryAfter('cid', 'b')).toBe(0);
  });

  it('holds an address after 30 failures across accounts, until the window passes', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 30; i++) throttle.recordFailure(`user${i}`, '3.3.3.3');
    expect(throttle.retryAfter('someone', '3.3.3.3')).toBe(900);
    expect(throttle.retryAfter('someone', '4.4.4.4')).toBe(0);
    advance(900_000);
    expect(throttle.retryAfter('someone', '3.3.3.3')).toBe(0);
  });

  it('never holds an address back when the policy has no address limit (readers)', () => {
    const throttle = new LoginThrottle(READER_THROTTLE, () => 1_000_000);
    for (let i = 0; i < 100; i++) throttle.recordFailure(`reader:${i}`, '3.3.3.3');
    expect(throttle.retryAfter('reader:other', '3.3.3.3')).toBe(0);
    for (let i = 0; i < 5; i++) throttle.recordFailure('reader:x', '3.3.3.3');
    expect(throttle.retryAfter('reader:x', '3.3.3.3')).toBe(60);
  });

  it('forgets failures older than the window', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 4; i++) throttle.recordFailure('dan', 'a');
    advance(16 * 60_000);
    throttle.recordFailure('dan', 'a');
    expect(throttle.retryAfter('dan', 'b')).toBe(0);
  });
});
