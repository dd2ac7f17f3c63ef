import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './qr';

describe('qrSvgDataUrl', () => {
  it('draws the configured URL as an SVG data URL, the same every time', async () => {
    const a = await qrSvgDataUrl('https://weixin.qq.com/r/reagent-demo');
    expect(a.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(a.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(await qrSvgDataUrl('https://weixin.qq.com/r/reagent-demo')).toBe(a);
    expect(await qrSvgDataUrl('https://example.org/other')).not.toBe(a);
  });
});
