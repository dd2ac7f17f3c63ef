'use client';

import { FlaskConical } from 'lucide-react';
import { useState } from 'react';

/** The server-drawn structure of a product, or a flask when it has none or the drawing fails to load. */
export function StructureThumb({ productId, hasStructure, alt }: { productId: number; hasStructure: boolean; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!hasStructure || failed) return <FlaskConical aria-hidden size={28} className="text-muted" />;
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
