import { describe, expect, it } from 'vitest';
import { sanitizeRichText, toPlainText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps the editorial markup', () => {
    const html = '<p>甲醇 <strong>≥99.9%</strong></p><h3>要点</h3><ul><li>a</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitizeRichText(html)).toBe(html.replace('<table><tr>', '<table><tr>'));
  });

  it('drops event handlers, scripts, SVG and javascript: links (zh and en)', () => {
    const out = sanitizeRichText(
      '<p>说明<img src="x" onerror="alert(1)"></p><svg onload="alert(2)"><circle/></svg><a href="javascript:alert(3)">点击</a>' +
      '<a href=" JaVaScRiPt:alert(4)">click</a><script>alert(5)</script><iframe src="https://evil.example"></iframe>' +
      '<a href="data:text/html,<script>alert(6)</script>">x</a><p style="background:url(javascript:alert(7))" onclick="alert(8)">t</p>',
    );
    expect(out).not.toMatch(/onerror|onload|onclick|javascript:|<script|<svg|<iframe|data:|style=|alert\(/i);
    expect(out).toContain('说明');
    expect(out).toContain('点击');
    expect(out).toContain('click');
  });

  it('marks external links noopener and leaves internal links alone', () => {
    expect(sanitizeRichText('<a href="https://example.org/x">x</a>')).toBe('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<a href="/news/detail?id=2">y</a>')).toBe('<a href="/news/detail?id=2">y</a>');
  });

  it('only allows http(s) images', () => {
    expect(sanitizeRichText('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">')).not.toContain('data:');
    expect(sanitizeRichText('<img src="https://cdn.example.org/a.png" alt="a">')).toContain('src="https://cdn.example.org/a.png"');
  });
});

describe('toPlainText', () => {
  it('removes every tag and keeps the text', () => {
    expect(toPlainText('<b>很好</b> <img src=x onerror=alert(1)>用 & 推荐 <script>alert(1)</script>')).toBe('很好 用 & 推荐');
    expect(toPlainText('a < b > c')).toBe('a < b > c');
  });
});
