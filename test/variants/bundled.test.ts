/**
 * The bundled variants load their `map.json` without zod (src/variants/bundled.ts): the data they get must be what
 * the zod schema makes of the same file, key order included, and every bundled variant's data must be valid.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseVariantData } from '../../src/variants/build.js';
import { bundledVariantData } from '../../src/variants/bundled.js';
import { allVariants } from '../../src/variants/index.js';

const json = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('bundled variant data', () => {
  for (const id of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
    it(`${id}: the defaults filled in without zod are exactly what the schema returns`, () => {
      const geometryFile = `../../src/variants/${id}/geometry.json`;
      const raw = {
        ...json(`../../src/variants/${id}/map.json`),
        ...(existsSync(new URL(geometryFile, import.meta.url)) ? { geometry: json(geometryFile) } : {}),
      };
      expect(JSON.stringify(bundledVariantData(raw))).toBe(JSON.stringify(parseVariantData(raw, id)));
    });
  }

  it('fills every default of the schema (a minimal file)', () => {
    const raw = {
      id: 'mini',
      name: 'Mini',
      powers: [
        { color: '#000000', name: 'A' },
        { name: 'B', color: '#ffffff' },
      ],
      provinces: [
        { id: 'x', name: 'X', abbreviation: 'X', kind: 'land', supplyCenter: true, home: 'A' },
        { id: 'y', name: 'Y', abbreviation: 'Y', kind: 'land', supplyCenter: false, home: null, aliases: ['why'] },
      ],
      armyAdjacency: { x: ['y'], y: ['x'] },
      fleetAdjacency: {},
      startingPhase: { year: 1, season: 'spring', type: 'movement' },
      startingUnits: [{ type: 'A', power: 'A', province: 'x' }],
      victory: { centers: 2 },
      links: [{ from: 'x', to: 'y', kind: 'tunnel' }],
      geometry: { extra: 1, width: 10, height: 10, points: { x: [[1, 1]], y: [[5, 5]] }, offmap: { land: [[0, 0]] } },
    };
    expect(JSON.stringify(bundledVariantData(raw))).toBe(JSON.stringify(parseVariantData(raw)));
  });

  it('every bundled variant, as built, is valid data (parsing it again changes nothing)', () => {
    for (const v of allVariants()) expect(JSON.stringify(parseVariantData(v.data, v.id))).toBe(JSON.stringify(v.data));
  });
});

describe('lazy variant loaders', () => {
  it("list the eager registry's variants, in its order, and load the same objects", async () => {
    const { BUNDLED_VARIANT_IDS, loadVariant } = await import('../../src/variants/loaders.js');
    const { variantIds, getVariant } = await import('../../src/variants/index.js');
    expect(BUNDLED_VARIANT_IDS).toEqual(variantIds());
    for (const id of BUNDLED_VARIANT_IDS) expect(await loadVariant(id.toUpperCase())).toBe(getVariant(id));
    expect(await loadVariant('toString')).toBeUndefined();
    expect(await loadVariant('nope')).toBeUndefined();
  });
});
