import 'server-only';

type JsonSchema = Record<string, unknown>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function schemaText(schema: unknown): string {
  return escapeHtml(JSON.stringify(schema ?? {}, null, 2));
}

/** A self-contained HTML reference of the OpenAPI document (no external scripts or styles). */
export function renderApiDocs(doc: JsonSchema): string {
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const sections = Object.entries(paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const body = (op.requestBody as JsonSchema | undefined)?.content as Record<string, { schema: unknown }> | undefined;
        const params = op.parameters as unknown[] | undefined;
        const responses = op.responses as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
        const perms = (op['x-permissions'] as string[] | undefined) ?? [];
        return `<section id="${escapeHtml(method + path)}">
  <h2><span class="m m-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h2>
  <p>${escapeHtml(String(op.summary ?? ''))}</p>
  <p class="meta">${escapeHtml(String(op['x-audience'] ?? 'public'))}${perms.length ? ` · ${escapeHtml(perms.join(', '))}` : ''}</p>
  ${params ? `<h3>Query</h3><pre>${schemaText(params)}</pre>` : ''}
  ${body ? `<h3>Body (form or JSON)</h3><pre>${schemaText(body['application/json']?.schema)}</pre>` : ''}
  <h3>Answers</h3>
  <ul>${Object.entries(responses)
    .map(([status, r]) => `<li><b>${escapeHtml(status)}</b> ${escapeHtml(r.description)}${status === '200' && r.content ? `<pre>${schemaText(r.content['application/json']?.schema)}</pre>` : ''}</li>`)
    .join('')}</ul>
</section>`;
      }),
    )
    .join('\n');
  const info = doc.info as { title: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2937}
h1{font-size:24px}h2{font-size:16px;margin:0}section{border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:12px 0}
pre{background:#f8fafc;border:1px solid #e5e7eb;border-radius:6px;padding:8px;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.m-get{background:#2563eb}.m-post{background:#059669}.m-put,.m-patch{background:#d97706}.m-delete{background:#dc2626}
.meta{color:#6b7280;font-size:12px}
</style></head><body><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>
<p><a href="/api/openapi.json">openapi.json</a></p>${sections}</body></html>`;
}
