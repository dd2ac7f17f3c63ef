import 'server-only';
import QRCode from 'qrcode';

/** Generated codes by URL: the setting changes rarely, and a few entries at most are kept. */
const cache = new Map<string, string>();

/** The QR code of a URL (web setting type 8) as an SVG data URL, generated on the server. */
export async function qrSvgDataUrl(url: string): Promise<string> {
  const hit = cache.get(url);
  if (hit) return hit;
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#111827', light: '#ffffff' } });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  if (cache.size > 8) cache.clear();
  cache.set(url, dataUrl);
  return dataUrl;
}
