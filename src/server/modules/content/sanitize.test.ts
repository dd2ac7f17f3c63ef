import { describe, expect, it } from 'vitest';
import { decodeHTML } from 'entities';
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

  const DANGEROUS = /<[\p{L}/!?]|javascript:|onerror|onload|&(?:lt|gt|#x?[0-9a-f]+);?/iu;
  const payloads = [
    '&lt;svg onload=alert(1)&gt;',
    '&amp;lt;svg onload=alert(1)&amp;gt;',
    '&amp;amp;lt;script&amp;amp;gt;alert(1)&amp;amp;lt;/script&amp;amp;gt;',
    '&#60;img src=x onerror=alert(1)&#62;',
    '&#x3C;img src=x onerror=alert(1)&#x3E;',
    '&lt;img src=x onerror=alert(1)&gt;',
    '&ltimg src=x onerror=alert(1)&gt',
    '<b>&lt;img src=x onerror=alert(1)&gt;</b>',
    '<<script>script>alert(1)<</script>/script>',
    '<svg onload=alert(1)',
    '&lt;a href="javascript:alert(1)"&gt;点我&lt;/a&gt;',
    '评论 &lt;iframe src=//evil.example&gt;&lt;/iframe&gt; 结束',
    'comment &amp;#60;script&amp;#62;x&amp;#60;/script&amp;#62;',
  ];

  it('stores encoded, double-encoded and mixed payloads as text without markup', () => {
    for (const payload of payloads) {
      const plain = toPlainText(payload);
      expect(plain, payload).not.toMatch(DANGEROUS);
      // Decoding once more, as a careless client would, still gives no markup.
      expect(decodeHTML(plain), payload).not.toMatch(/<[\p{L}/!?]/u);
    }
    expect(toPlainText('评论 &lt;iframe src=//evil.example&gt;&lt;/iframe&gt; 结束')).toBe('评论  结束');
    expect(toPlainText('&lt;a href="javascript:alert(1)"&gt;点我&lt;/a&gt;')).toBe('点我');
  });

  it('keeps ordinary text, entities a writer meant, and comparisons', () => {
    expect(toPlainText('R&D, AT&T; pH &lt; 7 &amp; 纯度 ≥ 99%')).toBe('R&D, AT&T; pH < 7 & 纯度 ≥ 99%');
    expect(toPlainText('Tris&nbsp;buffer &copy; 2026')).toBe('Tris\u00a0buffer © 2026');
    expect(toPlainText('<p>first</p>\u0000second')).toBe('firstsecond');
  });
});
