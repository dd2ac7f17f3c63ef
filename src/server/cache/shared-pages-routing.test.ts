import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSharedPagePath, SHARED_PAGE_SECTIONS } from './page-cache-request';

const template = readFileSync(path.resolve(__dirname, '../../../deploy/nginx.conf.template'), 'utf8');

/** The pattern of the nginx map that sends a request to the `pages` upstream (ADR 0096). */
function pagesPattern(): RegExp {
  const map = /map \$request_method:\$uri \$pool \{([^}]*)\}/.exec(template);
  expect(map, 'the $pool map in deploy/nginx.conf.template').not.toBeNull();
  const line = /"~([^"]+)"\s+pages;/.exec(map?.[1] ?? '');
  expect(line, 'the map line that names the pages upstream').not.toBeNull();
  return new RegExp(line?.[1] ?? '$^');
}

describe('nginx sends each shared storefront page to one instance (ADR 0096)', () => {
  const pattern = pagesPattern();
  const routed = (method: string, uri: string) => pattern.test(`${method}:${uri}`);

  it('names the sections of isSharedPagePath, no more and no fewer', () => {
    const listed = /\(\?:([a-z|]+)\)\?\(\?:\/\|\$\)"/.exec(template)?.[1]?.split('|') ?? [];
    expect([...listed].sort()).toEqual([...SHARED_PAGE_SECTIONS].sort());
  });

  it('agrees with isSharedPagePath on GET and HEAD, and hashes no other method', () => {
    const paths = [
      '/', '/zh', '/en', '/zh/', '/en/', '/zhx', '/enx/product',
      ...[...SHARED_PAGE_SECTIONS].flatMap((s) => [`/${s}`, `/zh/${s}`, `/en/${s}/detail`, `/zh/${s}x`, `/${s}-list`]),
      '/zh/order', '/en/order/checkout', '/zh/account/info', '/sys/manage', '/zh/admin', '/admin/products', '/login', '/zh/register',
      '/api/web/islands/visitor', '/api/app/api/order/add', '/_next/static/chunks/a.js', '/sitemap.xml', '/robots.txt', '/favicon.ico',
    ];
    for (const uri of paths) {
      expect(routed('GET', uri), `GET ${uri}`).toBe(isSharedPagePath(uri));
      expect(routed('HEAD', uri), `HEAD ${uri}`).toBe(isSharedPagePath(uri));
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect(routed(method, uri), `${method} ${uri}`).toBe(false);
    }
    // Both answers occur (the check above is not vacuous).
    expect(paths.filter((uri) => isSharedPagePath(uri)).length).toBeGreaterThan(20);
    expect(paths.filter((uri) => !isSharedPagePath(uri)).length).toBeGreaterThan(20);
  });

  it('hashes the pages by host and whole address over the same servers as the rest', () => {
    expect(template).toMatch(/upstream pages \{\s*hash \$host\$request_uri consistent;\s*\{\{UPSTREAMS\}\}/);
    expect(template).toMatch(/upstream app \{\s*least_conn;\s*\{\{UPSTREAMS\}\}/);
    expect(template).toMatch(/location \/ \{\s*proxy_pass http:\/\/\$pool;/);
  });
});
