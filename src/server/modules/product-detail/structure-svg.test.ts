import { describe, expect, it } from 'vitest';
import { buildSubstances } from '@/server/seed/substances';
import { MAX_STRUCTURE_ATOMS } from '@/lib/structure-limits';
import { setStructurePool, type StructureReading, type StructureTask } from '@/server/modules/chemistry/structures';
import { WorkerPool } from '@/server/modules/chemistry/worker-pool';
import { closedGate, GATED_WORKER } from '../../../../test/workers/gate';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';
import { DrawingCache, drawingEtag, structureDrawing } from './structure-cache';
import { parseDepiction, UnsafeStructureSvgError, writeSvg } from './structure-svg';

/** The sanitised drawing of a SMILES, drawn by a structure worker (no cache kept between tests). */
async function renderStructureSvg(smiles: string): Promise<string | null> {
  return (await structureDrawing(smiles, new DrawingCache(10, 1024 * 1024)))?.svg ?? null;
}

/** What our SVG may contain: these elements and attributes, nothing else. */
const ALLOWED_ELEMENTS = new Set(['svg', 'rect', 'g', 'line', 'polygon', 'circle', 'text']);
const ALLOWED_ATTRIBUTES = new Set([
  'xmlns', 'width', 'height', 'viewBox', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'points', 'fill', 'stroke',
  'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin', 'font-family', 'font-size',
]);

function expectSafe(svg: string) {
  for (const [, name] of svg.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)) expect(ALLOWED_ELEMENTS.has(name as string), name).toBe(true);
  for (const [, name] of svg.matchAll(/\s([a-zA-Z][\w:-]*)="/g)) expect(ALLOWED_ATTRIBUTES.has(name as string), name).toBe(true);
  expect(svg).not.toMatch(/javascript:|url\(|<!|&(?!amp;|lt;|gt;)/i);
}

// Real structure workers, with a time limit no drawing reaches: these tests are of drawing, not of the clock.
const patient = withPatientStructurePool();

const HEAD = '<svg id="s" xmlns="http://www.w3.org/2000/svg" version="1.1" width="100px" height="80px" viewBox="0 0 100 80">\n  <style> #s text {font-family: sans-serif;} </style>\n';

describe('structure drawings', () => {
  it('draws every structure of the seed as an SVG with only plain drawing elements', async () => {
    const smiles = [...new Set(buildSubstances().map((s) => s.smiles).filter((s): s is string => Boolean(s)))];
    expect(smiles.length).toBeGreaterThan(500);
    // One per structure worker at a time (more would wait in the queue, which answers "busy" past 3 s).
    const workers = patient.pool().size;
    for (let at = 0; at < smiles.length; at += workers) {
      const batch = smiles.slice(at, at + workers);
      const svgs = await Promise.all(batch.map((s) => renderStructureSvg(s)));
      svgs.forEach((svg, i) => {
        expect(svg, batch[i]).not.toBeNull();
        expectSafe(svg as string);
      });
    }
  }, 180_000);

  it('fits the drawing into 320 × 240 and labels hetero atoms in colour', async () => {
    const svg = (await renderStructureSvg('CC(=O)Oc1ccccc1C(=O)O')) as string;
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
    expect(Number(w)).toBeLessThanOrEqual(320);
    expect(Number(h)).toBeLessThanOrEqual(240);
    expect(Number(w)).toBeGreaterThan(60);
    expect(svg).toMatch(/<text [^>]*fill="#ff0d0d">O<\/text>/);
    expect(svg.match(/<line /g)?.length).toBeGreaterThan(10);
  });

  it('answers null for SMILES openchemlib cannot read, and for structures over a cap', async () => {
    expect(await renderStructureSvg('not a (smiles')).toBeNull();
    expect(await renderStructureSvg('')).toBeNull();
    expect(await renderStructureSvg('C'.repeat(MAX_STRUCTURE_ATOMS + 1))).toBeNull();
    expect(await renderStructureSvg('C'.repeat(100))).toMatch(/^<svg /);
  });

  it('colours the bonds a highlighted fragment matches, every match, and draws plainly when it does not match', async () => {
    const cache = new DrawingCache(10, 1024 * 1024);
    const HIGHLIGHT = /stroke="#ff8000"/g;
    const plain = (await structureDrawing('Cc1ccccc1O', cache))?.svg ?? '';
    expect(plain).not.toMatch(HIGHLIGHT);
    // Toluene-with-hydroxyl, benzene highlighted: the six ring bonds and the inner lines of the three
    // double bonds are coloured, the methyl and the C–O bonds are not.
    const ring = (await structureDrawing('Cc1ccccc1O', cache, 'c1ccccc1'))?.svg ?? '';
    expect(ring.match(HIGHLIGHT)?.length).toBe(9);
    expect(ring.match(/<line /g)?.length).toBe(plain.match(/<line /g)?.length);
    expectSafe(ring);
    // Two rings (biphenyl) both match.
    const both = (await structureDrawing('c1ccccc1-c1ccccc1', cache, 'c1ccccc1'))?.svg ?? '';
    expect(both.match(HIGHLIGHT)?.length).toBe(18);
    // A fragment absent from the structure, or one that does not parse, leaves it plain.
    expect((await structureDrawing('Cc1ccccc1O', cache, 'c1ccncc1'))?.svg).toBe(plain);
    expect((await structureDrawing('Cc1ccccc1O', cache, 'not a (smiles'))?.svg).toBe(plain);
    // A fragment over a cap is never sent to a worker.
    expect(await structureDrawing('Cc1ccccc1O', cache, 'C'.repeat(MAX_STRUCTURE_ATOMS + 1))).toBeNull();
    expect(drawingEtag('Cc1ccccc1O', 'c1ccccc1')).not.toBe(drawingEtag('Cc1ccccc1O'));
    expect(drawingEtag('Cc1ccccc1O', null)).toBe(drawingEtag('Cc1ccccc1O'));
  });

  it('refuses openchemlib output with anything but plain drawing primitives', () => {
    const bad = [
      `${HEAD}<script>alert(1)</script></svg>`,
      `${HEAD}<line x1="1" y1="1" x2="2" y2="2" stroke="black" onload="alert(1)" /></svg>`,
      `${HEAD}<text x="1" y="1" font-size="14" fill="black">&lt;img src=x onerror=alert(1)&gt;</text></svg>`,
      `${HEAD}<foreignObject><div/></foreignObject></svg>`,
      `${HEAD}<a href="javascript:alert(1)"><line x1="1" y1="1" x2="2" y2="2" /></a></svg>`,
      `${HEAD}<line x1="1" y1="1" x2="2" y2="2" stroke="url(javascript:alert(1))" /></svg>`,
      `${HEAD}<line x1="1;alert(1)" y1="1" x2="2" y2="2" /></svg>`,
      `${HEAD}<polygon points="1,1 2,2 x" fill="black" /></svg>`,
      `<!DOCTYPE svg [<!ENTITY x "y">]>${HEAD}</svg>`,
      `${HEAD}&x;</svg>`,
      `${HEAD}<image href="http://evil.example/x.png" /></svg>`,
      `${HEAD}<g onclick="alert(1)"></g></svg>`,
      `${HEAD}stray text</svg>`,
    ];
    for (const svg of bad) expect(() => parseDepiction(svg), svg).toThrow(UnsafeStructureSvgError);
  });

  it('writes only the values it read: labels kept, hit areas dropped, colours normalised', () => {
    const drawing = parseDepiction(`${HEAD}<text x="1" y="2" font-size="14" fill="rgb(48,80,248)">NH+</text>\n<line x1="1" y1="1" x2="9" y2="9" stroke="black" stroke-width="1.44" />\n<line stroke-dasharray="4,4" x1="1" y1="1" x2="5" y2="5" stroke="rgb(0,0,0)" stroke-width:1.44" />\n<line id="s:Bond:0" class="event" x1="0" y1="0" x2="1" y2="1" stroke-width="8" opacity="0" />\n<circle id="s:Atom:0" class="event" cx="1" cy="1" r="8" opacity="0" />\n</svg>`);
    expect(drawing.primitives.map((p) => p.type)).toEqual(['text', 'line', 'line']);
    const svg = writeSvg(drawing);
    expect(svg).toContain('fill="#3050f8">NH+</text>');
    expect(svg).toContain('stroke-dasharray="4 4"');
    expect(svg).not.toContain('opacity');
    expectSafe(svg);
  });
});

describe('drawing cache', () => {
  it('keys drawings by a hash of the SMILES and bounds entries and bytes, dropping the least recently used', async () => {
    expect(drawingEtag('CCO')).toBe(drawingEtag('CCO'));
    expect(drawingEtag('CCO')).not.toBe(drawingEtag('OCC'));
    const cache = new DrawingCache(2, 10_000);
    const a = await structureDrawing('CCO', cache);
    await structureDrawing('CCN', cache);
    expect(await structureDrawing('CCO', cache)).toBe(a);
    await structureDrawing('CCC', cache);
    expect(cache.size).toBe(2);
    expect(cache.get(drawingEtag('CCN'))).toBeUndefined();
    expect(cache.get(drawingEtag('CCO'))).toBe(a);
    const small = new DrawingCache(100, (a?.svg.length ?? 0) + 10);
    await structureDrawing('CCO', small);
    await structureDrawing('CCN', small);
    expect(small.size).toBe(1);
    expect(small.totalBytes).toBeLessThanOrEqual(small.maxBytes);
    expect(await structureDrawing('not a (smiles', cache)).toBeNull();
  });

  it('does not remember a structure refused as too slow: the next request draws it', async () => {
    // A worker that holds every task while the gate is closed: past the 100 ms limit it is replaced and
    // the structure is "too complex"; once the gate is open, the new worker answers with a drawing.
    const gate = closedGate();
    const drawing = `${HEAD}<line x1="10" y1="10" x2="90" y2="70" stroke="black" stroke-width="1.6" />\n</svg>`;
    const reply: StructureReading = { kind: 'ok', atoms: 2, svg: drawing, formula: null, weight: null };
    const pool = new WorkerPool<StructureTask, StructureReading>({
      script: GATED_WORKER, size: 1, timeoutMs: 100, maxQueue: 4, maxWaitMs: 60_000, workerData: { gate: gate.buffer, holdAll: true, reply },
    });
    const previous = setStructurePool(pool);
    try {
      const cache = new DrawingCache(10, 100_000);
      expect(await structureDrawing('CC(C)(C)CCO', cache)).toBeNull();
      expect(pool.terminations).toBe(1);
      gate.open();
      const again = await structureDrawing('CC(C)(C)CCO', cache);
      expect(again?.svg).toMatch(/^<svg [\s\S]*<line /);
      expect(pool.dispatched).toBe(2);
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });

  it('remembers a SMILES openchemlib cannot read: it is sent to a worker once', async () => {
    const cache = new DrawingCache(10, 100_000);
    const before = patient.pool().dispatched;
    expect(await structureDrawing('C1CC(N', cache)).toBeNull();
    expect(await structureDrawing('C1CC(N', cache)).toBeNull();
    expect(patient.pool().dispatched).toBe(before + 1);
  });

  it('draws one SMILES once when it is asked for twice at the same time', async () => {
    const cache = new DrawingCache(10, 100_000);
    const [a, b] = await Promise.all([structureDrawing('c1ccncc1', cache), structureDrawing('c1ccncc1', cache)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
  });
});
