/**
 * Maps drawn from shapes (src/render/shape-geometry.ts, docs/variants.md "Variant files"), as imports bring
 * them: two seas whose outlines overlap meet at the edge that shows, not at a coastline round the overlap; a centre
 * whose unit spot lies off its small island is marked on the island; a link between provinces drawn apart crosses
 * the gap, not the map between their unit spots, and clear of a third province (a strait to an island); the label
 * beside a small island points into the island when its unit spot lies in the water round it; land between
 * provinces that is no province reads as land nobody holds when the background says so (`unowned-land`), as off-map
 * land by default; where the background is the map's sea (DiploGM's Background in its sea colour), a gap between two
 * adjacent seas is sea, not a sliver of other water outlined. Small maps written here.
 */
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../src/render/build-scene.js';
import { COLORS } from '../../src/render/palette.js';
import { computeGeometry } from '../../src/render/geometry.js';
import { buildVariant } from '../../src/variants/build.js';
import { readVariantFile } from '../../src/variants/file.js';
import type { VariantData } from '../../src/variants/schema.js';

interface Place {
  id: string;
  kind: 'land' | 'coast' | 'sea';
  shape: string;
  centre?: boolean;
  at: [number, number];
}

/** A two-power variant file of these places, every two adjacent (the drawing is what these tests look at). */
function mapOf(places: Place[], links: [string, string][] = [], drawing: Record<string, unknown> = {}): VariantData {
  const ids = places.map((p) => p.id);
  const others = (id: string) => ids.filter((x) => x !== id);
  const file = {
    id: 'shapes',
    name: 'Shapes',
    powers: [
      { name: 'Red', color: '#c53328', altColor: '#d55d01' },
      { name: 'Blue', color: '#20297f', altColor: '#0064a2' },
    ],
    provinces: places.map((p) => ({
      id: p.id,
      name: p.id,
      abbreviation: p.id.slice(0, 3),
      kind: p.kind,
      supplyCenter: p.centre === true,
      home: null,
    })),
    armyAdjacency: Object.fromEntries(
      places.filter((p) => p.kind !== 'sea').map((p) => [p.id, others(p.id).filter((x) => !isSea(x))]),
    ),
    fleetAdjacency: Object.fromEntries(places.filter((p) => p.kind !== 'land').map((p) => [p.id, others(p.id)])),
    startingPhase: { season: 'spring', year: 1901, type: 'movement' },
    startingUnits: [],
    victory: { centers: 1 },
    links: links.map(([from, to]) => ({ from, to, kind: 'crossing' })),
    geometry: {
      width: 400,
      height: 300,
      shapes: Object.fromEntries(places.map((p) => [p.id, p.shape])),
      anchors: Object.fromEntries(places.map((p) => [p.id, p.at])),
      ...drawing,
    },
  };
  function isSea(id: string) {
    return places.find((p) => p.id === id)!.kind === 'sea';
  }
  const r = readVariantFile(JSON.stringify(file), 'shapes.json');
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.data;
}

function scene(data: VariantData) {
  const v = buildVariant(data);
  const built = buildScene(v, v.startingPosition(), { width: 800 });
  if (!built.ok) throw new Error(built.error);
  return built.scene;
}

describe('a map drawn from shapes', () => {
  it('draws two overlapping seas as meeting at the edge that shows, with no coastline round the overlap', () => {
    // The south sea reaches 20 px into the north one (a triangle), as an editor's shapes often do.
    const data = mapOf([
      { id: 'north', kind: 'sea', shape: 'M 0 0 H 400 V 150 H 0 Z', at: [200, 60] },
      { id: 'south', kind: 'sea', shape: 'M 0 150 L 200 130 L 400 150 V 300 H 0 Z', at: [200, 220] },
    ]);
    const g = computeGeometry(data);
    if (!g.ok) throw new Error(g.error);
    const border = (a: string, b: string) => g.geometry.borderIndex.get(a < b ? `${a}|${b}` : `${b}|${a}`);
    expect(border('#land', 'north')).toBeUndefined();
    expect(border('#land', 'south')).toBeUndefined();
    // The south sea is drawn over the north one: its outline is the edge that shows.
    const seam = border('north', 'south')!;
    expect(seam.length).toBeGreaterThan(395);
    expect(seam.length).toBeLessThan(410);
    // (Give or take a piece at the frame, where the outlines meet within the margin.)
    for (const [p, q] of seam.segments) expect(Math.max(p[1], q[1])).toBeLessThanOrEqual(152.5);
    expect(seam.segments.some(([p]) => p[1] < 140)).toBe(true);
  });

  it('marks a centre on its small island when the unit spot lies in the water round it', () => {
    const data = mapOf([
      { id: 'bay', kind: 'sea', shape: 'M 0 0 H 400 V 300 H 0 Z', at: [320, 60] },
      { id: 'isle', kind: 'coast', shape: 'M 180 140 H 200 V 160 H 180 Z', centre: true, at: [100, 150] },
    ]);
    const s = scene(data);
    expect(s.warnings).not.toContain('no room for the supply-centre marker of isle');
    expect(s.centers.map((c) => c.province)).toEqual(['isle']);
  });

  it('draws a link between provinces drawn a little apart across the gap, not between their unit spots', () => {
    const data = mapOf(
      [
        { id: 'west', kind: 'land', shape: 'M 0 0 H 195 V 300 H 0 Z', at: [50, 150] },
        { id: 'east', kind: 'land', shape: 'M 205 0 H 400 V 300 H 205 Z', at: [350, 150] },
      ],
      [['west', 'east']],
    );
    const link = scene(data).features.find((f) => f.kind === 'link');
    expect(link).toBeDefined();
    const [p, q] = link!.kind === 'link' ? link!.points : [[0, 0] as const, [0, 0] as const];
    // 10 map px at about 2 output px each, from west's edge to east's; the unit spots are 300 px apart.
    expect(Math.hypot(q[0] - p[0], q[1] - p[1])).toBeGreaterThan(10);
    expect(Math.hypot(q[0] - p[0], q[1] - p[1])).toBeLessThan(30);
  });

  it('draws a strait to an island across the water, clear of a third province, however far the unit spots', () => {
    // python's ancmed: Baleares' unit stands in the water by Tarraconensis, so the line between the unit spots crossed
    // its coast, and the gap (30 px) is more than a third of the way between the spots (72 px).
    const data = mapOf(
      [
        { id: 'tar', kind: 'coast', shape: 'M 0 0 H 100 V 100 H 0 Z', at: [50, 50] },
        { id: 'sag', kind: 'coast', shape: 'M 0 100 H 100 V 300 H 0 Z', at: [60, 120] },
        { id: 'bal', kind: 'coast', shape: 'M 130 120 H 150 V 140 H 130 Z', at: [120, 80] },
      ],
      [
        ['bal', 'sag'],
        ['bal', 'tar'],
      ],
      { background: 'sea' },
    );
    const g = computeGeometry(data);
    if (!g.ok) throw new Error(g.error);
    const s = scene(data);
    const link = s.features.find((f) => f.kind === 'link' && [f.from, f.to].sort().join() === 'bal,sag');
    if (link?.kind !== 'link') throw new Error('no link between bal and sag');
    const [p, q] = link.points.map((a) => [(a[0] - s.frame.x) / s.scale, (a[1] - s.frame.y) / s.scale] as const);
    // From the island's west side to sag's coast, 30 map px over the water and nothing else.
    expect(Math.hypot(q![0] - p![0], q![1] - p![1])).toBeLessThan(33);
    for (let t = 0.05; t < 0.96; t += 0.05)
      expect(g.geometry.locate([p![0] + (q![0] - p![0]) * t, p![1] + (q![1] - p![1]) * t])).toBe('#sea');
  });

  it('draws a link between provinces far apart (wider than a strait) between their unit spots', () => {
    // python's pure: its provinces are joined across its middle, a third of the map wide.
    const data = mapOf(
      [
        { id: 'west', kind: 'land', shape: 'M 0 0 H 100 V 300 H 0 Z', at: [50, 100] },
        { id: 'east', kind: 'land', shape: 'M 300 0 H 400 V 300 H 300 Z', at: [350, 200] },
      ],
      [['west', 'east']],
    );
    const s = scene(data);
    const link = s.features.find((f) => f.kind === 'link');
    if (link?.kind !== 'link') throw new Error('no link');
    const ends = link.points.map((a) => [(a[0] - s.frame.x) / s.scale, (a[1] - s.frame.y) / s.scale]);
    expect(ends).toEqual([
      [expect.closeTo(50), expect.closeTo(100)],
      [expect.closeTo(350), expect.closeTo(200)],
    ]);
  });

  it('strokes the drawing’s lines (a river) in their colour, width and dashes, scaled as the map is', () => {
    const data = mapOf(
      [
        { id: 'west', kind: 'land', shape: 'M 0 0 H 200 V 300 H 0 Z', at: [50, 150] },
        { id: 'east', kind: 'land', shape: 'M 200 0 H 400 V 300 H 200 Z', at: [350, 150] },
      ],
      [],
      {
        decor: {
          lines: [
            { d: 'M 200 300 L 190 200 L 210 100', color: '#17a1f8', width: 5 },
            { d: 'M 10 10 L 60 10 M 10 20 L 60 20', color: '#000000', width: 2, dash: [4, 2] },
          ],
        },
      },
    );
    const s = scene(data);
    const lines = s.features.flatMap((f) => (f.kind === 'decor' ? [f] : []));
    expect(lines.map((f) => [f.points.length, f.color])).toEqual([
      [3, '#17a1f8'],
      [2, '#000000'],
      [2, '#000000'],
    ]);
    expect(lines[0]!.width).toBeCloseTo(5 * s.scale);
    expect(lines[1]!.dash).toEqual([4 * s.scale, 2 * s.scale]);
    const [x, y] = [(lines[0]!.points[1]![0] - s.frame.x) / s.scale, (lines[0]!.points[1]![1] - s.frame.y) / s.scale];
    expect([x, y]).toEqual([expect.closeTo(190), expect.closeTo(200)]);
  });

  it('points the label beside a small island into the island, not at its unit spot in the water round it', () => {
    const data = mapOf([
      { id: 'bay', kind: 'sea', shape: 'M 0 0 H 400 V 300 H 0 Z', at: [320, 60] },
      { id: 'isle', kind: 'coast', shape: 'M 184 144 H 192 V 152 H 184 Z', centre: true, at: [120, 148] },
    ]);
    const s = scene(data);
    const label = s.labels.find((l) => l.province === 'isle')!;
    expect(label.inside).toBe(false);
    const end = label.leader![1];
    const [x, y] = [(end[0] - s.frame.x) / s.scale, (end[1] - s.frame.y) / s.scale];
    // The leader ends at the island's edge (its outline, within a pixel or two), not 60 map px west of it.
    expect(x).toBeGreaterThan(182);
    expect(x).toBeLessThan(194);
    expect(y).toBeGreaterThan(142);
    expect(y).toBeLessThan(154);
  });

  it('draws land that is no province as land nobody holds where the background says so, else as off-map land', () => {
    // A triangle between west and east (a river delta) that no shape covers.
    const places: Place[] = [
      { id: 'west', kind: 'land', shape: 'M 0 0 H 190 L 150 300 H 0 Z', at: [60, 150] },
      { id: 'east', kind: 'land', shape: 'M 210 0 H 400 V 300 H 250 Z', at: [340, 150] },
    ];
    const fills = (data: VariantData) => new Map(scene(data).regions.map((r) => [r.id, r.fill]));
    const unowned = fills(mapOf(places, [['west', 'east']], { background: 'unowned-land' }));
    expect(unowned.get('#unowned')).toBe(COLORS.land);
    expect(unowned.has('#land')).toBe(false);
    const offMap = fills(mapOf(places, [['west', 'east']]));
    expect(offMap.get('#land')).toBe(COLORS.offmapLand);
    expect(offMap.has('#unowned')).toBe(false);
  });

  it('draws a gap between two adjacent seas as sea where the background is sea, with one border across it', () => {
    // Two seas that touch at the foot and lie 6 px apart at the top, as DiploGM's Modern draws its Ionian and Malta.
    const places: Place[] = [
      { id: 'west', kind: 'sea', shape: 'M 0 0 H 197 L 200 300 H 0 Z', at: [100, 150] },
      { id: 'east', kind: 'sea', shape: 'M 203 0 H 400 V 300 H 200 Z', at: [300, 150] },
    ];
    const data = mapOf(places, [], { background: 'sea' });
    expect(new Map(scene(data).regions.map((r) => [r.id, r.fill])).get('#sea')).toBe(COLORS.sea);
    const g = computeGeometry(data);
    if (!g.ok) throw new Error(g.error);
    const border = (a: string, b: string) => g.geometry.borderIndex.get(a < b ? `${a}|${b}` : `${b}|${a}`);
    expect(border('#sea', 'west')).toBeUndefined();
    expect(border('#sea', 'east')).toBeUndefined();
    expect(border('east', 'west')!.length).toBeGreaterThan(295);
    expect(border('east', 'west')!.length).toBeLessThan(305);
    // Off-map water elsewhere keeps its own colour (water outside play, python's lakes).
    const land = mapOf(places);
    expect(new Map(scene(land).regions.map((r) => [r.id, r.fill])).get('#land')).toBe(COLORS.offmapLand);
  });
});
