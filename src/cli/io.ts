/**
 * Plumbing shared by the CLI commands (contract: docs/cli.md). A command is a function of its arguments and its
 * stdin text that returns what to print and the exit code, so tests run it in-process.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { CLI_DEFAULT_LEVEL, isLevel, LEVELS, type Level } from '../ai/levels.js';
import type { Variant } from '../engine/variant.js';
import { InputError } from '../variants/case/error.js';
import { BUNDLED_VARIANT_IDS, loadVariant } from '../variants/bundled.js';

export interface CommandResult {
  /** 0: input read (even with illegal orders); 1: a check failed or an internal error; 2: unreadable input or usage. */
  code: number;
  /** JSON only. */
  stdout: string;
  /**
   * `stdout` already encoded as UTF-8, in pieces that are each valid UTF-8, for large outputs (`ByteSink`): the
   * process writes these and never builds the string (`stdout` then decodes them when read).
   */
  stdoutBytes?: readonly Uint8Array[];
  /** Diagnostics. */
  stderr: string;
}

/** Bytes of one piece of a `ByteSink`. */
const SINK_PIECE = 1 << 20;

/**
 * Output text gathered as UTF-8 bytes outside the JavaScript heap, a piece at a time: 10 MiB of JSON kept as
 * strings until the end was copied by every young-generation collection it survived, then joined and encoded
 * again to be written. Each `write` lands whole in one piece, so every piece is valid UTF-8 on its own.
 */
export class ByteSink {
  private readonly done: Uint8Array[] = [];
  private piece = Buffer.allocUnsafe(SINK_PIECE);
  private used = 0;

  write(text: string): void {
    // A string of n UTF-16 code units takes at most 3n bytes of UTF-8.
    const most = text.length * 3;
    if (this.used + most > this.piece.length) {
      this.close();
      if (most > SINK_PIECE) {
        this.done.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.piece.write(text, this.used, 'utf8');
  }

  /** The bytes written so far, in order. */
  pieces(): Uint8Array[] {
    this.close();
    return [...this.done];
  }

  private close(): void {
    if (this.used === 0) return;
    this.done.push(this.piece.subarray(0, this.used));
    this.piece = Buffer.allocUnsafe(SINK_PIECE);
    this.used = 0;
  }
}

/** A result whose stdout is the sink's bytes (the string is made only if someone reads `stdout`). */
export function bytesResult(sink: ByteSink, stderr = '', code: number = EXIT.ok): CommandResult {
  const pieces = sink.pieces();
  return {
    code,
    stderr,
    stdoutBytes: pieces,
    get stdout() {
      return Buffer.concat(pieces).toString('utf8');
    },
  };
}

/** The exit codes of the contract. */
export const EXIT = { ok: 0, failed: 1, unreadable: 2 } as const;

export function jsonResult(value: unknown, stderr = '', code: number = EXIT.ok): CommandResult {
  return { code, stdout: `${formatJson(value)}\n`, stderr };
}

/**
 * Compact JSON (one line): the output is read by tools first, and the compact writer is the fast one (a
 * pretty-printer cost more than adjudicating 2,000 cases did). People pipe it through `jq` to read it.
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** Exit 2 with a one-line reason on stderr (a list after a colon joins it as `x is invalid: a; b`, docs/cli.md). */
export function unreadable(reason: string): CommandResult {
  const line = reason
    .trim()
    .replace(/:\s*\n\s*/g, ': ')
    .replace(/\s*\n\s*/g, '; ');
  return { code: EXIT.unreadable, stdout: '', stderr: `${line}\n` };
}

/** Thrown inside a command for input it cannot read; turned into exit 2 by `runCommand` (shared with the case reader). */
export { InputError };

/**
 * What stderr says of an error that is a bug, not bad input: one line, its first; the stack follows only for whoever
 * asked for it with `LOG_LEVEL=debug` (or `trace`), as the bot's logs do (docs/cli.md).
 */
export function internalError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const line = `internal error: ${message.split('\n')[0]} (a bug in Zhanguo: please report it with the input)\n`;
  const debug = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
  return debug && e instanceof Error && e.stack ? `${line}${e.stack}\n` : line;
}

/**
 * Input that was read but is wrong, refused as `maps check` and `variants import` refuse it (docs/cli.md): exit 1, one
 * line per problem on stderr.
 */
export class RefusedInput extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'RefusedInput';
  }
}

/**
 * Run a command body, turning `InputError` into exit 2, `RefusedInput` into exit 1 with its problems, and anything
 * else into exit 1 (`internalError`'s one line).
 */
export async function runCommand(body: () => CommandResult | Promise<CommandResult>): Promise<CommandResult> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof InputError) return unreadable(e.message);
    if (e instanceof RefusedInput)
      return { code: EXIT.failed, stdout: '', stderr: e.problems.map((p) => `${p}\n`).join('') };
    return { code: EXIT.failed, stdout: '', stderr: internalError(e) };
  }
}

export interface Flags {
  /** `--name value` pairs. */
  values: Map<string, string>;
  /** Arguments that are not flags, in order. */
  positional: string[];
}

/**
 * Read `--name value` / `--name=value` flags; only the names in `known` are accepted. `switches` are flags without a
 * value (`--dynasty-cards`), read as `'true'` when present.
 */
export function parseFlags(args: readonly string[], known: readonly string[], switches: readonly string[] = []): Flags {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (switches.includes(name)) {
      if (eq >= 0) throw new InputError(`option --${name} takes no value`);
      values.set(name, 'true');
      continue;
    }
    if (!known.includes(name)) {
      const all = [...known, ...switches].map((k) => `--${k}`).join(', ');
      throw new InputError(`unknown option --${name} (known: ${all || 'none'})`);
    }
    const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') throw new InputError(`option --${name} needs a value`);
    values.set(name, value);
  }
  return { values, positional };
}

/** The bundled variants loaded so far, by id (`loadVariants`). */
const loadedVariants = new Map<string, Variant>();
/** The zod validator of variant data, the checks of `maps check` and an import's label size, for `--variant-file`. */
let variantFileSupport:
  | (typeof import('../variants/build.js') &
      Pick<typeof import('../render/import-check.js'), 'checkVariant' | 'importLabelSize'>)
  | undefined;

const pickImportCheck = ({ checkVariant, importLabelSize }: typeof import('../render/import-check.js')) => ({
  checkVariant,
  importLabelSize,
});

/**
 * Loads what `variantById`, `variantFromFlags` and `variantFromFile` will be asked for: the bundled variants that
 * `ids` name (anything that is not a bundled variant's id is left for `variantById` to report, when it is asked
 * for) and, given `flags`, the flags' variant (default Classic) or the validator of `--variant-file`. Only the
 * variants a command uses are loaded, so the CLI starts fast.
 */
export async function loadVariants(ids: Iterable<unknown>, flags?: Flags): Promise<void> {
  const wanted = new Set<string>();
  for (const id of ids) if (typeof id === 'string') wanted.add(id.toLowerCase());
  if (flags?.values.has('variant-file')) {
    variantFileSupport ??= {
      ...(await import('../variants/build.js')),
      ...pickImportCheck(await import('../render/import-check.js')),
    };
    variantFromFile(flags.values.get('variant-file')!);
  } else if (flags) wanted.add((flags.values.get('variant') ?? 'classic').toLowerCase());
  for (const id of wanted) {
    if (loadedVariants.has(id)) continue;
    const variant = await loadVariant(id);
    if (variant) loadedVariants.set(id, variant);
  }
}

/** A bundled variant by id (any case), loaded beforehand by `loadVariants`; `InputError` for an unknown id. */
export function variantById(id: string): Variant {
  const v = loadedVariants.get(id.toLowerCase());
  if (v) return v;
  // A case may name the --variant-file's variant by its id (a server's variant: the bot's game file names it so).
  if (fileRead && fileRead.variant.id === id.toLowerCase()) return fileRead.variant;
  if (BUNDLED_VARIANT_IDS.includes(id.toLowerCase()))
    throw new Error(`variant "${id}" was used before loadVariants() loaded it`);
  throw new InputError(`unknown variant "${id}" (bundled: ${BUNDLED_VARIANT_IDS.join(', ')})`);
}

/**
 * A variant from a `map.json` file: validated data, no rules hooks (`loadVariants` with the flags first). A file the
 * schema refuses is unreadable (`InputError`, exit 2); one `maps check` would refuse (an adjacency to no province, a
 * home that is no centre, a border drawn wrong) is refused with its problems (`RefusedInput`, exit 1), never played.
 */
export function variantFromFile(path: string): Variant {
  if (!variantFileSupport) throw new Error('--variant-file used before loadVariants() loaded the validator');
  const stamp = statStamp(path);
  if (fileRead && fileRead.path === path && fileRead.stamp === stamp) return fileRead.variant;
  const variant = readVariantFileAt(path);
  fileRead = { path, stamp, variant };
  return variant;
}

/** The --variant-file read last (by path, size and time written), so each command validates it once. */
let fileRead: { path: string; stamp: string; variant: Variant } | undefined;

function statStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}

function readVariantFileAt(path: string): Variant {
  if (!variantFileSupport) throw new Error('--variant-file used before loadVariants() loaded the validator');
  const { buildVariant, checkVariant, parseVariantData, VariantDataError } = variantFileSupport;
  let raw: unknown;
  try {
    raw = JSON.parse(readText(path));
  } catch (e) {
    if (e instanceof RefusedInput) throw e;
    throw new InputError(`cannot read variant file ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let variant: Variant;
  try {
    variant = buildVariant(parseVariantData(raw, path));
  } catch (e) {
    if (e instanceof VariantDataError) throw new InputError(e.message);
    throw e;
  }
  const problems = checkVariant(variant);
  if (problems.length > 0) throw new RefusedInput([`${path} is refused, as maps check refuses it:`, ...problems]);
  return withLabelSize(variant);
}

/**
 * A drawn file that names no label size is drawn at the size an import would give it (docs/variants.md "Variant
 * files"), so its labels read at Discord's 550 px preview as the same file added with `/variant add` does.
 */
function withLabelSize(variant: Variant): Variant {
  const { buildVariant, importLabelSize } = variantFileSupport!;
  const geometry = variant.data.geometry;
  if (!geometry || geometry.labelSize !== undefined) return variant;
  const labelSize = importLabelSize(variant.data);
  return labelSize ? buildVariant({ ...variant.data, geometry: { ...geometry, labelSize } }) : variant;
}

/** `--variant-file` wins over `--variant`; default Classic (`loadVariants` with the flags first). */
export function variantFromFlags(flags: Flags): Variant {
  const file = flags.values.get('variant-file');
  if (file) return variantFromFile(file);
  return variantById(flags.values.get('variant') ?? 'classic');
}

/**
 * A text without the byte-order mark Windows editors put before UTF-8 (JSON.parse refuses it; a browser's and
 * `TextDecoder`'s reading drops it), so a file saved there reads as it does everywhere else.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The most the CLI reads of one file it is given by path (a variant file, a DiploGM config or SVG, a python `.map`):
 * 64 MiB, eight times what a server may attach to `/variant add` (docs/cli.md "The offline CLI").
 */
export const MAX_FILE_BYTES = 64 * 2 ** 20;

/**
 * A file's text as UTF-8, without a byte-order mark (`withoutBom`); a file over `MAX_FILE_BYTES` is refused
 * (`RefusedInput`, exit 1) by its size before it is read, and a stream that reports no size (a pipe) once it has
 * given more, so no huge file is ever held whole.
 */
export function readText(path: string): string {
  const max = MAX_FILE_BYTES;
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > max) throw tooBig(path, `${stat.size} bytes`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(2 ** 20, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw tooBig(path, `over ${max} bytes`);
    }
    return withoutBom(Buffer.concat(chunks, total).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

function tooBig(path: string, size: string): RefusedInput {
  return new RefusedInput([`${path} is too large (${size}): the CLI reads files of at most 64 MiB`]);
}

/** Parse JSON input, with the reason on failure. */
export function parseJson(stdin: string): unknown {
  if (/^\s*$/.test(stdin)) throw new InputError('no input: pipe JSON on stdin');
  try {
    // JSON.parse allows surrounding whitespace; no trimmed copy of a large input.
    return JSON.parse(withoutBom(stdin));
  } catch (e) {
    throw new InputError(`input is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** All of stdin as text ('' when stdin is a terminal, so a command without input does not hang). */
export async function readStdin(): Promise<string> {
  // A file (`< cases.json`): one read, without setting up the stdin stream.
  if (stdinIsFile()) return readFileSync(0, 'utf8');
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function stdinIsFile(): boolean {
  try {
    return fstatSync(0).isFile();
  } catch {
    return false;
  }
}

/**
 * The computer player's level for one case (`ai orders`, `ai declare`, `cards ai`): the case's own `level`, else
 * `--level`, else `hard` (docs/ai.md "Levels").
 */
export function levelOf(raw: unknown, flags: Flags, name: string): Level {
  const own = raw !== null && typeof raw === 'object' ? (raw as { level?: unknown }).level : undefined;
  const value = own ?? flags.values.get('level') ?? CLI_DEFAULT_LEVEL;
  if (!isLevel(value)) {
    const where = own !== undefined ? `${name}: level` : '--level';
    throw new InputError(`${where}: expected ${LEVELS.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value;
}
