import { useEffect, useState } from 'react';

/** Loads an image URL into an HTMLImageElement for the canvas; null until it has loaded. */
export function useHtmlImage(url: string | null): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; image: HTMLImageElement | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new window.Image();
    let live = true;
    image.onload = () => live && setState({ url, image, failed: false });
    image.onerror = () => live && setState({ url, image: null, failed: true });
    image.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  // A stale image of a previous URL is never shown.
  return state && state.url === url ? { image: state.image, failed: state.failed } : { image: null, failed: false };
}

/** The image's own size; an SVG without one gets the browser's default (300 × 150) scaled up. */
export function naturalSize(image: HTMLImageElement): { width: number; height: number } {
  const width = image.naturalWidth || image.width;
  const height = image.naturalHeight || image.height;
  return width > 0 && height > 0 ? { width, height } : { width: 1200, height: 800 };
}
