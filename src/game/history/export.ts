/**
 * A game as a file (docs/bot.md, "Export and import"), pure: the game's resolved phases written in the CLI's phases
 * format — a JSON array of `adjudicate` cases, one per phase, in order, each whole (its board, centres, state, orders,
 * players, options, battles), so that `adjudicate` decides every phase exactly as the game did and `replay` draws the
 * game — and such a file read back, every phase checked and adjudicated by the CLI's own case reader
 * (src/variants/case/read.ts), for a sandbox to open from.
 *
 * Secrets stay secret: a phase not yet resolved is not in the file at all (its stored orders, ballots, declarations
 * are never read here), and a resolved phase's ballots (orders for a unit the players' vote moves) are never written:
 * what the vote adopted, public in the results, is written as the ballot of every voter, which adopts it again. Every
 * case names its game (`game`), so a sandbox opened from the file follows that game's secrecy (src/game/sandbox/sandbox.ts).
 */
import type { Adjudication, BattleReport, Phase, Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { InputError } from '../../variants/case/error.js';
import {
  caseName,
  DEFAULT_CASE_VARIANT,
  loadCaseSchema,
  readCase,
  readPlainCase,
  resolveCase,
  setUpCase,
  type AdjudicateCase,
} from '../../variants/case/read.js';
import { getVariant, variantIds } from '../../variants/index.js';
import { isBallotKey } from '../phase/index.js';
import { type BoardEdit, phaseCode } from '../core/index.js';

/** A phase as the game keeps it (src/store/schema.ts `phases` and its `orders` rows). */
export interface KeptPhase {
  /** The board at the start of the phase (`phases.position`). */
  position: Position;
  /** The phase's stored orders (`orders` rows): a ballot is stored under a `vote:` key. */
  orders: readonly { power: string; unitKey: string; text: string }[];
  /** Null while the phase is not resolved: such a phase is never written. */
  adjudication: Adjudication | null;
  /** Battles decided outside the adjudicator for this phase (what the variant's steps handed over), when any. */
  battles?: readonly BattleReport[];
  /**
   * The game master's edits of the phase's board (`/gm edit`), in order: `position` is the board they made (docs/bot.md
   * "Editing the board").
   */
  edits?: readonly BoardEdit[];
  /**
   * The powers that had a seated player when the phase was resolved; default: the game's `players` that could be
   * seated then (the variant's `canSeat`).
   */
  players?: readonly string[];
  /** Fog of war: a power's file while the fog is up (`CaseFog`). */
  fog?: CaseFog;
}

/**
 * Fog of war: whose view a case's board, orders and results are (a power's `/history export` while the fog is up), and
 * every power's centres and units on the whole board after the phase (the public counts, as `/game status` gives them
 * in the phase that follows). `adjudicate` ignores it; a sandbox opened from the file is that power's view.
 */
export interface CaseFog {
  power: string;
  countsAfter: Record<string, { centers: number; units: number }>;
  /**
   * The last case's only: the board after the phase as that power sees it (what its `/map` shows in the phase under
   * way, never that phase's orders), where a sandbox opened from the file starts. Adjudicating the case's own board
   * cannot give it: a unit out of sight when the phase began (its order not in the file) may stand in sight after.
   */
  after?: Pick<Position, 'phase' | 'units' | 'supplyCenters'> & Partial<Position>;
}

export interface GameToExport {
  /** The game's number (`/sandbox start game:`), written as every case's `game`. */
  gameId?: number;
  /** The variant's id and the variant as the game plays it (configured with its options). */
  variantId: string;
  variant: Variant;
  /** The game options chosen at `/game create` (a case's `options`). */
  options: Readonly<Record<string, string>>;
  /** The powers with a seated player now. */
  players: readonly string[];
  /** Every phase, in order. */
  phases: readonly KeptPhase[];
}

/** One phase of the file: an `adjudicate` case (docs/cli.md), whole. */
export interface ExportedCase {
  /** The phase's code (`S1901M`). */
  id: string;
  /** The game it was exported from (its number); `adjudicate` ignores it. */
  game?: number;
  variant: string;
  phase: Phase;
  units: Position['units'];
  dislodged?: Position['dislodged'];
  contested?: string[];
  supplyCenters: Position['supplyCenters'];
  variantState?: Record<string, unknown>;
  players: string[];
  options?: Record<string, string>;
  orders: { power: string; text: string }[];
  battles?: BattleReport[];
  /**
   * The game master's edits of the phase's board, in order, in ids (`{kind: 'move', from: 'mun', to: 'tyr'}`), when
   * any: `units` and `supplyCenters` are already the board they made; `adjudicate` and the readers ignore them.
   */
  edits?: BoardEdit[];
  /** Fog of war: whose view the case is, and the public counts after it (`CaseFog`); `adjudicate` ignores it. */
  fog?: CaseFog;
}

/** The game's resolved phases as cases, in order. */
export function exportCases(game: GameToExport): ExportedCase[] {
  return game.phases.flatMap((kept) => (kept.adjudication ? [caseOf(game, kept, kept.adjudication)] : []));
}

/** The file: the cases as a JSON array, one case per line. */
export function exportGame(game: GameToExport): string {
  return gameFileText(exportCases(game).map((c) => JSON.stringify(c)));
}

/** The file from its cases each already written as JSON (`exportGame`'s text, for a caller that writes them in pieces). */
export function gameFileText(lines: readonly string[]): string {
  return lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`;
}

function caseOf(game: GameToExport, kept: KeptPhase, adjudication: Adjudication): ExportedCase {
  const { variant } = game;
  const position = kept.position;
  const players = [
    ...(kept.players ??
      game.players.filter((power) => !variant.rules.canSeat?.({ map: variant.map, position, power }))),
  ];
  const retreat = position.phase.type === 'retreat';
  return {
    id: phaseCode(position.phase),
    ...(game.gameId !== undefined ? { game: game.gameId } : {}),
    variant: game.variantId,
    phase: position.phase,
    units: position.units,
    ...(retreat ? { dislodged: position.dislodged, contested: position.contested } : {}),
    supplyCenters: position.supplyCenters,
    ...(position.variantState !== undefined ? { variantState: position.variantState } : {}),
    players,
    ...(Object.keys(game.options).length > 0 ? { options: { ...game.options } } : {}),
    orders: ordersOf(variant, kept, adjudication, players),
    ...(kept.battles && kept.battles.length > 0 ? { battles: [...kept.battles] } : {}),
    ...(kept.edits && kept.edits.length > 0 ? { edits: [...kept.edits] } : {}),
    ...(kept.fog ? { fog: kept.fog } : {}),
  };
}

/**
 * The phase's orders as the file gives them: the players' own orders as stored; never a ballot, but each order the
 * players' vote adopted (the results say which: `vote: 'adopted'`) as the ballot of every voter.
 */
function ordersOf(
  variant: Variant,
  kept: KeptPhase,
  adjudication: Adjudication,
  players: string[],
): { power: string; text: string }[] {
  const own = kept.orders.filter((o) => !isBallotKey(o.unitKey)).map((o) => ({ power: o.power, text: o.text }));
  const adopted = adjudication.results.filter((r) => r.vote === 'adopted');
  if (adopted.length === 0) return own;
  const voters = variant.rules.voters?.({ map: variant.map, position: kept.position, context: { players } }) ?? [];
  return [...own, ...adopted.flatMap((r) => voters.map((power) => ({ power, text: r.order })))];
}

// ---------------------------------------------------------------------------------------------------------------
// Import

export interface ImportLimits {
  /** The file's size in bytes (UTF-8). */
  maxBytes: number;
  /** Phases in the file. */
  maxPhases: number;
}

/** A game file's bounds: far above a long 21-power game (about 10 KiB a phase), far below what could slow the bot. */
export const IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({ maxBytes: 4 * 1024 * 1024, maxPhases: 500 });

/** One phase of an imported file, read and adjudicated. */
export interface ImportedPhase {
  case: AdjudicateCase;
  /** The board the phase was decided on (after a retreat case's prelude). */
  position: Position;
  adjudication: Adjudication;
}

export type ImportResult =
  | {
      ok: true;
      /** The variant's id, the variant as the first phase's options configure it, and those options (defaults filled in). */
      variantId: string;
      variant: Variant;
      options: Record<string, string>;
      phases: ImportedPhase[];
      /** The board after the last phase: where a sandbox opened from the file starts. */
      last: Position;
      /** The game the file's cases name (`game`), or null when they name none. */
      gameId: number | null;
      /**
       * Fog of war: the last case's `fog` (whose view the file is), with its board after the phase read (null without
       * one), or null for a whole board.
       */
      fog: (Omit<CaseFog, 'after'> & { after: Position | null }) | null;
    }
  /** `error`: the first problem, in one line, naming the phase (`case #3: …`). */
  | { ok: false; error: string };

/**
 * Reads a game file: JSON, an array of at most `maxPhases` cases of one bundled variant, each read, checked and
 * adjudicated as `adjudicate` reads it (a case without `units` continues from the one before, as `replay` reads it).
 * `pause` runs between phases (give the event loop a turn: one phase of 21 powers takes a few milliseconds). Never
 * throws for bad input: the first problem comes back in one line.
 */
export async function readGameFile(
  text: string,
  opts: { limits?: ImportLimits; pause?: () => Promise<void> } = {},
): Promise<ImportResult> {
  const limits = opts.limits ?? IMPORT_LIMITS;
  try {
    refuseTooLarge(text, limits);
    const list = await parseFile(text, limits, opts.pause);
    await loadCaseSchema();
    const variantId = variantIdOf(list);
    const gameId = gameIdOf(list);
    const base = getVariant(variantId)!;
    const phases: ImportedPhase[] = [];
    let played: { variant: Variant; options: Record<string, string> } | null = null;
    for (const [i, raw] of list.entries()) {
      if (i > 0) await opts.pause?.();
      const read = readPhase(base, raw, i, phases.at(-1));
      phases.push(read.phase);
      played ??= { variant: read.variant, options: read.options };
    }
    return {
      ok: true,
      variantId,
      variant: played!.variant,
      options: played!.options,
      phases,
      last: phases.at(-1)!.adjudication.position,
      gameId,
      fog: fogOf(base, played!.variant, phases.at(-1)!.case, list.at(-1), list.length - 1),
    };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, error: oneLine(e.message) };
    throw e;
  }
}

const oneLine = (message: string) => message.split('\n')[0]!.slice(0, 500);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function refuseTooLarge(text: string, limits: ImportLimits): void {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxBytes)
    throw new InputError(`the file is ${kib(bytes)} KiB; a game file may be at most ${kib(limits.maxBytes)} KiB`);
}

/**
 * The file's cases, parsed a case at a time on turns of the event loop (`pause` between them), never the whole file
 * in one JSON.parse (a valid 4 MiB file held the loop 26 ms that way): the scan (`scanFile`) finds each case's text
 * and refuses deep nesting, an oversized case and too many phases first; the top array is parsed with each case's
 * text replaced by `{}`, then each case's own text.
 */
async function parseFile(text: string, limits: ImportLimits, pause?: () => Promise<void>): Promise<unknown[]> {
  const scan = await scanFile(text, limits, pause);
  // Where the skeleton's parse stopped is no place in the file: the message is kept without it.
  const input = notJson(() => JSON.parse(skeletonOf(text, scan.spans)) as unknown, '', true);
  if (!Array.isArray(input))
    throw new InputError('a game file is a JSON array of phases (cases of `adjudicate`), in order');
  if (input.length === 0) throw new InputError('the file has no phase');
  if (input.length > limits.maxPhases)
    throw new InputError(`the file has ${input.length} phases; a game file may have at most ${limits.maxPhases}`);
  let span = 0;
  let parsed = 0;
  for (const [i, raw] of input.entries()) {
    if (typeof raw !== 'object' || raw === null) continue;
    const [from, to] = scan.spans[span++]!;
    if (parsed > PARSE_CHUNK) {
      parsed = 0;
      await pause?.();
    }
    parsed += to - from;
    input[i] = notJson(() => JSON.parse(text.slice(from, to)) as unknown, `case #${i + 1}: `);
  }
  input.forEach((raw, i) => {
    if (!isObject(raw)) throw new InputError(`case #${i + 1}: a case is a JSON object`);
  });
  return input;
}

function notJson<T>(parse: () => T, where = '', unplaced = false): T {
  try {
    return parse();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new InputError(
      `the file is not JSON: ${where}${unplaced ? message.replace(/ (in JSON )?at position \d+.*$/, '') : message}`,
    );
  }
}

/** The file with each case's text (`spans`) replaced by an empty object or array, as it opened. */
function skeletonOf(text: string, spans: readonly (readonly [number, number])[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    parts.push(text.slice(at, from), text[from] === '{' ? '{}' : '[]');
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const kib = (bytes: number) => (bytes / 1024).toFixed(0);

/** A case's values nest a few levels deep (a variant's state a few more); JSON.parse of 4 MiB of `[` takes 0.6 s. */
const MAX_DEPTH = 64;
/**
 * The longest case, in characters: eight times a 21-power Warhammer phase (about 8 KiB). A case is read and
 * adjudicated in one turn of the event loop, about 0.2 ms a KiB: a case of 100,000 orders took 0.6 s.
 */
const MAX_CASE_CHARS = 64 * 1024;
/** Characters scanned per turn of the event loop (about a millisecond). */
const SCAN_CHUNK = 512 * 1024;

/** Characters parsed per turn of the event loop (a few milliseconds). */
const PARSE_CHUNK = 256 * 1024;

interface Scan {
  depth: number;
  inString: boolean;
  /** Values of the top array seen (its commas, plus one). */
  values: number;
  cases: number;
  caseStart: number;
  /** Where each object or array of the top array starts and ends (one past its last character). */
  spans: [number, number][];
}

/**
 * Refuses, before any JSON.parse holds the event loop on it, a file nested deeper than MAX_DEPTH, with a case (a value
 * of the top array) longer than MAX_CASE_CHARS or with more values than a game file has phases, scanning on turns of
 * the loop (`pause` between chunks); brackets and commas inside strings do not count. Whatever else is wrong is
 * JSON.parse's and the case reader's to say.
 */
async function scanFile(text: string, limits: ImportLimits, pause?: () => Promise<void>): Promise<Scan> {
  const first = /^\s*(.)/.exec(text.slice(0, 1024))?.[1];
  // Anything but an array or an object is a scalar or no JSON at all, which JSON.parse says at once.
  if (first === '{') throw new InputError('a game file is a JSON array of phases (cases of `adjudicate`), in order');
  if (first !== '[') notJson(() => JSON.parse(text));
  const scan: Scan = { depth: 0, inString: false, values: 1, cases: 0, caseStart: 0, spans: [] };
  let i = 0;
  while (i < text.length) {
    if (i > 0) await pause?.();
    i = scanChunk(text, i, Math.min(text.length, i + SCAN_CHUNK), scan);
  }
  if (scan.values > limits.maxPhases)
    throw new InputError(`the file has ${scan.values} phases; a game file may have at most ${limits.maxPhases}`);
  return scan;
}

/** Scans `text` from `from` to `end` (a backslash may carry it one past), returning where the next chunk starts. */
function scanChunk(text: string, from: number, end: number, scan: Scan): number {
  let i = from;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (scan.inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) scan.inString = false;
    } else if (c === 0x22) scan.inString = true;
    else if (c === 0x2c && scan.depth === 1) scan.values++;
    else if (c === 0x5b || c === 0x7b) {
      if (++scan.depth > MAX_DEPTH)
        throw new InputError(`the file nests its values more than ${MAX_DEPTH} deep; a game file needs far fewer`);
      if (scan.depth === 2) {
        scan.cases++;
        scan.caseStart = i;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (scan.depth === 2 && i - scan.caseStart + 1 > MAX_CASE_CHARS)
        throw new InputError(
          `case #${scan.cases} is ${kib(i - scan.caseStart + 1)} KiB long; a phase of a game file is at most ${kib(MAX_CASE_CHARS)} KiB`,
        );
      if (scan.depth === 2) scan.spans.push([scan.caseStart, i + 1]);
      scan.depth--;
    }
  }
  return i;
}

/** The file's one variant: every case's `variant` (default `adjudicate`'s), a registered one. */
function variantIdOf(list: readonly unknown[]): string {
  const ids = list.map((raw, i) => {
    const id = (raw as { variant?: unknown }).variant ?? DEFAULT_CASE_VARIANT;
    if (typeof id !== 'string')
      throw new InputError(
        `${caseName(raw, i)}: variant: a variant is named by its id (bundled: ${variantIds().join(', ')})`,
      );
    return id.toLowerCase();
  });
  const first = ids[0]!;
  if (!getVariant(first))
    throw new InputError(`${caseName(list[0], 0)}: unknown variant "${first}" (bundled: ${variantIds().join(', ')})`);
  const other = ids.findIndex((id) => id !== first);
  if (other >= 0)
    throw new InputError(
      `${caseName(list[other], other)}: variant ${ids[other]} differs from the first case's (${first})`,
    );
  return first;
}

/** The game the cases name (`game`, written by the export): one positive whole number, or none at all. */
function gameIdOf(list: readonly unknown[]): number | null {
  let found: number | null = null;
  for (const [i, raw] of list.entries()) {
    const game = (raw as { game?: unknown }).game;
    if (game === undefined) continue;
    if (typeof game !== 'number' || !Number.isSafeInteger(game) || game <= 0)
      throw new InputError(`${caseName(raw, i)}: game: the number of the game the phase was exported from`);
    if (found !== null && game !== found)
      throw new InputError(`${caseName(raw, i)}: game: the file mixes phases of two games (#${found} and #${game})`);
    found = game;
  }
  return found;
}

/**
 * The last case's `fog` (`CaseFog`, written by a power's export while the fog is up), or null: a power of the variant,
 * for each power whole numbers of centres and units, and the board after read as a case's board is.
 */
function fogOf(
  base: Variant,
  variant: Variant,
  last: AdjudicateCase,
  raw: unknown,
  index: number,
): Extract<ImportResult, { ok: true }>['fog'] {
  const fog = (raw as { fog?: unknown }).fog;
  if (fog === undefined) return null;
  const name = caseName(raw, index);
  const problem = `${name}: fog: whose view the case is ({"power": …, "countsAfter": {…}, "after": {…}})`;
  if (!isObject(fog) || typeof fog.power !== 'string' || !variant.powers.some((p) => p.name === fog.power))
    throw new InputError(problem);
  const counts = fog.countsAfter;
  const whole = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!isObject(counts)) throw new InputError(problem);
  const countsAfter: CaseFog['countsAfter'] = {};
  for (const p of variant.powers) {
    const c = counts[p.name];
    if (c === undefined) continue;
    if (!isObject(c) || !whole(c.centers) || !whole(c.units)) throw new InputError(problem);
    countsAfter[p.name] = { centers: c.centers as number, units: c.units as number };
  }
  if (fog.after === undefined) return { power: fog.power, countsAfter, after: null };
  if (!isObject(fog.after)) throw new InputError(problem);
  // The board after, checked as a case's board (no orders, the last case's options and players).
  const board = { ...fog.after, orders: [], options: last.options, players: last.players };
  const where = `${name}: fog: after`;
  try {
    const c = readPlainCase(board) ?? readCase(board, index);
    return { power: fog.power, countsAfter, after: setUpCase(base, c, where).position };
  } catch (e) {
    if (!(e instanceof InputError) || e.message.startsWith(where)) throw e;
    throw new InputError(`${where}: ${e.message.replace(/^case [^:]*: /, '')}`);
  }
}

/** What a case may hold (docs/cli.md); an object with none of these is no case. */
const CASE_FIELDS = [
  'id',
  'game',
  'variant',
  'phase',
  'units',
  'orders',
  'dislodged',
  'contested',
  'supplyCenters',
  'prelude',
  'variantState',
  'players',
  'options',
  'battles',
];

/**
 * A case that is not one: an object with none of a case's fields (a stray object after the last phase would else
 * continue the game by one more phase without orders).
 */
function checkIsCase(raw: Record<string, unknown>, name: string): void {
  if (CASE_FIELDS.some((field) => raw[field] !== undefined)) return;
  const keys = Object.keys(raw)
    .slice(0, 5)
    .map((k) => JSON.stringify(k.slice(0, 20)));
  throw new InputError(
    keys.length === 0
      ? `${name}: the case is empty (a case has at least its \`orders\` or its board)`
      : `${name}: not a case: it has none of a case's fields (phase, units, orders …), only ${keys.join(', ')}`,
  );
}

/** A board with no unit and no owned supply centre: nothing could be played on it. */
function checkNotEmpty(position: Position, name: string): void {
  const owned = Object.values(position.supplyCenters).some((centres) => centres.length > 0);
  if (position.units.length === 0 && (position.dislodged ?? []).length === 0 && !owned)
    throw new InputError(`${name}: the board has no unit and no owned supply centre, so there is nothing to play`);
}

const phaseText = (p: Phase) => `${p.season} ${p.year} ${p.type}`;

/** One case read and adjudicated; a case without units (nor prelude) continues from `previous`. */
function readPhase(
  base: Variant,
  raw: unknown,
  index: number,
  previous: ImportedPhase | undefined,
): { phase: ImportedPhase; variant: Variant; options: Record<string, string> } {
  let given = raw as Record<string, unknown>;
  const name = caseName(raw, index);
  checkIsCase(given, name);
  if (given.units === undefined && given.prelude === undefined) {
    const from = previous?.adjudication.position ?? startingPosition(base, given);
    if (
      previous &&
      given.phase !== undefined &&
      (!isObject(given.phase) || phaseText(given.phase as unknown as Phase) !== phaseText(from.phase))
    ) {
      throw new InputError(
        `${name}: phase does not follow the case before it (next is ${phaseText(from.phase)}); give its units to start afresh`,
      );
    }
    given = {
      ...(previous?.case.options ? { options: previous.case.options } : {}),
      ...(previous?.case.players ? { players: previous.case.players } : {}),
      ...given,
      phase: from.phase,
      units: from.units,
      dislodged: from.dislodged,
      contested: from.contested,
      supplyCenters: from.supplyCenters,
      ...(from.variantState !== undefined ? { variantState: from.variantState } : {}),
    };
  }
  const c = readPlainCase(given) ?? readCase(given, index);
  const resolved = resolveCase(base, c, name);
  checkNotEmpty(resolved.position, name);
  return {
    phase: { case: c, position: resolved.position, adjudication: resolved.adjudication },
    variant: resolved.variant,
    options: resolved.options,
  };
}

/** The variant's starting position, as the case's options configure it (a first case without units starts there). */
function startingPosition(base: Variant, given: Record<string, unknown>): Position {
  const options = isObject(given.options) ? (given.options as Record<string, string>) : {};
  try {
    return (base.configure?.(options) ?? base).startingPosition();
  } catch {
    return base.startingPosition();
  }
}
