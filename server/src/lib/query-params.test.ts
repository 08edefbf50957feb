import { describe, expect, it } from 'vitest';
import { isUuid, splitList, truthy } from './query-params.js';

describe('query-string values', () => {
  it('splits a comma-separated list without blanks, and tells an absent one', () => {
    expect(splitList('in, lost,')).toEqual(['in', 'lost']);
    expect(splitList(' , ')).toEqual([]);
    expect(splitList(undefined)).toBeUndefined();
  });

  it('reads true and 1 as a flag that is on, anything else as off', () => {
    expect([truthy('true'), truthy('1'), truthy('TRUE'), truthy('yes'), truthy(''), truthy(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('knows a UUID in any case, and nothing else', () => {
    expect(isUuid('1B4E28BA-2FA1-11D2-883F-0016D3CCA427')).toBe(true);
    expect(isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isUuid('1b4e28ba2fa111d2883f0016d3cca427')).toBe(false);
    expect(isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427\n')).toBe(false);
  });
});
