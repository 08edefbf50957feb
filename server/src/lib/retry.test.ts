import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryOnConflict } from './retry.js';

const dbError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: dbError(code) });

describe('retryOnConflict', () => {
  it('runs the work again after a deadlock or serialization failure, also when the driver error is wrapped', async () => {
    for (const failure of [dbError('40P01'), wrapped('40001')]) {
      let attempts = 0;
      const result = await retryOnConflict(async () => {
        attempts += 1;
        if (attempts < 3) throw failure;
        return 'done';
      });
      expect(result).toBe('done');
      expect(attempts).toBe(3);
    }
  });

  it('gives up after the retries and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      retryOnConflict(async () => {
        attempts += 1;
        throw dbError('40P01');
      }, 1),
    ).rejects.toThrow('sqlstate 40P01');
    expect(attempts).toBe(2);

    attempts = 0;
    await expect(
      retryOnConflict(async () => {
        attempts += 1;
        throw dbError('23505');
      }),
    ).rejects.toThrow('sqlstate 23505');
    expect(attempts).toBe(1);
  });

  it('tells a transient conflict from other failures', () => {
    expect(isTransientConflict(wrapped('40P01'))).toBe(true);
    expect(isTransientConflict(dbError('40001'))).toBe(true);
    expect(isTransientConflict(dbError('23505'))).toBe(false);
    expect(isTransientConflict(new Error('plain'))).toBe(false);
  });
});
