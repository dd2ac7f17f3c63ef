'use client';

import { useState, type ReactNode } from 'react';

/**
 * The server-drawn structure of a product that has one, or `fallback` (a server-rendered flask) when
 * the drawing fails to load. A product without a structure gets the flask from the server alone
 * (`ProductThumb`, or the list card's shared flask): no drawing in the browser for it.
 */
export function StructureThumb({ productId, alt, fallback }: { productId: number; alt: string; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
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
