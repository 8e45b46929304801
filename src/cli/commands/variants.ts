/**
 * `variants import --from zhanguo|diplogm|python-diplomacy <path> [--svg <file>] [--out <variant.json>]`
 * (contract: docs/cli.md, docs/variants.md): reads a variant in one of the formats, checks it as `maps check` does,
 * and writes one variant file (stdout without `--out`). Exit 1 with one line per problem on stderr when the input is
 * wrong, 2 for bad usage; nothing is written then. Notes (a colour drawn differently, no starting units) go to stderr.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DiplogmFiles } from '../../variants/import/diplogm/index.js';
import type { ImportResult } from '../../variants/import/result.js';
import { EXIT, InputError, parseFlags, RefusedInput, readText, runCommand, type CommandResult } from '../io.js';

const FORMATS = ['zhanguo', 'diplogm', 'python-diplomacy'] as const;
type Format = (typeof FORMATS)[number];

export async function variantsCommand(args: string[]): Promise<CommandResult> {
  return runCommand(async () => {
    const [sub, ...rest] = args;
    if (sub !== 'import')
      throw new InputError(
        'usage: variants import --from zhanguo|diplogm|python-diplomacy <path> [--svg <file>] [--out <variant.json>]',
      );
    const flags = parseFlags(rest, ['from', 'svg', 'out']);
    const from = (flags.values.get('from') ?? 'zhanguo') as Format;
    if (!FORMATS.includes(from)) throw new InputError(`--from is one of ${FORMATS.join(', ')} (got "${from}")`);
    if (flags.positional.length !== 1)
      throw new InputError('variants import needs one path: the file or folder to read');
    const path = flags.positional[0]!;
    if (!existsSync(path)) throw new InputError(`${path}: no such file or folder`);
    const svg = flags.values.get('svg');
    if (svg !== undefined && !existsSync(svg)) throw new InputError(`${svg}: no such file`);
    if (svg !== undefined && from !== 'python-diplomacy')
      throw new InputError('--svg is for --from python-diplomacy (a DiploGM config names its SVG itself)');
    const { result, notes } = await importFrom(from, path, svg);
    return finishImport(result, flags.values.get('out'), notes);
  });
}

/** The import, and notes on what was read (a family folder's version chosen among ties). */
async function importFrom(
  from: Format,
  path: string,
  svg: string | undefined,
): Promise<{ result: ImportResult; notes: string[] }> {
  if (from === 'diplogm') {
    const { importDiplogm } = await import('../../variants/import/diplogm/index.js');
    const { files, notes } = diplogmFiles(path);
    return { result: importDiplogm(files), notes };
  }
  if (from === 'python-diplomacy') {
    const { importPythonDiplomacy } = await import('../../variants/import/python/index.js');
    if (statSync(path).isDirectory()) throw new InputError(`${path}: give the .map file itself`);
    const folder = dirname(path);
    const result = importPythonDiplomacy({
      map: { name: basename(path), text: readText(path) },
      read: (name) => readIfFile(join(folder, name)),
      svg: svg === undefined ? null : { name: basename(svg), text: readText(svg) },
    });
    return { result, notes: [] };
  }
  const { readVariantFile } = await import('../../variants/file.js');
  if (statSync(path).isDirectory()) throw new InputError(`${path}: give the variant file itself`);
  return { result: readVariantFile(readText(path), basename(path)), notes: [] };
}

/**
 * A DiploGM variant on disk: `path` is its config, its folder, or a family folder of versions (the newest version
 * with a config is read, as DiploGM picks it, the last by name among those it cannot order, with a note); a family
 * folder's own config is merged under the version's.
 */
function diplogmFiles(path: string): { files: DiplogmFiles; notes: string[] } {
  const notes: string[] = [];
  const configIn = (dir: string) => ['config.toml', 'config.json'].find((f) => existsSync(join(dir, f)));
  let dir = statSync(path).isDirectory() ? path : dirname(path);
  let name = statSync(path).isDirectory() ? configIn(dir) : basename(path);
  if (!name) {
    const versions = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && configIn(join(dir, e.name)))
      .map((e) => e.name)
      .sort((a, b) => compareVersions(b, a) || byName(b, a));
    if (versions.length === 0) throw new InputError(`${path}: no config.json or config.toml here`);
    const newest = versions.filter((v) => compareVersions(v, versions[0]!) === 0);
    if (newest.length > 1) notes.push(unordered(path, newest.reverse()));
    dir = join(dir, versions[0]!);
    name = configIn(dir)!;
  }
  const parentDir = dirname(dir);
  const parentName = configIn(parentDir);
  const units = join(dir, 'units');
  const files: DiplogmFiles = {
    config: { name, text: readText(join(dir, name)) },
    ...(parentName && parentDir !== dir
      ? { parent: { name: parentName, text: readText(join(parentDir, parentName)) } }
      : {}),
    read: (file) => readIfFile(join(dir, file)),
    unitTypes: existsSync(units) ? readdirSync(units).filter((f) => f.endsWith('.toml')) : [],
  };
  return { files, notes };
}

/**
 * DiploGM's order of versions (`sanitise.py`'s `_version_key`): the part after the first dot read as a PEP 440 version
 * (`impdip.1.10` after `impdip.1.9`, `2.0` after `2.0b1`), anything else as version 0.
 */
function compareVersions(a: string, b: string): number {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < Math.max(x.release.length, y.release.length); i++) {
    const d = (x.release[i] ?? 0) - (y.release[i] ?? 0);
    if (d !== 0) return d;
  }
  for (let i = 0; i < x.rest.length; i++) if (x.rest[i] !== y.rest[i]) return x.rest[i]! < y.rest[i]! ? -1 : 1;
  return 0;
}

const PEP440 =
  /^v?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|c|rc|pre|preview)[-_.]?(\d*))?(?:[-_.]?(?:post|rev|r)[-_.]?(\d*)|-(\d+))?(?:[-_.]?dev[-_.]?(\d*))?$/i;
const PRE: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 };

/** A version as packaging compares it: release numbers, then pre-release, post-release and development marks. */
function versionKey(name: string): { release: number[]; rest: number[] } {
  const m = PEP440.exec(name.split('.').slice(1).join('.'));
  if (!m) return { release: [0], rest: [Infinity, 0, -Infinity, Infinity] };
  const [, release, pre, preN, postN, postDash, devN] = m;
  const post = postN ?? postDash;
  const dev = devN === undefined ? Infinity : Number(devN || 0);
  const preKey = pre
    ? [PRE[pre.toLowerCase()]!, Number(preN || 0)]
    : post === undefined && dev !== Infinity
      ? [-Infinity, 0]
      : [Infinity, 0];
  return {
    release: release!.split('.').map(Number),
    rest: [...preKey, post === undefined ? -Infinity : Number(post || 0), dev],
  };
}

/** `b1.1` after `b1`, `chaos` after both: names compared by their runs of letters and of digits (as numbers). */
function byName(a: string, b: string): number {
  const parts = (s: string) => s.match(/\d+|[a-z]+/gi) ?? [];
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? '', pb[i] ?? ''];
    const diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The note on a family whose newest version DiploGM cannot tell (its pick would be the folder listing's first): the
 * one read is the last by name (`versions` in name order).
 */
function unordered(path: string, versions: string[]): string {
  const list = `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
  return `${path}: versions ${list} carry no version number to tell the newest (DiploGM would read the one its folder lists first); read ${versions.at(-1)}, the last by name (give a version's folder to read another)`;
}

/** The file's text, or null when there is no such file; a file over the size limit is refused (`readText`). */
function readIfFile(path: string): string | null {
  try {
    return statSync(path).isFile() ? readText(path) : null;
  } catch (e) {
    if (e instanceof RefusedInput) throw e;
    return null;
  }
}

/** Colours fitted, the data checked as `maps check` checks it (src/render/import-check.ts); written only when nothing is wrong. */
async function finishImport(result: ImportResult, out: string | undefined, read: string[]): Promise<CommandResult> {
  const { checkImport } = await import('../../render/import-check.js');
  const checked = checkImport(result);
  const readNotes = read.map((n) => `note: ${n}\n`).join('');
  if (!checked.ok) return { ...failed(checked.problems), stderr: readNotes + failed(checked.problems).stderr };
  const text = `${JSON.stringify(checked.data, null, 2)}\n`;
  const notes = readNotes + checked.notes.map((n) => `note: ${n}\n`).join('');
  if (!out) return { code: EXIT.ok, stdout: text, stderr: notes };
  try {
    writeFileSync(out, text);
  } catch (e) {
    throw new InputError(`cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { code: EXIT.ok, stdout: '', stderr: `${notes}wrote ${out}\n` };
}

const failed = (problems: string[]): CommandResult => ({
  code: EXIT.failed,
  stdout: '',
  stderr: problems.map((p) => `${p}\n`).join(''),
});
