import { describe, expect, it } from 'vitest';
import { computeGeometry, geometryOf, sitesOf, type MapGeometry, type Sites } from '../../src/render/geometry.js';
import type { VariantData } from '../../src/variants/schema.js';
import {
  decodeGeometry,
  encodeGeometry,
  geometryInputHash,
  readStoredGeometry,
} from '../../src/render/geometry-store.js';
import { allVariants } from '../../src/variants/index.js';
import { classic } from '../../src/variants/classic/index.js';

const withoutLocate = ({ locate: _locate, ...rest }: MapGeometry) => rest;

function sitesAndHash(data: VariantData): { sites: Sites; hash: string } {
  const sites = sitesOf(data);
  if (!sites.ok) throw new Error(sites.error);
  return { sites, hash: geometryInputHash(data, sites) };
}

describe('stored geometry (assets/geometry/<variant>.bin)', () => {
  for (const variant of allVariants()) {
    it(`${variant.id}: regenerating it gives the same bytes (else run \`npm run -s geometry\`), and it loads as computed`, () => {
      const computed = computeGeometry(variant.data);
      if (!computed.ok) throw new Error(computed.error);
      const { sites, hash } = sitesAndHash(variant.data);
      const stored = readStoredGeometry(variant.id);
      expect(stored, `assets/geometry/${variant.id}.bin is missing: run \`npm run -s geometry\``).not.toBeNull();
      expect(
        stored!.equals(encodeGeometry(computed.geometry, hash)),
        `assets/geometry/${variant.id}.bin is stale: run \`npm run -s geometry\``,
      ).toBe(true);

      expect(decodeGeometry(stored!, hash, sites)).toEqual(withoutLocate(computed.geometry));
      // geometryOf reads the stored file (equal to the computed geometry in every number), and locates alike.
      const loaded = geometryOf(variant.data);
      if (!loaded.ok) throw new Error(loaded.error);
      expect(withoutLocate(loaded.geometry)).toEqual(withoutLocate(computed.geometry));
      const { width, height } = computed.geometry;
      for (let k = 0; k < 200; k++) {
        const p: [number, number] = [((k * 37) % 101) * (width / 100), ((k * 53) % 97) * (height / 96)];
        expect(loaded.geometry.locate(p)).toBe(computed.geometry.locate(p));
      }
      expect(loaded.geometry.locate([-1, 5])).toBeNull();
    });
  }

  it('is ignored for other data: a moved seed is computed afresh', () => {
    const data = structuredClone(classic.data);
    const [x, y] = data.geometry!.points.mun![0]!;
    data.geometry!.points.mun![0] = [x + 1.5, y];
    const { sites, hash } = sitesAndHash(data);
    expect(hash).not.toBe(sitesAndHash(classic.data).hash);
    expect(decodeGeometry(readStoredGeometry('classic')!, hash, sites)).toBeNull();
    const g = geometryOf(data);
    const fresh = computeGeometry(data);
    if (!g.ok || !fresh.ok) throw new Error('no geometry');
    expect(withoutLocate(g.geometry)).toEqual(withoutLocate(fresh.geometry));
  });

  it('never throws on damaged bytes: they are ignored', () => {
    const stored = readStoredGeometry('classic')!;
    const { sites, hash } = sitesAndHash(classic.data);
    expect(decodeGeometry(stored.subarray(0, 7), hash, sites)).toBeNull();
    expect(decodeGeometry(stored.subarray(0, 3000), hash, sites)).toBeNull();
    const garbled = Buffer.from(stored);
    garbled.write('}}', 8); // the header is no longer JSON
    expect(decodeGeometry(garbled, hash, sites)).toBeNull();
    expect(decodeGeometry(Buffer.from('not a geometry file at all'), hash, sites)).toBeNull();
    // An unaligned copy decodes the same.
    const unaligned = new Uint8Array(stored.length + 1).subarray(1);
    unaligned.set(stored);
    expect(decodeGeometry(unaligned, hash, sites)).toEqual(decodeGeometry(stored, hash, sites));
    expect(readStoredGeometry('../package')).toBeNull();
    expect(readStoredGeometry('no-such-variant')).toBeNull();
  });
});
