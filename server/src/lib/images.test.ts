import { describe, expect, it } from 'vitest';
import { sanitizeSvg, sniffImageType } from './images.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');

describe('sniffImageType', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    [Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- plan -->\n<svg width="1"></svg>'), 'image/svg+xml'],
    [Buffer.from('GIF89a....'), null],
    [Buffer.from('<html><script>alert(1)</script></html>'), null],
    [Buffer.from('%PDF-1.7'), null],
    [Buffer.from(''), null],
  ])('%#', (data, expected) => {
    expect(sniffImageType(data)).toBe(expected);
  });
});

describe('sanitizeSvg', () => {
  it('removes scripts, handlers, foreignObject and external references, and keeps the drawing', () => {
    const dirty =
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">
      <script>alert(2)</script>
      <rect id="r" width="10" height="10" onclick="alert(3)" fill="red"/>
      <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
      <image href="https://evil.example/x.png" width="5" height="5"/>
      <defs><linearGradient id="g"><stop offset="0" stop-color="blue"/></linearGradient></defs>
      <rect width="4" height="4" fill="url(#g)"/>
      <a href="javascript:alert(4)"><circle r="3"/></a>
      <rect style="fill:url(https://evil.example/p)" width="1" height="1"/>
      <rect fill="url(http://evil.example/f)" filter="url( 'https://evil.example/x' )" width="2" height="2"/>
      <g mask="URL(//evil.example/m)" clip-path="url(&quot;#g&quot;)"><circle r="1"/></g>
    </svg>`);
    const clean = sanitizeSvg(dirty)!.toString('utf8');
    expect(clean).not.toMatch(/script|onload|onclick|foreignObject|iframe|evil\.example|javascript:/i);
    expect(clean).toMatch(/<rect[^>]*fill="red"/);
    expect(clean).toMatch(/fill="url\(#g\)"/);
    expect(clean).toMatch(/clip-path="url\(&quot;#g&quot;\)"/);
  });

  it('answers null when nothing of an SVG remains', () => {
    expect(sanitizeSvg(Buffer.from('<script>alert(1)</script>'))).toBeNull();
  });
});
