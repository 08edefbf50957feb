import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_NESTING, NESTING_MESSAGE, NUL_MESSAGE } from './unsafe-input.js';

/** A value nested `depth` levels deep: objects, or arrays. */
const nested = (depth: number, make: (inner: unknown) => unknown) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = make(value);
  return value;
};

describe('findUnsafeInput', () => {
  it('finds U+0000 in a string or a key anywhere, with the path to it', () => {
    expect(findUnsafeInput({ name: 'a\u0000b' })).toEqual({ path: ['name'], message: NUL_MESSAGE });
    expect(findUnsafeInput({ reads: [{ epc: 'AB' }, { epc: 'C\u0000' }] })).toEqual({
      path: ['reads', '1', 'epc'],
      message: NUL_MESSAGE,
    });
    expect(findUnsafeInput({ metadata: { 'x\u0000': 1 } })).toEqual({
      path: ['metadata', 'x\\u0000'],
      message: NUL_MESSAGE,
    });
    expect(findUnsafeInput('\u0000')).toEqual({ path: [], message: NUL_MESSAGE });
  });

  it('lets every other value through, control characters other than NUL included', () => {
    for (const value of [undefined, null, 12.5, true, '', 'tab\there', ['a', { b: ['c'] }], { a: { b: null } }]) {
      expect(findUnsafeInput(value)).toBeNull();
    }
    expect(findUnsafeInput(nested(MAX_NESTING, (v) => ({ v })))).toBeNull();
  });

  it('refuses nesting past the limit, however deep, without overflowing the stack', () => {
    expect(findUnsafeInput(nested(MAX_NESTING + 1, (v) => [v]))).toMatchObject({ message: NESTING_MESSAGE });
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(findUnsafeInput(deep)).toEqual({ path: Array(MAX_NESTING).fill('0'), message: NESTING_MESSAGE });
  });
});
