import en from '../../messages/en.json';
import zh from '../../messages/zh.json';

/** Outside every locale (rare: the proxy covers page paths): a bare bilingual 404. */
export default function GlobalNotFound() {
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '80px 16px' }}>
        <p style={{ fontSize: 48, fontWeight: 700, color: '#1f6feb' }}>404</p>
        <h1>{zh.errors.notFoundTitle} · <span lang="en">{en.errors.notFoundTitle}</span></h1>
        <p><a href="/">{zh.errors.home}</a> · <a href="/en">{en.errors.home}</a></p>
      </body>
    </html>
  );
}
