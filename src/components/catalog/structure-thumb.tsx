'use client';

import { useState, type ReactNode } from 'react';

/** The server-drawn structure of a product, or `fallback` (a server-rendered flask) when it has none or the drawing fails to load. */
export function StructureThumb({ productId, hasStructure, alt, fallback }: { productId: number; hasStructure: boolean; alt: string; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (!hasStructure || failed) return fallback;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a server-drawn SVG with its own caching; next/image adds nothing here
    <img
      src={`/api/web/product/structure/${productId}`}
      alt={alt}
      width={80}
      height={80}
      loading="lazy"
      onError={() => setFailed(true)}
      // An image that failed before hydration fired its error with no listener: decoding it again tells.
      ref={(el) => {
        if (el?.complete) el.decode().catch(() => setFailed(true));
      }}
      className="h-full w-full object-contain"
      data-testid="structure-thumb"
    />
  );
}
