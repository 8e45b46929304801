/**
 * The maps players read: Warring States as a map of China (room for the central plain,
 * rivers on their real courses touching exactly their provinces, Chinese and romanised names), and Classic
 * labels inside their provinces with split coasts on the right water.
 */
import { describe, expect, it } from 'vitest';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import { classic } from '../../src/variants/classic/index.js';
import { warringStates } from '../../src/variants/warring-states/index.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene } from '../../src/render/build-scene.js';
import { anchorsOf } from '../../src/render/anchors.js';
import { checkGeometry, riverProblems } from '../../src/render/check.js';
import { riverCoursesOf } from '../../src/render/features.js';
import {
  borderKey,
  computeGeometry,
  distanceToSegments,
  geometryOf,
  rectInsideShape,
  type MapGeometry,
  type Point,
} from '../../src/render/geometry.js';
import { lensProjection, lensProjectionSchema, projectionOf } from '../../src/render/projection.js';

/** The Warring States provinces too narrow for their name at 18 px, in one line or two: labelled beside, with a leader. */
const WS_BESIDE = [
  'don',
  'gua',
  'hch',
  'hed',
  'jia',
  'jpa',
  'jyu',
  'lba',
  'lfa',
  'luo',
  'lxi',
  'sch',
  'sli',
  'syo',
  'wpa',
  'xia',
  'yiy',
  'zho',
  'zmo',
];

const geometryOfVariant = (v: Variant): MapGeometry => {
  const g = geometryOf(v.data);
  if (!g.ok) throw new Error(g.error);
  return g.geometry;
};

/** Area in px² at a 1600-px-wide picture. */
const areaAt1600 = (v: Variant, id: string) => {
  const g = geometryOfVariant(v);
  return g.shapes.get(id)!.area * (1600 / g.width) ** 2;
};

/** A copy of Warring States with one river course replaced. */
function withCourse(name: string, course: [number, number][]): Variant {
  const data = structuredClone(warringStates.data);
  (data.features.riverCourses as Record<string, unknown>)[name] = course;
  return buildVariant(parseVariantData(data));
}

describe('Warring States: a map of China', () => {
  it('the drawn borders equal the adjacency and every river course is right (maps check clean)', () => {
    expect(checkGeometry(warringStates)).toEqual([]);
  });

  it('gives every land province at least 8,000 px² at 1600 px (the central plain included)', () => {
    const land = warringStates.data.provinces.filter((p) => p.kind !== 'sea');
    const areas = land.map((p) => [p.id, Math.round(areaAt1600(warringStates, p.id))] as const);
    const small = areas.filter(([, a]) => a < 8000);
    expect(small).toEqual([]);
    // The plain is no longer a cluster of slivers beside huge frontier provinces.
    for (const id of ['zhe', 'zmo', 'dal', 'luo', 'wei', 'hen'])
      expect(areaAt1600(warringStates, id), id).toBeGreaterThan(8000);
  });

  it('follows the real coastline: the seas touch exactly their coastal provinces', () => {
    const g = geometryOfVariant(warringStates);
    for (const sea of ['boh', 'lba', 'kor', 'yel', 'ecs']) {
      const touching = g.borders
        .filter((b) => (b.a === sea || b.b === sea) && b.length > 0.5)
        .map((b) => (b.a === sea ? b.b : b.a))
        .filter((id) => !id.startsWith('#'))
        .sort();
      const expected = [...warringStates.map.neighbours(sea)].filter((id) => !(sea === 'boh' && id === 'ji')).sort();
      expect(touching, sea).toEqual(expected);
    }
    // Ji reaches the Bo Hai by a drawn link (the Hai river), because Guangyang and Yuyang share the coast.
    expect(warringStates.data.links.map((l) => borderKey(l.from, l.to))).toEqual(['boh|ji']);
  });

  it('draws its four rivers from latitude/longitude courses, each ending at its mouth or confluence', () => {
    const rivers = riverCoursesOf(warringStates.data);
    expect(rivers.map((r) => [r.name, r.course.length >= 10])).toEqual([
      ['Yellow', true],
      ['Wei', true],
      ['Yangtze', true],
      ['Han', true],
    ]);
    const scene = buildScene(warringStates, warringStates.startingPosition());
    if (!scene.ok) throw new Error(scene.error);
    expect(scene.scene.features.filter((f) => f.kind === 'river').length).toBe(4);
  });

  it('the river check reports a course through a province off the river', () => {
    // The Yellow River cut straight from Luoyang to Daliang over Henei's side of the plain.
    const course = (warringStates.data.features.riverCourses as Record<string, [number, number][]>).Yellow;
    const bent = course.map(([lat, lon]): [number, number] =>
      lon > 112.7 && lon < 114.2 ? [lat + 0.55, lon] : [lat, lon],
    );
    const problems = checkGeometry(withCourse('Yellow', bent));
    expect(problems.some((p) => /river Yellow: .*(hen)/.test(p))).toBe(true);
  });

  it('the river check reports a river that stops short of its mouth, and a tributary that joins nothing', () => {
    const yellow = (warringStates.data.features.riverCourses as Record<string, [number, number][]>).Yellow;
    const short = checkGeometry(withCourse('Yellow', yellow.slice(0, -4)));
    expect(short).toContain('river Yellow: it should end in its mouth sea boh, but ends in lin');
    const wei = (warringStates.data.features.riverCourses as Record<string, [number, number][]>).Wei;
    const stray = checkGeometry(withCourse('Wei', wei.slice(0, -1)));
    expect(stray.some((p) => /river Wei: .*(chain is ron → yon → xia → any|not on another river)/.test(p))).toBe(true);
  });

  it('a course without a projection or without a chain is reported, never drawn through the wrong place', () => {
    const data = structuredClone(warringStates.data);
    (data.features.riverCourses as Record<string, unknown>).Huai = [
      [33.0, 114.0],
      [33.2, 116.0],
    ];
    const v = buildVariant(parseVariantData(data));
    expect(riverProblems(v, geometryOfVariant(v))).toEqual([
      'river Huai: a course without a chain of provinces in features.rivers',
    ]);
  });

  it('labels every province with its Chinese and romanised name in full, inside the province but where it cannot fit', () => {
    const built = buildScene(warringStates, warringStates.startingPosition());
    if (!built.ok) throw new Error(built.error);
    const { scene } = built;
    expect(scene.labels.length).toBe(warringStates.data.provinces.length);
    const g = geometryOfVariant(warringStates);
    const outside: string[] = [];
    for (const label of scene.labels) {
      const p = warringStates.data.provinces.find((q) => q.id === label.province)!;
      // Players read the names: the full name, in one line or with the Chinese name above; never the code.
      expect(label.text, label.province).toBe(`${p.localName} ${p.name}`);
      if (label.lines) expect(label.lines, label.province).toEqual([p.localName, p.name]);
      if (!rectInsideShape(toMap(label.box, scene), g.shapes.get(label.province)!)) outside.push(label.province);
      expect(label.inside || label.leader !== undefined, label.province).toBe(true);
    }
    // Labels are 18 px high at 1600 px (6.2 px at Discord's 550 px preview), inside their province at the label spots
    // chosen by the geometry tools (relabel.ts) where the name fits in one line or two; beside it with a leader line
    // in the 19 provinces too narrow for it (Liaodong Bay, Zhongmou …): 59 of 78 inside.
    expect(outside.sort()).toEqual(WS_BESIDE);
    expect(
      scene.labels
        .filter((l) => !l.inside)
        .map((l) => l.province)
        .sort(),
    ).toEqual(WS_BESIDE);
  });
});

const toMap = (
  box: { x: number; y: number; w: number; h: number },
  scene: { frame: { x: number; y: number }; scale: number },
) => ({
  x: (box.x - scene.frame.x) / scene.scale,
  y: (box.y - scene.frame.y) / scene.scale,
  w: box.w / scene.scale,
  h: box.h / scene.scale,
});

describe('Classic: room and labels', () => {
  it('no province label inside its province crosses its border (start, and a position with every coast taken)', () => {
    const g = geometryOfVariant(classic);
    const start = classic.startingPosition();
    const crowded = {
      ...start,
      units: [
        ...start.units,
        { power: 'Austria', type: 'A' as const, province: 'boh', coast: null },
        { power: 'Austria', type: 'A' as const, province: 'tyr', coast: null },
        { power: 'Italy', type: 'A' as const, province: 'pie', coast: null },
        { power: 'Italy', type: 'A' as const, province: 'tus', coast: null },
        { power: 'Italy', type: 'F' as const, province: 'apu', coast: null },
        { power: 'England', type: 'F' as const, province: 'wal', coast: null },
        { power: 'England', type: 'A' as const, province: 'yor', coast: null },
      ],
    };
    for (const position of [start, crowded]) {
      const built = buildScene(classic, position);
      if (!built.ok) throw new Error(built.error);
      // A label inside its province stays inside; one beside it (a province too small for its code at 20 px) points
      // into it with a leader line.
      const crossing = built.scene.labels
        .filter((l) => l.inside && !rectInsideShape(toMap(l.box, built.scene), g.shapes.get(l.province)!))
        .map((l) => l.province);
      expect(crossing).toEqual([]);
      for (const l of built.scene.labels) if (!l.inside) expect(l.leader, l.province).toBeDefined();
      expect(built.scene.labels.length).toBe(classic.data.provinces.length);
    }
  });

  it('Bohemia and the Alpine provinces hold a unit and a label (clearance and area)', () => {
    const g = geometryOfVariant(classic);
    const k = 1600 / g.width;
    for (const id of ['boh', 'tyr', 'pie', 'ven', 'tus', 'mun', 'vie']) {
      // A unit is 23 px across and a label 16 px tall at 1600 px.
      expect(g.shapes.get(id)!.clearance * k, id).toBeGreaterThanOrEqual(20);
      expect(areaAt1600(classic, id), id).toBeGreaterThan(3500);
    }
  });

  it('puts each split coast on its own water: the nearest sea border is one that coast reaches', () => {
    const g = geometryOfVariant(classic);
    const anchors = anchorsOf(classic, g);
    for (const p of classic.data.provinces.filter((q) => q.coasts.length > 0)) {
      for (const coast of p.coasts) {
        const at = anchors.get(`${p.id}/${coast}`)!;
        const reach = new Set((classic.data.fleetAdjacency[`${p.id}/${coast}`] ?? []).map((l) => l.split('/')[0]));
        const seas = g.borders.filter(
          (b) => (b.a === p.id || b.b === p.id) && classic.map.province(b.a === p.id ? b.b : b.a)?.kind === 'sea',
        );
        const nearest = seas.reduce((best, b) =>
          distanceToSegments(at, b.segments) < distanceToSegments(at, best.segments) ? b : best,
        );
        const sea = nearest.a === p.id ? nearest.b : nearest.a;
        expect(reach.has(sea), `${p.id}/${coast} stands by ${sea}`).toBe(true);
        expect(g.shapes.get(p.id) && computeInside(g, p.id, at), `${p.id}/${coast} on land`).toBe(true);
      }
    }
    // St Petersburg's north coast faces the Barents Sea, not a spit far out in it.
    const nc = anchors.get('stp/nc')!;
    const stp = g.shapes.get('stp')!;
    expect(distanceToSegments(nc, stp.outline)).toBeGreaterThan(3);
  });
});

function computeInside(g: MapGeometry, id: string, at: Point): boolean {
  return g.shapes.get(id)!.cells.some((i) => {
    const poly = g.cells[i].polygon;
    let inside = false;
    for (let a = 0, b = poly.length - 1; a < poly.length; b = a++) {
      if (
        poly[a][1] > at[1] !== poly[b][1] > at[1] &&
        at[0] < ((poly[b][0] - poly[a][0]) * (at[1] - poly[a][1])) / (poly[b][1] - poly[a][1]) + poly[a][0]
      )
        inside = !inside;
    }
    return inside;
  });
}

describe('lens projection', () => {
  it('round-trips latitude/longitude and magnifies the focus', () => {
    const p = projectionOf(warringStates.data.geometry)!;
    for (const [lat, lon] of [
      [34.8, 114.0],
      [26.0, 102.5],
      [43.0, 126.0],
    ] as const) {
      const [bl, bo] = p.unproject(p.project(lat, lon));
      expect(bl).toBeCloseTo(lat, 5);
      expect(bo).toBeCloseTo(lon, 5);
    }
    const degreeAt = (lon: number) => p.project(34.9, lon + 0.5)[0] - p.project(34.9, lon - 0.5)[0];
    expect(degreeAt(114.2) / degreeAt(103.5)).toBeGreaterThan(2.5);
    const flat = lensProjection({ ...lensProjectionSchema.parse(warringStates.data.geometry!.projection), gain: 0 });
    expect(flat.project(34.9, 114.2)[0]).toBeGreaterThan(0);
  });

  it('a geometry without a projection draws rivers through the chain anchors (old data keeps working)', () => {
    const data = structuredClone(warringStates.data);
    delete (data.geometry as Record<string, unknown>).projection;
    const v = buildVariant(parseVariantData(data));
    expect(projectionOf(v.data.geometry)).toBeNull();
    const g = computeGeometry(v.data);
    expect(g.ok).toBe(true);
  });
});
