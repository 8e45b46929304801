/**
 * Province ids may hold `_` and `-` (src/variants/schema.ts): an order written with the id, as the CLI prints it, is
 * read back (imported variants name provinces `st_petersburg`, `mid_atlantic_ocean`).
 */
import { describe, expect, it } from 'vitest';
import { parseOrder } from '../../../src/engine/parse/index.js';
import { buildVariant } from '../../../src/variants/build.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;
const renamed: Record<string, string> = { stp: 'st_petersburg', mao: 'mid_atlantic_ocean', nth: 'north-sea' };
const rename = (loc: string) => {
  const [p, coast] = loc.split('/');
  const id = renamed[p!] ?? p!;
  return coast ? `${id}/${coast}` : id;
};
const data = classic.data;
const variant = buildVariant({
  ...data,
  provinces: data.provinces.map((p) => ({ ...p, id: rename(p.id) })),
  armyAdjacency: Object.fromEntries(Object.entries(data.armyAdjacency).map(([k, v]) => [rename(k), v.map(rename)])),
  fleetAdjacency: Object.fromEntries(Object.entries(data.fleetAdjacency).map(([k, v]) => [rename(k), v.map(rename)])),
  startingUnits: data.startingUnits.map((u) => ({ ...u, province: rename(u.province) })),
});

describe('province ids with underscores and hyphens', () => {
  it.each([
    ['F st_petersburg/sc - bot', 'F st_petersburg/sc - bot'],
    ['F ST_PETERSBURG (nc) - bar', 'F st_petersburg/nc - bar'],
    ['A mos - st_petersburg', 'A mos - st_petersburg'],
    ['F mid_atlantic_ocean - spa/nc', 'F mid_atlantic_ocean - spa/nc'],
    ['F Mid-Atlantic Ocean S F bre - gas', 'F mid_atlantic_ocean S F bre - gas'],
    ['F north-sea - nwy', 'F north-sea - nwy'],
    ['F edi - north-sea', 'F edi - north-sea'],
    ['A Moscow - St. Petersburg', 'A mos - st_petersburg'],
  ])('%s', (text, normalized) => {
    const r = parseOrder(variant, text);
    expect(r).toMatchObject({ ok: true, text: normalized });
  });

  it('an order printed by the parser reads back as itself', () => {
    const first = parseOrder(variant, 'F St Petersburg south coast S A Moscow - Livonia');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(parseOrder(variant, first.text)).toMatchObject({ ok: true, text: first.text });
  });
});
