import { describe, expect, it } from 'vitest';
import { LOCATION_IMAGE_MAX_BYTES } from '@tagtrack/contract';
import { acceptAttribute, imageTypeOf, validateImageFile } from './validate-image-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('validateImageFile', () => {
  it.each([
    ['plan.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['drawing.svg', 'image/svg+xml'],
  ])('accepts %s (%s)', (name, type) => {
    expect(validateImageFile(file(name, type))).toBeNull();
  });

  it.each([
    ['scan.gif', 'image/gif'],
    ['notes.pdf', 'application/pdf'],
    ['photo.webp', 'image/webp'],
    ['plan.png.exe', 'application/x-msdownload'],
  ])('refuses %s (%s) by type', (name, type) => {
    expect(validateImageFile(file(name, type))).toBe('imageTypeNotAllowed');
  });

  it('falls back on the extension when the browser reports no type', () => {
    expect(validateImageFile(file('plan.SVG', ''))).toBeNull();
    expect(validateImageFile(file('plan.bmp', ''))).toBe('imageTypeNotAllowed');
    expect(validateImageFile(file('no-extension', ''))).toBe('imageTypeNotAllowed');
  });

  it('allows exactly 3,200,000 bytes and refuses one more', () => {
    expect(LOCATION_IMAGE_MAX_BYTES).toBe(3_200_000);
    expect(validateImageFile(file('a.png', 'image/png', 3_200_000))).toBeNull();
    expect(validateImageFile(file('a.png', 'image/png', 3_200_001))).toBe('imageTooLarge');
  });

  it('reports the type before the size', () => {
    expect(validateImageFile(file('a.gif', 'image/gif', 9_000_000))).toBe('imageTypeNotAllowed');
  });

  it('takes other rules', () => {
    expect(validateImageFile(file('a.png', 'image/png', 500), { maxBytes: 100 })).toBe('imageTooLarge');
    expect(validateImageFile(file('a.svg', 'image/svg+xml'), { types: ['image/png'] })).toBe('imageTypeNotAllowed');
  });
});

describe('imageTypeOf and acceptAttribute', () => {
  it('prefers the reported type', () => {
    expect(imageTypeOf({ name: 'x.png', type: 'IMAGE/JPEG' })).toBe('image/jpeg');
  });

  it('lists types and extensions for the file picker', () => {
    expect(acceptAttribute()).toBe('image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg');
    expect(acceptAttribute(['image/png'])).toBe('image/png,.png');
  });
});
