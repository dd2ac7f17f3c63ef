import 'server-only';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** The sandbox every stored upload is served under: nothing in it runs, even when opened directly. */
export const SANDBOX = "default-src 'none'; sandbox";

/**
 * A file or stream answered by an endpoint instead of the JSON envelope: the bytes (a stream is sent
 * as it is read), their type, and how the browser is to treat them.
 */
export interface FileReply {
  body: ReadableStream<Uint8Array> | Uint8Array | string | null;
  /** Content-Type; left out of a 304. */
  type: string;
  /** Offered under this name (Content-Disposition); without one, no disposition. */
  name?: string;
  /** Shown in the browser (`inline`) rather than saved (`attachment`, the default). */
  inline?: boolean;
  /** Content-Length, when known before the first byte. */
  size?: number;
  /** Cache-Control; `private, no-store` by default. */
  cache?: string;
  /** Content-Security-Policy of the answer itself. */
  csp?: string;
  /** Further headers (ETag, Vary). */
  headers?: Record<string, string>;
  /** 304 answers a conditional request whose copy is current: headers, no body. */
  status?: 200 | 304;
}

/** An RFC 6266 disposition: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored file (its stream and size) as a reply under the upload sandbox. */
export function storedFileReply(
  file: { stream(): ReadableStream<Uint8Array>; size: number },
  reply: Omit<FileReply, 'body' | 'size'>,
): FileReply {
  return { csp: SANDBOX, ...reply, body: file.stream(), size: file.size };
}

/** The HTTP answer of a file reply: never sniffed, private and unstored unless it says otherwise. */
export function sendFileReply(c: Context<AppEnv>, reply: FileReply): Response {
  const status = reply.status ?? 200;
  const headers: Record<string, string> = {};
  if (status === 200) {
    headers['content-type'] = reply.type;
    if (reply.size !== undefined) headers['content-length'] = String(reply.size);
    if (reply.name !== undefined) headers['content-disposition'] = contentDisposition(reply.name, reply.inline);
  }
  headers['cache-control'] = reply.cache ?? 'private, no-store';
  headers['x-content-type-options'] = 'nosniff';
  if (reply.csp) headers['content-security-policy'] = reply.csp;
  Object.assign(headers, reply.headers);
  if (status === 304 || reply.body === null) return c.body(null, status, headers);
  return c.body(reply.body instanceof Uint8Array ? new Uint8Array(reply.body) : reply.body, 200, headers);
}
