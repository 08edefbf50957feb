import { describe, expect, it } from 'vitest';
import { encodingChangeRefusal, type EncodingFacts } from './encoding.rules.js';

const defaults: EncodingFacts[] = [
  { id: 1, method: 'NID32', disabled: false, isDefault: true },
  { id: 2, method: 'NID64', disabled: false, isDefault: false },
  { id: 3, method: 'SGTIN96', disabled: true, isDefault: false, companyPrefix: null },
  { id: 4, method: 'LOOKUP', disabled: false, isDefault: false },
];
const only = (enabled: number[]) =>
  defaults.map((e) => ({ ...e, disabled: !enabled.includes(e.id), isDefault: e.id === enabled[0] }));

describe('encodingChangeRefusal', () => {
  it.each([
    ['switching off the default', defaults, 1, { disabled: true }, 'disabled', 'defaultEncodingDisabled'],
    ['switching off the last enabled one', only([1]), 1, { disabled: true }, 'disabled', 'oneEncodingEnabled'],
    ['making a disabled one the default', defaults, 3, { default: true }, 'default', 'unknownEncoding'],
    [
      'enabling SGTIN-96 without a prefix',
      defaults,
      3,
      { disabled: false },
      'metadata.companyPrefix',
      'companyPrefixRequired',
    ],
    [
      'enabling SGTIN-96 with a bad prefix',
      defaults,
      3,
      { disabled: false, companyPrefix: '12' },
      'metadata.companyPrefix',
      'companyPrefixRequired',
    ],
  ] as const)('refuses %s', (_, all, id, change, field, message) => {
    expect(encodingChangeRefusal(all, id, change)).toEqual({ field, message });
  });

  it.each([
    ['switching off another enabled one', defaults, 2, { disabled: true }],
    ['making an enabled one the default', defaults, 4, { default: true }],
    ['enabling SGTIN-96 with a prefix', defaults, 3, { disabled: false, companyPrefix: '4012345' }],
    ['an unknown id (the server answers 404)', defaults, 9, { disabled: true }],
  ] as const)('allows %s', (_, all, id, change) => {
    expect(encodingChangeRefusal(all, id, change)).toBeNull();
  });

  it('uses the stored prefix when the change brings none', () => {
    const withPrefix = defaults.map((e) => (e.id === 3 ? { ...e, companyPrefix: '4012345' } : e));
    expect(encodingChangeRefusal(withPrefix, 3, { disabled: false })).toBeNull();
  });
});
