/* eslint-disable @next/next/no-img-element -- a generated data URL; next/image has nothing to optimise */

/** A QR code drawn on the server (an SVG data URL) with its caption. */
export function QrCode({ src, label, dark = false }: { src: string; label: string; dark?: boolean }) {
  return (
    <figure className="inline-flex flex-col items-center gap-1" data-testid="qr-code">
      <img src={src} alt={label} width={112} height={112} className="h-28 w-28 rounded bg-white p-1" />
      <figcaption className={`text-xs ${dark ? 'text-gray-400' : 'text-muted'}`}>{label}</figcaption>
    </figure>
  );
}
