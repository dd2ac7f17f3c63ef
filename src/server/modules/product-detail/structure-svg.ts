import 'server-only';

/**
 * Structure drawings from SMILES. openchemlib lays the molecule out and writes an SVG (in a structure
 * worker, `modules/chemistry`); we do not pass that text on. It is read as a list of drawing primitives — only `line`, `polygon`, `circle`
 * and `text`, only the attributes a drawing needs, each value checked against a strict pattern —
 * and a new SVG is written from those values alone. Anything else in openchemlib's output (another
 * element, an attribute we do not know, markup inside a label) makes the drawing fail rather than
 * pass through, so nothing executable can reach the browser (docs/decisions/0017).
 */

export class UnsafeStructureSvgError extends Error {
  constructor(reason: string) {
    super(`openchemlib's SVG was refused: ${reason}`);
    this.name = 'UnsafeStructureSvgError';
  }
}

/** Size of the layout box; the drawing is cropped to the molecule, so it is at most this big. */
export const DRAWING_WIDTH = 320;
export const DRAWING_HEIGHT = 240;
const MAX_UPSCALE = 1.6;

const NUMBER = /^-?\d{1,6}(?:\.\d{1,6})?(?:[eE]-?\d{1,3})?$/;
const COLOUR = /^(?:black|rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\))$/;
const POINTS = /^(?:\s*-?\d{1,6}(?:\.\d{1,6})?,-?\d{1,6}(?:\.\d{1,6})?)+\s*$/;
/** Atom labels: element symbols, charges, isotopes, counts, and the few signs openchemlib adds. */
const LABEL = /^[A-Za-z0-9+\-−·•*?()[\]#:.,' ]{1,16}$/;

const ELEMENTS = new Set(['svg', 'style', 'g', 'line', 'polygon', 'circle', 'text']);
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9:-]*)(?:="([^"<>]*)"|:[0-9.]+")/g;
/** Every attribute openchemlib writes; the presentational ones we rebuild ourselves are ignored. */
const KNOWN_ATTRIBUTES = new Set([
  'id', 'class', 'xmlns', 'version', 'width', 'height', 'viewBox', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r',
  'points', 'stroke', 'stroke-width', 'stroke-dasharray', 'fill', 'font-size', 'opacity', 'style',
]);

type Primitive =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; colour: string; width: number; dashed: number | null }
  | { type: 'polygon'; points: [number, number][]; colour: string }
  | { type: 'circle'; cx: number; cy: number; r: number; colour: string }
  | { type: 'text'; x: number; y: number; size: number; colour: string; label: string };

export interface StructureDrawing {
  width: number;
  height: number;
  viewBox: [number, number, number, number];
  primitives: Primitive[];
}

function num(attrs: Map<string, string>, name: string): number {
  const raw = attrs.get(name);
  if (raw === undefined || !NUMBER.test(raw)) throw new UnsafeStructureSvgError(`${name}="${String(raw).slice(0, 20)}"`);
  return Number(raw);
}

function colour(raw: string | undefined): string {
  if (raw === undefined) return '#000';
  const m = COLOUR.exec(raw);
  if (!m) throw new UnsafeStructureSvgError(`colour "${raw.slice(0, 20)}"`);
  if (raw === 'black') return '#000';
  const hex = [m[1], m[2], m[3]].map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('');
  return `#${hex}`;
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[e] ?? '');
}

function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  let rest = source;
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1] ?? '';
    if (!KNOWN_ATTRIBUTES.has(name) && !(name === 'stroke-width' && m[2] === undefined)) throw new UnsafeStructureSvgError(`attribute ${name}`);
    if (m[2] !== undefined) attrs.set(name, m[2]);
    rest = rest.replace(m[0], '');
  }
  if (rest.replace(/[\s/]/g, '') !== '') throw new UnsafeStructureSvgError('unreadable attributes');
  return attrs;
}

/** Reads openchemlib's SVG into primitives, refusing anything that is not a plain drawing. */
export function parseDepiction(svg: string): StructureDrawing {
  const withoutStyle = svg.replace(/<style>[^<]*<\/style>/g, '');
  if (/<!|<\?|&(?!(?:amp|lt|gt|quot|apos|#39);)/.test(withoutStyle)) throw new UnsafeStructureSvgError('markup declaration or entity');
  const tags = [...withoutStyle.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1] ?? '');
  const unknown = tags.find((t) => !ELEMENTS.has(t));
  if (unknown) throw new UnsafeStructureSvgError(`element <${unknown}>`);
  const head = /^\s*<svg\b([^>]*)>/.exec(withoutStyle);
  if (!head) throw new UnsafeStructureSvgError('no <svg> element');
  const headAttrs = parseAttributes(head[1] ?? '');
  const viewBox = (headAttrs.get('viewBox') ?? '').split(/\s+/).map(Number);
  if (viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n))) throw new UnsafeStructureSvgError('viewBox');
  const [vx = 0, vy = 0, vw = 0, vh = 0] = viewBox;

  const primitives: Primitive[] = [];
  const body = withoutStyle.slice(head[0].length);
  const element = /<(line|polygon|circle)\b([^<>]*)\/>|<text\b([^<>]*)>([^<]*)<\/text>|<g\b[^<>]*>|<\/g>|<\/svg>/g;
  let consumed = 0;
  for (const m of body.matchAll(element)) {
    if (body.slice(consumed, m.index).trim() !== '') throw new UnsafeStructureSvgError('text outside an element');
    consumed = (m.index ?? 0) + m[0].length;
    if (m[0].startsWith('<g')) {
      if (/\bon[a-z]+=|url\(|javascript:|expression/i.test(m[0])) throw new UnsafeStructureSvgError('active <g> attribute');
      continue;
    }
    if (m[0].startsWith('</')) continue;
    if (m[3] !== undefined) {
      const attrs = parseAttributes(m[3]);
      const label = decodeEntities(m[4] ?? '');
      if (!LABEL.test(label)) throw new UnsafeStructureSvgError('atom label');
      primitives.push({ type: 'text', x: num(attrs, 'x'), y: num(attrs, 'y'), size: num(attrs, 'font-size'), colour: colour(attrs.get('fill')), label });
      continue;
    }
    const attrs = parseAttributes(m[2] ?? '');
    // openchemlib's hit areas for mouse events are invisible: leave them out.
    if (attrs.get('class') === 'event' || attrs.get('opacity') === '0') continue;
    if (m[1] === 'line') {
      const dash = attrs.get('stroke-dasharray');
      const dashed = dash === undefined ? null : Number(dash.split(',')[0]);
      if (dashed !== null && !Number.isFinite(dashed)) throw new UnsafeStructureSvgError('stroke-dasharray');
      primitives.push({
        type: 'line', x1: num(attrs, 'x1'), y1: num(attrs, 'y1'), x2: num(attrs, 'x2'), y2: num(attrs, 'y2'),
        colour: colour(attrs.get('stroke')), width: attrs.has('stroke-width') ? num(attrs, 'stroke-width') : 1, dashed,
      });
    } else if (m[1] === 'polygon') {
      const raw = attrs.get('points') ?? '';
      if (!POINTS.test(raw)) throw new UnsafeStructureSvgError('points');
      const points = raw.trim().split(/\s+/).map((pair) => pair.split(',').map(Number) as [number, number]);
      primitives.push({ type: 'polygon', points, colour: colour(attrs.get('fill')) });
    } else {
      primitives.push({ type: 'circle', cx: num(attrs, 'cx'), cy: num(attrs, 'cy'), r: num(attrs, 'r'), colour: colour(attrs.get('fill')) });
    }
  }
  if (body.slice(consumed).trim() !== '') throw new UnsafeStructureSvgError('trailing text');
  return { width: Math.round(vw), height: Math.round(vh), viewBox: [vx, vy, vw, vh], primitives };
}

const f = (n: number): string => String(Math.round(n * 100) / 100);
const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Writes the drawing as a standalone SVG of our own: no ids, no styles, no scripts, no links. */
export function writeSvg(d: StructureDrawing): string {
  // Small molecules are drawn larger (up to 1.6×) so that they read well in a 240–320 px box.
  const scale = Math.max(1, Math.min(MAX_UPSCALE, DRAWING_WIDTH / Math.max(d.width, 1), DRAWING_HEIGHT / Math.max(d.height, 1)));
  const parts: string[] = [];
  for (const p of d.primitives) {
    if (p.type === 'line') {
      parts.push(`<line x1="${f(p.x1)}" y1="${f(p.y1)}" x2="${f(p.x2)}" y2="${f(p.y2)}" stroke="${p.colour}" stroke-width="${f(p.width)}"${p.dashed ? ` stroke-dasharray="${f(p.dashed)} ${f(p.dashed)}"` : ''}/>`);
    } else if (p.type === 'polygon') {
      parts.push(`<polygon points="${p.points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${p.colour}" stroke="${p.colour}"/>`);
    } else if (p.type === 'circle') {
      parts.push(`<circle cx="${f(p.cx)}" cy="${f(p.cy)}" r="${f(p.r)}" fill="${p.colour}"/>`);
    } else {
      parts.push(`<text x="${f(p.x)}" y="${f(p.y)}" font-size="${f(p.size)}" fill="${p.colour}">${escapeText(p.label)}</text>`);
    }
  }
  const [vx, vy, vw, vh] = d.viewBox;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(d.width * scale)}" height="${Math.round(d.height * scale)}" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}">`,
    `<rect x="${f(vx)}" y="${f(vy)}" width="${f(vw)}" height="${f(vh)}" fill="#fff"/>`,
    '<g stroke-linecap="round" stroke-linejoin="round" font-family="Helvetica, Arial, sans-serif">',
    ...parts,
    '</g></svg>',
  ].join('\n');
}

/** Our own SVG from openchemlib's: its drawing primitives, checked, written anew. */
export function sanitiseDepiction(raw: string): string {
  return writeSvg(parseDepiction(raw));
}
