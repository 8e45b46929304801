/**
 * The bundled variants load their `map.json` and `geometry.json` without zod (src/variants/define.ts `bundledData`):
 * each file must be stored exactly as the schema outputs it, defaults filled in, in its key order, and every bundled
 * variant's data must be valid. The registry and the lazy loaders read one list (src/variants/bundled.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseVariantData } from '../../src/variants/build.js';
import { BUNDLED_VARIANT_IDS, loadDefinition, loadVariant } from '../../src/variants/bundled.js';
import { allVariants, getVariant, pluginOf, variantIds } from '../../src/variants/index.js';
import { geometrySchema } from '../../src/variants/schema.js';

const text = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('bundled variant files', () => {
  for (const id of BUNDLED_VARIANT_IDS) {
    it(`${id}: map.json is stored as the schema outputs it`, () => {
      const stored = JSON.parse(text(`../../src/variants/${id}/map.json`)) as unknown;
      expect(JSON.stringify(parseVariantData(stored, id))).toBe(JSON.stringify(stored));
    });
    const geometryFile = `../../src/variants/${id}/geometry.json`;
    if (existsSync(new URL(geometryFile, import.meta.url)))
      it(`${id}: geometry.json is stored as the schema outputs it`, () => {
        const stored = JSON.parse(text(geometryFile)) as unknown;
        expect(JSON.stringify(geometrySchema.parse(stored))).toBe(JSON.stringify(stored));
      });
  }

  it('a file with a default left out is caught (the check can fail)', () => {
    const stored = JSON.parse(text('../../src/variants/classic/map.json')) as { victory: Record<string, unknown> };
    delete stored.victory.strictlyMost;
    expect(JSON.stringify(parseVariantData(stored, 'classic'))).not.toBe(JSON.stringify(stored));
  });

  it('every bundled variant, as built, is valid data (parsing it again changes nothing)', () => {
    for (const v of allVariants()) expect(JSON.stringify(parseVariantData(v.data, v.id))).toBe(JSON.stringify(v.data));
  });
});

describe('one list of bundled variants', () => {
  it("the registry holds the list's definitions, in its order: the same variant and plug-in objects", async () => {
    expect(variantIds()).toEqual(BUNDLED_VARIANT_IDS);
    for (const id of BUNDLED_VARIANT_IDS) {
      const definition = (await loadDefinition(id.toUpperCase()))!;
      expect(definition.variant).toBe(getVariant(id));
      expect(definition.plugin).toBe(pluginOf(id));
      expect(await loadVariant(id)).toBe(definition.variant);
    }
  });

  it('an unknown id loads nothing', async () => {
    expect(await loadVariant('toString')).toBeUndefined();
    expect(await loadVariant('nope')).toBeUndefined();
  });
});
