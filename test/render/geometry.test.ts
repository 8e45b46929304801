import { describe, expect, it } from 'vitest';
import { checkGeometry, geometryProblems } from '../../src/render/check.js';
import { computeGeometry, geometryOf, OFFMAP_LAND } from '../../src/render/geometry.js';
import { classic, tinySides, tinyVariant } from './helpers.js';

describe('geometry from data', () => {
  it('builds one territory per Classic province, each with area', () => {
    const g = geometryOf(classic.data);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    for (const id of classic.map.provinceIds()) {
      const shape = g.geometry.shapes.get(id);
      expect(shape, id).toBeDefined();
      expect(shape!.area, id).toBeGreaterThan(100);
      expect(shape!.clearance, id).toBeGreaterThan(5);
    }
    expect(g.geometry.shapes.get(OFFMAP_LAND)?.kind).toBe('offmap-land');
  });

  it('merges cells of one province: no border between a province and itself', () => {
    const g = geometryOf(classic.data);
    if (!g.ok) throw new Error(g.error);
    expect(g.geometry.borders.every((b) => b.a !== b.b)).toBe(true);
    expect(g.geometry.shapes.get('nwy')!.cells.length).toBeGreaterThan(1);
  });

  it('reports bad geometry instead of throwing', () => {
    const v = tinyVariant(tinySides);
    const data = structuredClone(v.data);
    delete (data.geometry!.points as Record<string, unknown>).d;
    expect(computeGeometry(data)).toEqual({ ok: false, error: 'province d has no geometry points' });
    const outside = structuredClone(v.data);
    outside.geometry!.points.a = [[500, 50]];
    const r = computeGeometry(outside);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/outside the frame/);
    const none = structuredClone(v.data);
    delete none.geometry;
    expect(checkGeometry({ ...v, data: none })).toEqual([
      'variant tiny has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)',
    ]);
  });
});

describe('checkGeometry', () => {
  it('Classic: the drawn borders equal the official adjacency (zero problems)', () => {
    expect(checkGeometry(classic)).toEqual([]);
  });

  it('Classic: Switzerland is drawn and touches only its real neighbours', () => {
    const g = geometryOf(classic.data);
    if (!g.ok) throw new Error(g.error);
    const touching = g.geometry.borders
      .filter((b) => (b.a === 'swi' || b.b === 'swi') && b.length > 0.5)
      .map((b) => (b.a === 'swi' ? b.b : b.a))
      .sort();
    expect(touching.length).toBeGreaterThanOrEqual(4);
    for (const n of touching) expect(['bur', 'mar', 'mun', 'pie', 'tyr']).toContain(n);
  });

  it('accepts a board whose borders match its adjacency', () => {
    expect(checkGeometry(tinyVariant(tinySides))).toEqual([]);
  });

  it('reports a border between provinces that are not adjacent', () => {
    const problems = geometryProblems(tinyVariant({ a: ['c'], b: ['d'], c: ['a', 'd'], d: ['b', 'c'] }));
    expect(problems.map((p) => [p.kind, p.a, p.b])).toEqual([['extra-border', 'a', 'b']]);
    expect(problems[0].message).toMatch(/^a and b share a drawn border \(\d+\.\d px\) but are not adjacent$/);
  });

  it('reports adjacent provinces that share no border (a diagonal touching at one point does not count)', () => {
    const adj = { ...tinySides, a: ['b', 'c', 'd'], d: ['a', 'b', 'c'] };
    expect(checkGeometry(tinyVariant(adj))).toEqual(['a and d are adjacent but share no drawn border']);
  });

  it('does not require a border for a declared non-geometric link', () => {
    const adj = { ...tinySides, a: ['b', 'c', 'd'], d: ['a', 'b', 'c'] };
    expect(checkGeometry(tinyVariant(adj, { links: [{ from: 'a', to: 'd', kind: 'tunnel', power: null }] }))).toEqual(
      [],
    );
  });

  it('ignores borders with impassable provinces', () => {
    const v = tinyVariant({ a: ['c'], c: ['a', 'd'], d: ['c'] });
    const data = structuredClone(v.data);
    data.provinces.find((p) => p.id === 'b')!.kind = 'impassable';
    const withWall = tinyVariant({ a: ['c'], c: ['a', 'd'], d: ['c'] }, { provinces: data.provinces });
    expect(checkGeometry(withWall)).toEqual([]);
  });
});
