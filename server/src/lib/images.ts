import { createRequire } from 'node:module';
import DOMPurify from 'dompurify';
import type * as Jsdom from 'jsdom';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

/**
 * The image type of some bytes, from their content alone (the file name and the declared type
 * are the client's word and not trusted): PNG and JPEG by their signatures, SVG by parsing.
 */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/** A url(...) that points anywhere but inside the document (url(#id), quoted or not). */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?\s*#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

/**
 * DOMPurify over a jsdom window, made on the first SVG: loading jsdom takes seconds, which every
 * start of the server (a restart after a crash too) would otherwise wait for.
 */
function purify(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
  const made = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
  // SECURITY: references may only point inside the document (#id); anything else could load or run
  // something from elsewhere when the SVG is opened on its own.
  made.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of ['href', 'xlink:href', 'src']) {
      const value = node.getAttribute(attr);
      if (value !== null && !value.trim().startsWith('#')) node.removeAttribute(attr);
    }
    const style = node.getAttribute('style');
    if (style && /url\s*\(|@import|expression\s*\(/i.test(style)) node.removeAttribute('style');
    // Presentation attributes (fill, stroke, filter, mask, clip-path, marker-*) take url(...) too:
    // only a reference inside the document (url(#id)) stays.
    for (const { name, value } of [...node.attributes]) {
      if (EXTERNAL_URL.test(value)) node.removeAttribute(name);
    }
  });
  return (purifier = made);
}

/**
 * An SVG with everything that could run or fetch removed: scripts, event handlers,
 * foreignObject, external references and style imports. Null when nothing of an SVG remains.
 */
export function sanitizeSvg(data: Buffer): Buffer | null {
  const clean = purify().sanitize(data.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignObject', 'iframe', 'embed', 'object', 'style'],
    FORBID_ATTR: ['onload', 'onerror', 'onclick', 'onmouseover', 'onbegin', 'onend'],
    WHOLE_DOCUMENT: false,
  });
  if (!/<svg[\s>]/i.test(clean)) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
}
