import { useState } from 'react';
import defaultLogo from '../assets/tagtrack-logo.svg';

interface CompanyLogoProps {
  /** The customer's logo (a data: URL); the Tagtrack logo stands in when there is none. */
  src?: string | null;
  alt: string;
  height?: number;
  maxWidth?: number;
}

/** Company logo with a default fallback (spec 01 §2.14), also when the image fails to load. */
export function CompanyLogo({ src, alt, height = 34, maxWidth = 180 }: CompanyLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : defaultLogo;
  return (
    <img
      src={usable}
      alt={alt}
      onError={() => setFailed(src ?? null)}
      style={{ height, maxWidth, width: 'auto', objectFit: 'contain', display: 'block' }}
    />
  );
}
