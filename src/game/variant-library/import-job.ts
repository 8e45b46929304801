/**
 * `/variant add`'s work on the files a server uploaded (docs/variants.md "A server's variants"), pure and synchronous
 * so that it runs in a worker thread (import-pool.ts): which format they are in, the import (src/variants/import),
 * the checks of `maps check` with the colours fitted (src/render/import-check.ts), the stored form (its id made from
 * its content), a summary, and the starting map drawn. Everything in and out survives `postMessage`.
 */
import { buildVariant } from '../../variants/build.js';
import { readVariantFile } from '../../variants/file.js';
import { nameMarkupProblem } from '../../variants/shown-names.js';
import { importDiplogm } from '../../variants/import/diplogm/index.js';
import { importPythonDiplomacy } from '../../variants/import/python/index.js';
import type { ImportResult } from '../../variants/import/result.js';
import { storedFormOf, type StoredVariantTexts } from '../../variants/stored.js';
import { buildScene } from '../../render/build-scene.js';
import { checkImport } from '../../render/import-check.js';
import { rasterizeSync } from '../../render/raster.js';

export interface UploadedFile {
  name: string;
  text: string;
}

export interface VariantUpload {
  /** `file:`: a variant file, a DiploGM config (`config.json`/`config.toml`) or a python-diplomacy `.map`. */
  file: UploadedFile;
  /** `svg:`: the SVG a DiploGM config or a `.map` is drawn with. */
  svg: UploadedFile | null;
  /** `name:`: the name the server gives it (default: the variant's own). */
  name: string | null;
}

/** What the server learns of a variant it adds (the private reply). */
export interface VariantSummary {
  name: string;
  provinces: number;
  centres: number;
  victory: number;
  powers: { name: string; homes: number; units: number }[];
}

export type VariantImportAnswer =
  | {
      ok: true;
      texts: StoredVariantTexts;
      summary: VariantSummary;
      /** Notes of the import (a colour drawn differently), one line each. */
      notes: string[];
      /** The starting position drawn, as PNG bytes. */
      png: Uint8Array;
    }
  | { ok: false; problems: string[] };

/** The formats `/variant add` reads, as `variants import --from` names them. */
export type UploadFormat = 'zhanguo' | 'diplogm' | 'python-diplomacy';

export function runVariantImport(upload: VariantUpload): VariantImportAnswer {
  const format = formatOf(upload.file);
  if (typeof format !== 'string') return format;
  if (format === 'zhanguo' && upload.svg)
    return refused(`${upload.svg.name}: a variant file carries its drawing; svg: is for a DiploGM or python map`);
  if (format === 'diplogm' && !upload.svg)
    return refused(`${upload.file.name}: a DiploGM config is drawn from the SVG it names: attach it as svg:`);
  const checked = checkImport(importOf(format, upload));
  if (!checked.ok) return { ok: false, problems: checked.problems };
  // The file's names were checked with its data (src/variants/shown-names.ts); the name the server gives is too.
  const renamed = upload.name ? nameMarkupProblem('name', upload.name) : null;
  if (renamed) return refused(renamed);
  const data = upload.name ? { ...checked.data, name: upload.name } : checked.data;
  if (!data.geometry)
    return refused(
      `${upload.file.name}: no drawing came with it; games here are played on a map: attach the map's SVG as svg:`,
    );
  const variant = buildVariant(data);
  const position = variant.startingPosition();
  const built = buildScene(variant, position, { width: 1600 });
  if (!built.ok) return refused(`the starting map cannot be drawn: ${built.error}`);
  const centres = variant.data.provinces.filter((p) => p.supplyCenter);
  return {
    ok: true,
    texts: storedFormOf(data),
    summary: {
      name: data.name,
      provinces: data.provinces.length,
      centres: centres.length,
      victory: variant.victory.centers,
      powers: variant.powers.map((p) => ({
        name: p.name,
        homes: centres.filter((c) => c.home === p.name).length,
        units: position.units.filter((u) => u.power === p.name).length,
      })),
    },
    notes: checked.notes,
    png: new Uint8Array(rasterizeSync(built.scene)),
  };
}

const refused = (problem: string): VariantImportAnswer => ({ ok: false, problems: [problem] });

/** The format of `file:` by its name, and for JSON by what it holds (a variant file has `provinces`). */
function formatOf(file: UploadedFile): UploadFormat | VariantImportAnswer {
  const name = file.name.toLowerCase();
  if (name.endsWith('.map')) return 'python-diplomacy';
  if (name.endsWith('.toml')) return 'diplogm';
  if (name.endsWith('.json')) {
    let raw: unknown;
    try {
      raw = JSON.parse(file.text);
    } catch (e) {
      return refused(`${file.name}: not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
    return isObject && 'provinces' in (raw as object) ? 'zhanguo' : 'diplogm';
  }
  return refused(
    `${file.name}: give a variant file (.json), a DiploGM config.json or config.toml with its SVG, or a python-diplomacy .map`,
  );
}

function importOf(format: UploadFormat, upload: VariantUpload): ImportResult {
  const { file, svg } = upload;
  if (format === 'zhanguo') return readVariantFile(file.text, file.name);
  if (format === 'diplogm')
    // The config names its SVG (`file`): the one uploaded stands for it whatever it is called.
    return importDiplogm({ config: file, read: (name) => (name.toLowerCase().endsWith('.svg') ? svg!.text : null) });
  return importPythonDiplomacy({ map: file, read: () => null, alone: true, svg });
}
