import type { ReactNode } from 'react';
import type { GhsPictogram as Code } from '@/contracts/product-detail';

/**
 * The nine GHS pictograms as our own drawings: a red-bordered diamond with a simple black symbol,
 * drawn on a 100 × 100 grid. They follow the GHS layout (symbol on white inside a red frame) but
 * are not copies of the official artwork.
 */
const SYMBOLS: Record<Code, ReactNode> = {
  // Exploding bomb: a ball with fragments flying off.
  GHS01: (
    <g>
      <circle cx="46" cy="56" r="12" />
      <path d="M60 40 l6-8 M64 48 l9-3 M56 36 l1-9 M36 40 l-6-6 M66 58 l8 3" stroke="#000" strokeWidth="3.5" strokeLinecap="round" fill="none" />
    </g>
  ),
  // Flame over a base line.
  GHS02: (
    <g>
      <path d="M50 24 C60 38 66 44 64 56 C63 66 57 70 50 70 C42 70 36 65 36 56 C36 48 42 44 44 36 C47 42 48 46 52 48 C54 40 52 32 50 24 Z" />
      <rect x="32" y="73" width="36" height="4" />
    </g>
  ),
  // Flame over a circle.
  GHS03: (
    <g>
      <path d="M50 22 C57 31 60 36 59 43 C58 49 54 51 50 51 C45 51 41 48 41 43 C41 38 45 35 46 30 C48 34 49 36 51 37 C52 32 51 27 50 22 Z" />
      <circle cx="50" cy="62" r="10" fill="none" stroke="#000" strokeWidth="5" />
      <rect x="32" y="75" width="36" height="4" />
    </g>
  ),
  // Gas cylinder lying at an angle.
  GHS04: (
    <g transform="rotate(-30 50 55)">
      <rect x="27" y="47" width="42" height="18" rx="9" />
      <rect x="69" y="51" width="7" height="10" rx="1.5" />
    </g>
  ),
  // Corrosion: two tilted test tubes dripping onto a bar and a hand, both eaten away.
  GHS05: (
    <g>
      <rect x="30" y="20" width="8" height="22" rx="3" transform="rotate(-40 34 31)" />
      <rect x="56" y="20" width="8" height="22" rx="3" transform="rotate(40 60 31)" />
      <path d="M38 46 q-3 5 0 7 q3-2 0-7 Z M42 52 q-2.5 4 0 5.5 q2.5-1.5 0-5.5 Z" />
      <path d="M62 46 q-3 5 0 7 q3-2 0-7 Z M58 52 q-2.5 4 0 5.5 q2.5-1.5 0-5.5 Z" />
      <path d="M24 62 h20 v4 l-3 2 l3 2 v4 h-20 Z" />
      <path d="M54 76 v-10 h3 v-6 h3 v6 h2 v-7 h3 v7 h2 v-6 h3 v6 h2 v-3 h3 v13 Z" />
      <circle cx="63" cy="70" r="2.5" fill="#fff" />
    </g>
  ),
  // Skull and crossbones.
  GHS06: (
    <g>
      <path d="M50 24 C38 24 33 32 33 40 C33 46 36 49 40 51 L40 56 L60 56 L60 51 C64 49 67 46 67 40 C67 32 62 24 50 24 Z" />
      <circle cx="43" cy="40" r="4" fill="#fff" />
      <circle cx="57" cy="40" r="4" fill="#fff" />
      <path d="M32 62 L68 76 M68 62 L32 76" stroke="#000" strokeWidth="5" strokeLinecap="round" />
    </g>
  ),
  // Exclamation mark.
  GHS07: (
    <g>
      <path d="M45 24 h10 l-2 34 h-6 Z" />
      <circle cx="50" cy="68" r="5.5" />
    </g>
  ),
  // Health hazard: head and shoulders with a star burst on the chest.
  GHS08: (
    <g>
      <circle cx="50" cy="30" r="8" />
      <path d="M30 78 C30 56 38 44 50 44 C62 44 70 56 70 78 Z" />
      <path d="M50 50 l3 8 l8 -3 l-5 7 l7 5 l-9 1 l1 8 l-5 -6 l-5 6 l1 -8 l-9 -1 l7 -5 l-5 -7 l8 3 Z" fill="#fff" />
    </g>
  ),
  // Environment: a bare tree over water with a fish.
  GHS09: (
    <g>
      <path d="M36 60 L36 30 M36 40 L28 32 M36 46 L45 36 M36 52 L29 47" stroke="#000" strokeWidth="3.5" strokeLinecap="round" fill="none" />
      <path d="M24 62 h52" stroke="#000" strokeWidth="3" />
      <path d="M48 70 C54 64 64 64 70 70 C64 76 54 76 48 70 Z M48 70 l-6 -5 v10 Z" />
    </g>
  ),
};

export function GhsPictogram({ code, label, size = 64 }: { code: Code; label: string; size?: number }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} role="img" aria-label={`${code} ${label}`} data-testid="ghs-pictogram" data-code={code}>
      <title>{`${code} ${label}`}</title>
      <polygon points="50,4 96,50 50,96 4,50" fill="#fff" stroke="#e10600" strokeWidth="7" strokeLinejoin="miter" />
      {SYMBOLS[code]}
    </svg>
  );
}
