import { describe, expect, it } from 'vitest';
import { newNonce, pageContentSecurityPolicy } from '@/lib/content-security-policy';
import { BASELINE_CSP, HSTS, PERMISSIONS_POLICY, SCAN_PERMISSIONS_POLICY, baselineHeaders, isForbiddenPath, permissionsPolicyFor } from './security-headers.mjs';

describe('baseline headers of every answer (scripts/serve.mjs)', () => {
  it('send nosniff, a referrer policy, no framing by others and a policy without inline scripts', () => {
    const headers = new Map(baselineHeaders({ https: false }));
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Content-Security-Policy')).toBe(BASELINE_CSP);
    expect(BASELINE_CSP).toContain("frame-ancestors 'self'");
    expect(BASELINE_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(headers.has('Strict-Transport-Security')).toBe(false);
  });

  it('add HSTS only behind TLS', () => {
    expect(new Map(baselineHeaders({ https: true })).get('Strict-Transport-Security')).toBe(HSTS);
  });

  it('never serve dot-files or source maps, however the path is spelt', () => {
    for (const path of ['/.env', '/.env.local', '/.git/config', '/a/.git/HEAD', '/%2eenv', '/%2Egit/config', '/_next/static/chunks/main.js.map', '/x.MAP', '/%E0%A4%A']) {
      expect(isForbiddenPath(path), path).toBe(true);
    }
    for (const path of ['/', '/product/detail', '/_next/static/chunks/main.js', '/.well-known/security.txt', '/robots.txt', '/en/map']) {
      expect(isForbiddenPath(path), path).toBe(false);
    }
  });
});

describe('the Permissions-Policy', () => {
  it('lets the inventory scan page use this origin’s camera, in every language variant', () => {
    for (const path of ['/account/inventory/scan', '/zh/account/inventory/scan', '/en/account/inventory/scan', '/en/account/inventory/scan/']) {
      expect(permissionsPolicyFor(path), path).toBe(SCAN_PERMISSIONS_POLICY);
    }
    expect(SCAN_PERMISSIONS_POLICY).toContain('camera=(self)');
  });

  it('differs there only: every other path, near ones included, keeps the camera off', () => {
    for (const path of ['/', '/account/inventory', '/account/inventory/12', '/account/inventory/scan/x', '/account/inventory/scanner', '/fr/account/inventory/scan', '/x/account/inventory/scan', '/api/app/inventory/scan', '/account/inventory/labels']) {
      expect(permissionsPolicyFor(path), path).toBe(PERMISSIONS_POLICY);
    }
    expect(new Map(baselineHeaders({ https: false })).get('Permissions-Policy')).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    // Only the camera changes.
    expect(SCAN_PERMISSIONS_POLICY.replace('camera=(self)', 'camera=()')).toBe(PERMISSIONS_POLICY);
  });
});

describe('the pages’ policy (the proxy)', () => {
  it('allows scripts of this origin and of this response’s nonce only; styles inline for antd', () => {
    const policy = pageContentSecurityPolicy({ nonce: 'abc' });
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(pageContentSecurityPolicy({ nonce: 'abc', dev: true })).toContain("'unsafe-eval'");
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    expect(Buffer.from([...nonces][0] ?? '', 'base64')).toHaveLength(16);
  });
});
