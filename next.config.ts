import { createRequire } from 'node:module';
import path from 'node:path';
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

// The request config hands use-intl messages compiled once per process (src/i18n/compiled-messages.ts),
// so every bundle formats them with the small `format-only` formatter instead of shipping the ICU parser.
const formatOnly = `./${path.relative(process.cwd(), createRequire(path.join(process.cwd(), 'package.json')).resolve('use-intl/format-message/format-only'))}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `npm run verify` runs tsc itself before the build: NEXT_SKIP_TYPECHECK=1 (set by scripts/test.mjs --verify) spares the build a second pass.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  turbopack: {
    resolveAlias: { 'use-intl/format-message': formatOnly },
  },
  productionBrowserSourceMaps: false,
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', '@node-rs/argon2', 'prom-client', 'pdfkit', '@alicloud/dysmsapi20170525', '@alicloud/openapi-core', 'tencentcloud-sdk-nodejs-sms'],
  experimental: {
    // The shared storefront cache (ADR 0025) lives in each process's memory only: nothing of an old
    // database survives a restart on disk, and nothing grows under .next/cache.
    isrFlushToDisk: false,
    // A build's cache on disk (.next/cache, about 250 MB) speeds the next build of the same checkout; CI
    // builds once on a clean clone, where writing it cost a third of the build (52 s → 36 s without it).
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
