import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useObjectUrl } from './use-object-url';

describe('useObjectUrl', () => {
  let created = 0;
  const revoked: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    created = 0;
    revoked.length = 0;
    URL.createObjectURL = vi.fn(() => `blob:test/${++created}`);
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives one URL per Blob and revokes it after the last user unmounts', () => {
    const blob = new Blob(['x']);
    const first = renderHook(() => useObjectUrl(blob));
    const second = renderHook(() => useObjectUrl(blob));
    expect(first.result.current).toBe('blob:test/1');
    expect(second.result.current).toBe('blob:test/1');

    first.unmount();
    vi.runAllTimers();
    expect(revoked).toEqual([]);

    second.unmount();
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('revokes the old URL when the Blob changes', () => {
    const { result, rerender } = renderHook(({ blob }) => useObjectUrl(blob), {
      initialProps: { blob: new Blob(['a']) as Blob | null },
    });
    expect(result.current).toBe('blob:test/1');
    rerender({ blob: new Blob(['b']) });
    vi.runAllTimers();
    expect(result.current).toBe('blob:test/2');
    expect(revoked).toEqual(['blob:test/1']);
    rerender({ blob: null });
    vi.runAllTimers();
    expect(result.current).toBeNull();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });
});
