import { describe, expect, it } from 'vitest';
import { returnPathFromSearch, safeReturnPath, signInPathFor } from './return-path';

describe('the path to return to after sign-in', () => {
  it.each([
    ['/inventory?x=1', '/inventory?x=1'],
    ['/inventory?x=1#top', '/inventory?x=1#top'],
    ['/asset/modify-asset/4/123', '/asset/modify-asset/4/123'],
    ['/', '/'],
  ])('keeps the console path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/inventory'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['\\\\evil.com'],
    ['http://evil.com'],
    ['https:evil.com'],
    ['javascript:alert(1)'],
    ['evil.com'],
    ['inventory'],
    [''],
    [null],
    [undefined],
    ['/login'],
    ['/login?next=/inventory'],
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('reads the next parameter, falling back to the home page', () => {
    expect(returnPathFromSearch('?next=%2Finventory%3Fx%3D1')).toBe('/inventory?x=1');
    expect(returnPathFromSearch('?next=%2F%2Fevil.com')).toBe('/');
    expect(returnPathFromSearch('?next=https%3A%2F%2Fevil.com%2F')).toBe('/');
    expect(returnPathFromSearch('')).toBe('/');
  });

  it('builds the sign-in path round trip', () => {
    const path = signInPathFor({ pathname: '/inventory', search: '?x=1&y=2', hash: '#h' });
    expect(path).toBe('/login?next=%2Finventory%3Fx%3D1%26y%3D2%23h');
    expect(returnPathFromSearch(path.slice('/login'.length))).toBe('/inventory?x=1&y=2#h');
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});
