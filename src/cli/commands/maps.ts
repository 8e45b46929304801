/**
 * `maps show <variant>` and `maps check` (contract: docs/cli.md).
 */
import { basename } from 'node:path';
import type { Variant } from '../../engine/variant.js';
import {
  EXIT,
  InputError,
  jsonResult,
  loadVariants,
  parseFlags,
  readText,
  RefusedInput,
  runCommand,
  variantById,
  variantFromFile,
  type CommandResult,
} from '../io.js';

export async function mapsCommand(args: string[]): Promise<CommandResult> {
  const [sub, ...rest] = args;
  if (sub === 'show') return runCommand(() => showCommand(rest));
  if (sub === 'check') return runCommand(() => checkCommand(rest));
  return runCommand(() => {
    throw new InputError(
      sub
        ? `unknown maps command "${sub}" (use: maps show <variant>, maps check)`
        : 'missing maps command (use: maps show <variant>, maps check)',
    );
  });
}

async function showCommand(args: string[]): Promise<CommandResult> {
  const flags = parseFlags(args, ['variant', 'variant-file']);
  const file = flags.values.get('variant-file');
  if (flags.positional.length > 1) throw new InputError(`unexpected argument "${flags.positional[1]}"`);
  const named = [flags.positional[0], flags.values.get('variant'), file].filter((v) => v !== undefined);
  if (named.length > 1)
    throw new InputError('give one variant: maps show <variant> or maps show --variant-file <map.json>');
  const id = flags.positional[0] ?? flags.values.get('variant');
  if (!file && !id) throw new InputError('which variant? (maps show <variant>)');
  await loadVariants(file ? [] : [id], file ? flags : undefined);
  return jsonResult(describeVariant(file ? variantFromFile(file) : variantById(id!)));
}

/** The map and set-up as JSON: the contract's fields plus what the data adds (aliases, colours, links, features). */
export function describeVariant(variant: Variant) {
  const { data, map } = variant;
  const start = variant.startingPosition();
  const adjacency: Record<string, string[]> = {};
  for (const id of map.provinceIds()) adjacency[id] = [...map.neighbours(id)].sort();
  return {
    id: variant.id,
    name: variant.name,
    description: variant.description,
    powers: data.powers.map((p) => ({ ...p, homeCenters: map.homeCenters(p.name) })),
    provinces: data.provinces.map((p) => ({
      id: p.id,
      name: p.name,
      abbreviation: p.abbreviation,
      aliases: p.aliases,
      ...(p.localName ? { localName: p.localName } : {}),
      kind: p.kind,
      supplyCenter: p.supplyCenter,
      home: p.home,
      coasts: p.coasts,
    })),
    adjacency,
    armyAdjacency: data.armyAdjacency,
    fleetAdjacency: data.fleetAdjacency,
    startingPhase: data.startingPhase,
    startingUnits: start.units,
    startingCenters: start.supplyCenters,
    victory: data.victory,
    builds: data.builds ?? 'home',
    links: data.links,
    features: data.features,
  };
}

async function checkCommand(args: string[]): Promise<CommandResult> {
  const flags = parseFlags(args, ['variant-file']);
  if (flags.positional.length > 0) throw new InputError(`unexpected argument "${flags.positional[0]}"`);
  // The checks every import and every --variant-file run too (src/render/import-check.ts: one implementation).
  const { checkVariant } = await import('../../render/import-check.js');
  const file = flags.values.get('variant-file');
  let stderr = '';
  let variants: Variant[];
  if (file) {
    // A variant file that is not valid map data is reported like any other problem: one line each, exit 1.
    const read = await readFile(file);
    if (!read.ok) return jsonResult(read.report, `maps check: problems in ${file}\n`, EXIT.failed);
    variants = [read.variant];
  } else variants = (await import('../../variants/index.js')).allVariants();
  const report: Record<string, { ok: boolean; problems: string[] }> = {};
  for (const v of variants) {
    const problems = [...(file ? [] : await schemaProblems(v)), ...checkVariant(v)];
    // A variant file may come without a drawing (an import without its SVG): its data alone is checked, as the import
    // checked it (docs/variants.md "Variant files"). A bundled variant is always drawn.
    if (!v.data.geometry)
      stderr += `maps check: ${v.id} has no drawing (geometry): its data was checked, not its drawing\n`;
    report[v.id] = { ok: problems.length === 0, problems };
  }
  const failed = Object.values(report).some((r) => !r.ok);
  if (failed)
    stderr += `maps check: problems in ${Object.entries(report)
      .filter(([, r]) => !r.ok)
      .map(([id]) => id)
      .join(', ')}\n`;
  return jsonResult(report, stderr, failed ? EXIT.failed : EXIT.ok);
}

/** A bundled variant's data through the schema (bundled variants are built without zod: src/variants/bundled.ts). */
async function schemaProblems(v: Variant): Promise<string[]> {
  const { parseVariantData, VariantDataError } = await import('../../variants/build.js');
  try {
    parseVariantData(v.data, `${v.id} map data`);
    return [];
  } catch (e) {
    if (e instanceof VariantDataError) return [e.message.replace(/:\n\s*/, ': ').replace(/\n\s*/g, '; ')];
    throw e;
  }
}

/**
 * A variant file built from its data, or the report of one the schema refuses (each problem naming its province),
 * under its file name. Read here rather than as `--variant-file` (src/cli/io.ts), which refuses a file with problems:
 * `maps check` reports them.
 */
async function readFile(
  file: string,
): Promise<{ ok: true; variant: Variant } | { ok: false; report: Record<string, { ok: false; problems: string[] }> }> {
  let text: string;
  try {
    text = readText(file);
  } catch (e) {
    if (e instanceof RefusedInput) throw e;
    throw new InputError(`cannot read variant file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { readVariantFile } = await import('../../variants/file.js');
  const read = readVariantFile(text, basename(file));
  if (!read.ok) return { ok: false, report: { [basename(file)]: { ok: false, problems: read.problems } } };
  const { buildVariant } = await import('../../variants/build.js');
  return { ok: true, variant: buildVariant(read.data) };
}
