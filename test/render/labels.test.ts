/**
 * Province labels ("label styles"): players read the names, so a variant labelled with names shows each
 * province's full name — inside it in one line or two, else beside it with a leader line — and an abbreviation only
 * where nothing else fits (Warhammer: Grey Mountains and Reikland Forest on crowded boards; `/why`'s autocomplete
 * gives the name of a code). Checked on every bundled variant's starting position, the gallery and random phases,
 * with nothing covering a label.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, geometryOf, type Scene } from '../../src/render/index.js';
import { galleryImages } from '../../src/render/gallery.js';
import { boundsOf, rectInsideShape } from '../../src/render/geometry.js';
import { LABEL_TEXTS, splitName } from '../../src/render/label-text.js';
import { insideSpots } from '../../src/render/labels.js';
import { overlaps, rectAround, textWidth } from '../../src/render/placement.js';
import { symbolBox } from '../../src/render/symbols.js';
import { allVariants } from '../../src/variants/index.js';
import { randomPhase } from './helpers.js';

const variant = (id: string) => allVariants().find((v) => v.id === id)!;

/** The scenes a variant's labels are checked on: its start, its gallery pictures, random phases and the boards after. */
function scenesOf(v: Variant, phases: number): { name: string; scene: Scene }[] {
  const cases = [
    { name: 'start', position: v.startingPosition(), opts: {} },
    ...galleryImages()
      .filter((g) => g.variant.id === v.id)
      .map((g) => ({ name: g.file, position: g.position, opts: g.opts })),
  ];
  for (let seed = 1; seed <= phases; seed++) {
    const { position, orders } = randomPhase(seed, v);
    const adjudication = adjudicate(v, position, orders);
    cases.push(
      { name: `random #${seed}`, position, opts: { orders, adjudication } },
      { name: `random #${seed}, after`, position: adjudication.position, opts: {} },
    );
  }
  return cases.map((c) => {
    const r = buildScene(v, c.position, c.opts);
    if (!r.ok) throw new Error(r.error);
    return { name: c.name, scene: r.scene };
  });
}

/** A label's text as read: its lines joined (a line ending in a hyphen runs on). */
const read = (l: Scene['labels'][number]) =>
  l.lines ? l.lines.reduce((a, b) => (a.endsWith('-') ? a + b : `${a} ${b}`)) : l.text;

/** Every way something covers a label, as sentences. */
function coverings(scene: Scene): string[] {
  const out: string[] = [];
  const labels = scene.labels;
  for (const [i, l] of labels.entries()) {
    for (const m of labels.slice(i + 1))
      if (overlaps(l.box, m.box)) out.push(`label ${read(l)} overlaps label ${read(m)}`);
    for (const u of scene.units) {
      const box =
        u.type === 'F' ? rectAround(u.at, u.size * 2.4, u.size * 1.4) : rectAround(u.at, u.size * 2, u.size * 2);
      if (overlaps(box, l.box)) out.push(`unit ${u.location} on label ${read(l)}`);
    }
    for (const c of scene.centers)
      if (overlaps(rectAround(c.at, c.radius * 2, c.radius * 2), l.box))
        out.push(`centre marker of ${c.province} on label ${read(l)}`);
    for (const e of scene.entrances)
      if (overlaps(rectAround(e.at, e.radius * 2, e.radius * 2), l.box))
        out.push(`entrance of ${e.province} on label ${read(l)}`);
    for (const s of scene.symbols) if (overlaps(symbolBox(s), l.box)) out.push(`${s.kind} symbol on label ${read(l)}`);
    for (const o of scene.overlays)
      if (overlaps(rectAround(o.at, o.radius * 2, o.radius * 2), l.box))
        out.push(`mark of ${o.province} on label ${read(l)}`);
  }
  return out;
}

/**
 * The names beside their province set against another province's unit (within 0.6 of a unit's size of its icon): such
 * a name reads as the name of the province that unit stands in.
 */
function besideAgainstUnits(scene: Scene): string[] {
  const out: string[] = [];
  for (const l of scene.labels) {
    if (l.inside) continue;
    for (const u of scene.units) {
      if (u.location.replace(/^virtual:/, '').split('/')[0] === l.province) continue;
      const gap = u.size * 0.6;
      const icon =
        u.type === 'F' ? rectAround(u.at, u.size * 2.4, u.size * 1.4) : rectAround(u.at, u.size * 2, u.size * 2);
      const near = { x: icon.x - gap, y: icon.y - gap, w: icon.w + 2 * gap, h: icon.h + 2 * gap };
      if (overlaps(near, l.box)) out.push(`${read(l)} (beside ${l.province}) against the unit in ${u.location}`);
    }
  }
  return out;
}

describe('labels: full names', () => {
  it('a name splits in two lines at the space or hyphen nearest its middle, the hyphen kept', () => {
    expect(splitName("World's Edge Mountains")).toEqual(["World's Edge", 'Mountains']);
    expect(splitName('Blood River Badlands')).toEqual(['Blood River', 'Badlands']);
    expect(splitName('Shang-Yang')).toEqual(['Shang-', 'Yang']);
    expect(splitName('Karaz-a-Karak')).toEqual(['Karaz-', 'a-Karak']);
    expect(splitName('Bordeleaux')).toBeNull();
    expect(splitName('-x')).toBeNull();
  });

  // Warhammer: before, about 35 provinces (World's Edge Mountains, Blood River Badlands, Great Desert, Shang-Yang …)
  // showed a four-letter code because the name did not fit beside a unit standing in their middle.
  const ALLOWED_CODES: Record<string, string[]> = {
    // Grey Mountains, Reikland Forest, the Black Mountains, and on crowded random boards Middenheim, The Wasteland and
    // Athel Loren: in the crowded Empire, among the larger units of a variant of more than 8 powers (styles.ts
    // MARKED_UNIT_SCALE), where a name beside them would stand within 18 px of another province's unit (labels.ts
    // FOREIGN_GAP) and read as that province's.
    warhammer: ['athe', 'bmtn', 'grey', 'midd', 'reik', 'wast'],
    'mandate-of-heaven': [],
    'warring-states': [],
  };
  for (const [id, phases] of [
    ['warhammer', 20],
    ['mandate-of-heaven', 10],
    ['warring-states', 10],
  ] as const) {
    it(`${id}: every label is the province's full name (but a listed few), beside its province only with a leader, and nothing covers one`, () => {
      const v = variant(id);
      const codes = new Set<string>();
      let beside = 0;
      let all = 0;
      for (const { name, scene } of scenesOf(v, phases)) {
        expect(
          scene.warnings.filter((w) => w.includes('label')),
          name,
        ).toEqual([]);
        expect(new Set(scene.labels.map((l) => l.province)).size, name).toBe(v.map.provinceIds().length);
        for (const l of scene.labels) {
          const p = v.data.provinces.find((q) => q.id === l.province)!;
          all++;
          if (read(l) !== LABEL_TEXTS.full(p) || l.text !== LABEL_TEXTS.full(p)) {
            codes.add(l.province);
            expect(l.text, `${name}: ${l.province}`).toBe(LABEL_TEXTS.short(p));
          }
          if (!l.inside) {
            beside++;
            expect(l.leader, `${name}: ${l.province} beside its province without a leader line`).toBeDefined();
          }
        }
        expect(coverings(scene), name).toEqual([]);
        expect(besideAgainstUnits(scene), name).toEqual([]);
      }
      expect(
        [...codes].filter((code) => !ALLOWED_CODES[id]!.includes(code)),
        `${id}: provinces showing their abbreviation`,
      ).toEqual([]);
      // Most labels inside their province.
      expect(beside / all, id).toBeLessThan(0.45);
    });
  }
});

describe('insideSpots', () => {
  it("gives exactly the lattice points where the box lies inside the province (Warhammer's shapes, three box sizes)", () => {
    const wh = variant('warhammer');
    const g = geometryOf(wh.data);
    if (!g.ok) throw new Error(g.error);
    const k = g.geometry.width / 1600;
    let found = 0;
    for (const p of wh.data.provinces) {
      const shape = g.geometry.shapes.get(p.id)!;
      for (const [w, h] of [
        [textWidth(p.name, 14) + 4, 17.5],
        [40, 35],
        [1, 1],
      ] as const) {
        const [bw, bh, step] = [w * k, h * k, 14 * 0.3 * k];
        const spots = insideSpots(shape, bw, bh, step, shape.center);
        // The same lattice, point by point.
        const [x0, y0, x1, y1] = boundsOf(shape);
        const slow: string[] = [];
        for (let y = y0 + bh / 2; y <= y1 - bh / 2; y += step) {
          for (let i = 0, x = x0 + bw / 2; x <= x1 - bw / 2; x = x0 + bw / 2 + ++i * step)
            if (rectInsideShape({ x: x - bw / 2, y: y - bh / 2, w: bw, h: bh }, shape))
              slow.push(`${x.toFixed(6)},${y.toFixed(6)}`);
        }
        expect(spots.map(([x, y]) => `${x.toFixed(6)},${y.toFixed(6)}`).sort(), `${p.id} ${w}×${h}`).toEqual(
          slow.sort(),
        );
        // Nearest the anchor first.
        const d = spots.map(([x, y]) => Math.hypot(x - shape.center[0], y - shape.center[1]));
        expect(
          d.every((v, i) => i === 0 || v >= d[i - 1]!),
          p.id,
        ).toBe(true);
        found += spots.length;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });
});
