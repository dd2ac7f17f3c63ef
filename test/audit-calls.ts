import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the server's audit calls write, read from their source: the literal entities, actions and field names. */
export interface AuditCallVocabulary {
  entities: Set<string>;
  actions: Set<string>;
  fields: Set<string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The text between the bracket at `open` and its partner (strings and template literals skipped roughly). */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '\'' || ch === '"' || ch === '`') quote = ch;
    else if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

/** The keys of an object literal's own level (`{ a: 1, b, ...c }` → a, b). */
function topLevelKeys(body: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '\'' || ch === '"' || ch === '`') quote = ch;
    else if ('({['.includes(ch)) depth += 1;
    else if (')}]'.includes(ch)) depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  for (const part of parts) {
    const m = /^\s*([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(part);
    if (m && !part.trim().startsWith('...')) keys.push(m[1]!);
  }
  return keys;
}

/** The object literal a helper of the same file returns (`const fields = (t) => ({ … })`, `function audited() { return { … } }`). */
function helperObject(text: string, name: string): string | null {
  const at = text.search(new RegExp(`(?:function\\s+${name}\\s*\\(|const\\s+${name}\\s*=)`));
  if (at === -1) return null;
  const rest = text.slice(at);
  const m = /=>\s*\(\{|return\s+\{/.exec(rest);
  if (!m) return null;
  return balanced(rest, m.index + m[0].length - 1);
}

/** Every object literal (at any depth) given as `before:`, `after:` or `note:` in `call`, or returned by a helper it calls. */
function literalObjects(call: string, text: string): string[] {
  const out: string[] = [];
  const re = /\b(before|after|note)\s*:\s*/g;
  for (let m = re.exec(call); m; m = re.exec(call)) {
    // Follow `cond ? { … } : { … }` and `x ? { … } : null` as well as a plain literal.
    const rest = call.slice(m.index + m[0].length);
    const end = rest.search(/,\s*(?:before|after|note|companyId)\s*:|$/);
    const expr = rest.slice(0, end === -1 ? rest.length : end);
    for (const helper of expr.matchAll(/\b([A-Za-z_]\w*)\(/g)) {
      const body = helperObject(text, helper[1]!);
      if (body !== null) out.push(body);
    }
    for (let i = expr.indexOf('{'); i !== -1; i = expr.indexOf('{', i + 1)) {
      const body = balanced(expr, i);
      out.push(body);
      i += body.length;
    }
  }
  return out;
}

export function auditCallVocabulary(root: string): AuditCallVocabulary {
  const entities = new Set<string>();
  const actions = new Set<string>();
  const fields = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src/server'))) {
    const text = readFileSync(file, 'utf8');
    for (let i = text.indexOf('recordAudit('); i !== -1; i = text.indexOf('recordAudit(', i + 1)) {
      if (/function\s+$/.test(text.slice(Math.max(0, i - 20), i))) continue;
      // Literals compared with (`x === 'approved' ? 'approve' : …`) are conditions, not values written.
      const call = balanced(text, i + 'recordAudit'.length).replace(/[!=]==\s*'\w+'/g, '');
      for (const m of call.matchAll(/\bentity:\s*([^,}\n]+)/g)) for (const s of m[1]!.matchAll(/'([\w]+)'/g)) entities.add(s[1]!);
      for (const m of call.matchAll(/\baction:\s*([^,}\n]+)/g)) for (const s of m[1]!.matchAll(/'([\w]+)'/g)) actions.add(s[1]!);
      for (const body of literalObjects(call, text)) for (const key of topLevelKeys(body)) fields.add(key);
    }
  }
  return { entities, actions, fields };
}
