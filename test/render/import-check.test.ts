/**
 * The last step of an import (src/render/import-check.ts) sizes a drawn map's labels for Discord's 550 px preview
 * (docs/render.md, `geometry.labelSize`): a DiploGM-format and a python-format Classic, drawn as the project's own, get Classic's
 * 20 px codes (the renderer's default, 14 px, is 4.8 px there), most of them inside their province; a size the
 * variant gives is kept; a map without a drawing gets none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScene } from '../../src/render/build-scene.js';
import { checkImport, importLabelSize } from '../../src/render/import-check.js';
import { buildVariant } from '../../src/variants/build.js';
import { importDiplogm } from '../../src/variants/import/diplogm/index.js';
import { importPythonDiplomacy } from '../../src/variants/import/python/index.js';
import type { VariantData } from '../../src/variants/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { diplogmFolder, pythonMapFile, pythonSvg } from '../support/variant-formats.js';

const classic = getVariant('classic')!;
let diplogm: VariantData;
let python: VariantData;

function checked(r: ReturnType<typeof checkImport>): VariantData {
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.data;
}

beforeAll(() => {
  const folder = diplogmFolder(classic);
  diplogm = checked(
    checkImport(
      importDiplogm({
        config: { name: 'config.json', text: JSON.stringify(folder.config) },
        read: (name) => (name === 'map.svg' ? folder.svg : null),
      }),
    ),
  );
  python = checked(
    checkImport(
      importPythonDiplomacy({
        map: { name: 'classic.map', text: pythonMapFile(classic) },
        read: () => null,
        svg: { name: 'classic.svg', text: pythonSvg(classic) },
      }),
    ),
  );
});

describe('an imported drawing', () => {
  it.each([
    ['DiploGM', () => diplogm],
    ['python', () => python],
  ])('from %s gets labels of 20 px, four in five of them inside their province', (_, data) => {
    expect(data().geometry?.labelSize).toBe(20);
    const v = buildVariant(data());
    const built = buildScene(v, v.startingPosition());
    if (!built.ok) throw new Error(built.error);
    const { labels } = built.scene;
    expect(labels.every((l) => l.size === labels[0]!.size)).toBe(true);
    expect(labels.filter((l) => l.inside).length / labels.length).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the label size the variant gives, and a map without a drawing gets none', () => {
    expect(importLabelSize({ ...diplogm, geometry: { ...diplogm.geometry!, labelSize: 15 } })).toBeUndefined();
    const { geometry: _drawing, ...bare } = diplogm;
    expect(importLabelSize(bare as VariantData)).toBeUndefined();
  });
});
