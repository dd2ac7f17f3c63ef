import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// The same as scripts/serve.mjs sends on every answer (scripts/lib/security-headers.mjs), for a server
// started otherwise; HSTS and the Content-Security-Policy come from serve.mjs and the proxy (ADR 0028).
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  productionBrowserSourceMaps: false,
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', '@node-rs/argon2', 'prom-client'],
  experimental: {
    // The shared storefront cache (ADR 0025) lives in each process's memory only: nothing of an old
    // database survives a restart on disk, and nothing grows under .next/cache.
    isrFlushToDisk: false,
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
