/**
 * Reading a case of the CLI's contract (docs/cli.md, `adjudicate`): a plain case by hand, any other with the zod
 * schema, every name checked against the variant, then set up and adjudicated. The CLI's `adjudicate`, `render`,
 * `replay` and `ai` commands read their cases here, and so does the game layer when it reads an imported game
 * (src/game/history/export.ts): one reading of a case everywhere. Input that cannot be read throws `InputError` naming what
 * was wrong.
 */
import { adjudicate } from '../../engine/index.js';
import { phaseProblem } from '../../engine/phase.js';
import { readOrder, unitOfOrderText } from '../../engine/parse/index.js';
import type {
  Adjudication,
  AdjudicationContext,
  BattleReport,
  DislodgedUnit,
  OrderResult,
  Position,
  PowerOrder,
  Unit,
  VariantEvent,
} from '../../engine/types.js';
import type { DecisiveDeclaration } from '../../engine/rules.js';
import type { Variant } from '../../engine/variant.js';
import { InputError } from './error.js';
import type { AdjudicateCase } from './schema.js';

export type { AdjudicateCase } from './schema.js';

/** The variant of a case that names none (docs/cli.md: `variant` overrides `--variant`; the default is classic). */
export const DEFAULT_CASE_VARIANT = 'classic';

/** The output of one case (contract fields, plus `contested`). */
export interface CaseOutput {
  id: string | number | null;
  phase: Position['phase'];
  units: Unit[];
  /** `attackerFrom` is absent when the attacker came from no province of the map (a virtual army rising from nowhere). */
  dislodged: (Unit & { attackerFrom?: string; viaConvoy: boolean; retreatOptions: string[] })[];
  contested: string[];
  results: OrderResult[];
  supplyCenters: Position['supplyCenters'];
  nextPhase: Position['phase'];
  winner: string | null;
  /** Variant extensions: printed when the variant keeps state (or the case gave some), and when events happened. */
  variantState?: Record<string, unknown>;
  events?: VariantEvent[];
  /** The declarations the provisional result allows (variants with decisive battles, no `battles` given). */
  decisive?: DecisiveDeclaration[];
}

export function caseName(raw: unknown, index: number): string {
  const id = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `case ${id}` : `case #${index + 1}`;
}

/** The zod schema of a case, loaded by `loadCaseSchema` when a case is not a plain one (the CLI starts without zod). */
let caseSchema: typeof import('./schema.js').caseSchema | undefined;

/** Loads the zod schema `readCase` needs for a case that is not a plain one (once). */
export async function loadCaseSchema(): Promise<void> {
  caseSchema ??= (await import('./schema.js')).caseSchema;
}

/** A case that is not a plain one, read with the zod schema. Throws `InputError` naming what is wrong. */
export function readCase(raw: unknown, index: number): AdjudicateCase {
  if (!caseSchema) throw new Error('a case that is not plain was read before loadCaseSchema() loaded the schema');
  const parsed = caseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join('.') || '(root)';
    throw new InputError(`${caseName(raw, index)}: ${path}: ${issue.message}`);
  }
  return parsed.data;
}

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => v !== null && typeof v === 'object' && !Array.isArray(v);
const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const SEASONS: ReadonlySet<unknown> = new Set(['spring', 'fall', 'winter']);
const PHASE_TYPES: ReadonlySet<unknown> = new Set(['movement', 'retreat', 'adjustment']);
/** The schema's province id (src/variants/schema.ts `id`). */
const PROVINCE_ID = /^[a-z][a-z0-9_-]*$/;
/** Case fields that only the zod schema reads (`readPlainCase` leaves a case that has one of them to it). */
const SCHEMA_ONLY_FIELDS = [
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
 * A plain case (`id`, `variant`, `phase`, `units`, `orders`, whatever else is ignored), checked by hand: what the
 * zod schema returns for it, or null when the case is not plain or not valid (then the schema reads it and names
 * what is wrong). Accepts only cases the schema accepts, so both paths give the same result; the hand check
 * is what lets thousands of cases be read in a few milliseconds, and the CLI start without zod.
 */
export function readPlainCase(raw: unknown): AdjudicateCase | null {
  if (!isObject(raw)) return null;
  for (const field of SCHEMA_ONLY_FIELDS) if (raw[field] !== undefined) return null;
  const { id, variant, phase, units, orders } = raw;
  if (!(id === undefined || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) return null;
  if (!(variant === undefined || typeof variant === 'string')) return null;
  if (
    !isObject(phase) ||
    !SEASONS.has(phase.season) ||
    !Number.isSafeInteger(phase.year) ||
    !PHASE_TYPES.has(phase.type)
  )
    return null;
  if (!Array.isArray(units)) return null;
  const outUnits: AdjudicateCase['units'] = new Array(units.length);
  for (let i = 0; i < units.length; i++) {
    const u: unknown = units[i];
    if (!isObject(u) || !isName(u.power) || (u.type !== 'A' && u.type !== 'F')) return null;
    if (typeof u.province !== 'string' || !PROVINCE_ID.test(u.province)) return null;
    if (!(u.coast === undefined || u.coast === null || typeof u.coast === 'string')) return null;
    outUnits[i] = { power: u.power, type: u.type, province: u.province, coast: u.coast ?? null };
  }
  if (orders !== undefined) {
    if (!Array.isArray(orders)) return null;
    for (const o of orders as unknown[])
      if (!isObject(o) || !isName(o.power) || typeof o.text !== 'string') return null;
  }
  return {
    ...raw,
    phase: { season: phase.season, year: phase.year, type: phase.type } as AdjudicateCase['phase'],
    units: outUnits,
    orders: (orders ?? []) as AdjudicateCase['orders'],
  } as AdjudicateCase;
}

/** Units must stand where the variant allows, or the adjudicator would be fed a board that cannot exist. */
function checkUnits(variant: Variant, units: readonly Unit[], name: string): void {
  const powers = powerNames(variant);
  const seen = new Map<string, Unit>();
  for (const u of units) {
    const where = u.coast ? `${u.province}/${u.coast}` : u.province;
    // One unit per province: a board with two could only be adjudicated by dropping one, depending on the listing.
    const other = seen.get(u.province);
    if (other)
      throw new InputError(
        `${name}: two units in ${u.province}: ${other.power} ${other.type} and ${u.power} ${u.type} (a province holds one unit)`,
      );
    seen.set(u.province, u);
    if (!variant.map.has(u.province))
      throw new InputError(`${name}: unit ${u.type} ${where}: no province "${u.province}" in ${variant.id}`);
    if (!powers.has(u.power)) throw new InputError(`${name}: unit ${u.type} ${where}: ${noPower(variant, u.power)}`);
    if (!variant.map.canStand(u.type, u))
      throw new InputError(`${name}: unit ${u.type} ${where}: ${whyNot(variant, u)}`);
  }
}

/** Why a unit cannot stand where it is given: a coast missing, wrong or too many, else the province itself. */
function whyNot(variant: Variant, u: Unit): string {
  const { map } = variant;
  const coasts = map.coastsOf(u.province);
  const bare = { province: u.province, coast: null };
  if (u.type === 'F' && coasts.length > 0)
    return `a fleet there stands on one of its coasts: ${coasts.map((c) => `${u.province}/${c}`).join(' or ')}`;
  if (u.coast !== null && map.canStand(u.type, bare))
    return `${u.type === 'A' ? 'an army' : 'a fleet'} there stands on the province, without a coast (${u.province})`;
  return `${u.type === 'A' ? 'an army' : 'a fleet'} cannot stand there`;
}

/** Each variant's power names, computed once per variant (cases come by thousands). */
const powerNamesOf = new WeakMap<Variant, ReadonlySet<string>>();
function powerNames(variant: Variant): ReadonlySet<string> {
  let names = powerNamesOf.get(variant);
  if (!names) powerNamesOf.set(variant, (names = new Set(variant.powers.map((p) => p.name))));
  return names;
}

function noPower(variant: Variant, power: string): string {
  return `no power "${power}" in ${variant.id} (its powers: ${variant.powers.map((p) => p.name).join(', ')})`;
}

function checkOrderPowers(variant: Variant, orders: AdjudicateCase['orders'], name: string): void {
  const powers = powerNames(variant);
  orders.forEach((o, i) => {
    if (!powers.has(o.power)) throw new InputError(`${name}: orders[${i}] ("${o.text}"): ${noPower(variant, o.power)}`);
  });
}

/**
 * Every power and place the case names besides its units must be the variant's: an unknown power, a
 * place that is not on the map, a variant state naming either, is refused naming what was wrong, never adjudicated.
 */
function checkNames(variant: Variant, c: AdjudicateCase, position: Position, name: string): void {
  const powers = powerNames(variant);
  const { map } = variant;
  checkOrderPowers(variant, c.orders, name);
  c.players?.forEach((p, i) => {
    if (!powers.has(p)) throw new InputError(`${name}: players[${i}]: ${noPower(variant, p)}`);
  });
  if (c.supplyCenters) checkOwnership(variant, c.supplyCenters, name);
  for (const p of c.contested ?? [])
    if (!map.has(p)) throw new InputError(`${name}: contested: no province "${p}" in ${variant.id}`);
  for (const d of c.dislodged ?? []) {
    if (d.attackerFrom !== undefined && !map.has(d.attackerFrom))
      throw new InputError(
        `${name}: dislodged ${d.type} ${d.province}: attackerFrom: no province "${d.attackerFrom}" in ${variant.id}`,
      );
  }
  if (c.variantState !== undefined && !variant.rules.checkState) {
    throw new InputError(
      `${name}: variantState: ${variant.id} keeps no state between phases, so it takes no variantState`,
    );
  }
  const problems =
    position.variantState === undefined
      ? []
      : (variant.rules.checkState?.({ map, position, powers: [...powers] }) ?? []);
  if (problems.length > 0) throw new InputError(`${name}: variantState: ${problems[0]}`);
}

/**
 * `players` are the powers with a seated player, so a power nobody can be seated on now (the variant's `canSeat`:
 * Mandate of Heaven's neutrals until they are activated, rule 3) is refused naming it.
 */
function checkSeats(variant: Variant, c: AdjudicateCase, position: Position, name: string): void {
  const canSeat = variant.rules.canSeat;
  if (!canSeat || !c.players) return;
  c.players.forEach((power, i) => {
    const why = explainingState(name, () => canSeat({ map: variant.map, position, power }));
    if (why) throw new InputError(`${name}: players[${i}]: ${why}`);
  });
}

/**
 * `supplyCenters` must be an ownership a board can have: the variant's powers owning its supply centres, each
 * centre at most once (one owner, listed once). Throws `InputError` naming the first problem.
 */
function checkOwnership(variant: Variant, supplyCenters: Record<string, string[]>, name: string): void {
  const powers = powerNames(variant);
  const { map } = variant;
  const owner = new Map<string, string>();
  for (const [power, owned] of Object.entries(supplyCenters)) {
    if (!powers.has(power)) throw new InputError(`${name}: supplyCenters: ${noPower(variant, power)}`);
    for (const p of owned) {
      const where = `${name}: supplyCenters.${power}`;
      if (!map.has(p)) throw new InputError(`${where}: no province "${p}" in ${variant.id}`);
      if (!map.province(p)!.supplyCenter)
        throw new InputError(`${where}: ${p} is not a supply centre, so nobody owns it`);
      const other = owner.get(p);
      if (other === power) throw new InputError(`${where}: ${p} is listed twice`);
      if (other !== undefined)
        throw new InputError(
          `${name}: supplyCenters: ${p} is owned by both ${other} and ${power} (a centre has one owner)`,
        );
      owner.set(p, power);
    }
  }
}

/** A phase the variant's calendar cannot have (a spring adjustment, a winter movement, a year 0 movement) is refused. */
function checkPhase(variant: Variant, phase: Position['phase'], name: string): void {
  const problem = phaseProblem(variant.rules, variant.data.startingPhase, phase);
  if (problem) throw new InputError(`${name}: phase ${phase.season} ${phase.year} ${phase.type}: ${problem}`);
}

function withCoast(u: { power: string; type: 'A' | 'F'; province: string; coast?: string | null }): Unit {
  return { power: u.power, type: u.type, province: u.province, coast: u.coast ?? null };
}

/** An order that could not be read, as an `illegal` result, with its index in the case's `orders`. */
export interface UnreadOrder extends OrderResult {
  index: number;
}

/** Parse each order on the board; unreadable ones become `illegal` results and do not stop the case. */
function readOrders(
  variant: Variant,
  position: Position,
  orders: AdjudicateCase['orders'],
): { orders: PowerOrder[]; failures: UnreadOrder[] } {
  const out: PowerOrder[] = [];
  const failures: UnreadOrder[] = [];
  orders.forEach((o, index) => {
    const parsed = readOrder(variant, o.text, { position });
    if (parsed.ok) out.push({ power: o.power, order: parsed.order });
    else {
      failures.push({
        power: o.power,
        unit: unitOfOrderText(variant, o.text, { position }) ?? '?',
        order: o.text,
        result: 'illegal',
        reason: `could not read the order: ${parsed.error}`,
        index,
      });
    }
  });
  return { orders: out, failures };
}

/** Each variant's starting position, computed once per run rather than once per case (the engine never mutates it). */
const startingPositionOf = new WeakMap<Variant, Position>();
function startingPosition(variant: Variant): Position {
  let start = startingPositionOf.get(variant);
  if (!start) startingPositionOf.set(variant, (start = variant.startingPosition()));
  return start;
}

/** One case read and adjudicated: what `adjudicate` prints, and what `render` draws (the same decisions). */
export interface ResolvedCase {
  /** The variant as the case's options configure it. */
  variant: Variant;
  options: Record<string, string>;
  /** The position adjudicated (after the prelude, when the case has one). */
  position: Position;
  /** The orders read, and the ones that could not be read (illegal results; a voter's unreadable ballot without its text). */
  orders: PowerOrder[];
  unread: UnreadOrder[];
  adjudication: Adjudication;
  /** The declarations the provisional result allows (variants with decisive battles, no `battles` given). */
  decisive?: DecisiveDeclaration[];
}

/** A case read onto the board: the variant configured with its options, the position to decide, the context. */
export interface CaseSetup {
  variant: Variant;
  options: Record<string, string>;
  position: Position;
  context: AdjudicationContext;
}

/** The position a case describes (a retreat case's prelude played first). Throws `InputError` naming what is wrong. */
export function setUpCase(base: Variant, c: AdjudicateCase, name = caseName(c, 0)): CaseSetup {
  // Options that change the map, set-up or rules (Warhammer's campaign options) configure the variant.
  const options = gameOptionsOf(base, c, name);
  const variant = base.configure?.(options) ?? base;
  checkPhase(variant, c.phase, name);
  const units = c.units.map(withCoast);
  checkUnits(variant, units, name);
  let position: Position = {
    phase: c.phase,
    units,
    dislodged:
      c.phase.type === 'retreat'
        ? (c.dislodged ?? []).map((d) => ({
            ...withCoast(d),
            attackerFrom: d.attackerFrom,
            viaConvoy: d.viaConvoy,
            ...(d.retreatOptions ? { retreatOptions: d.retreatOptions } : {}),
          }))
        : [],
    contested: c.phase.type === 'retreat' ? (c.contested ?? []) : [],
    supplyCenters: c.supplyCenters ?? startingPosition(variant).supplyCenters,
  };
  // A missing variantState is the variant's state at the start of a game (cli.md), as the game would have it.
  const variantState = c.variantState ?? startingPosition(variant).variantState;
  if (variantState !== undefined) position.variantState = variantState;
  checkUnits(variant, position.dislodged, name);
  checkNames(variant, c, position, name);
  checkSeats(variant, c, position, name);
  const context: AdjudicationContext = c.players ? { players: c.players } : {};

  // A retreat case given by its movement phase: play the prelude to reach the retreat position.
  if (c.phase.type === 'retreat' && c.dislodged === undefined && c.prelude) {
    checkPhase(variant, c.prelude.phase, `${name} prelude`);
    const preludeUnits = c.prelude.units.map(withCoast);
    checkUnits(variant, preludeUnits, `${name} prelude`);
    checkOrderPowers(variant, c.prelude.orders, `${name} prelude`);
    const before: Position = { ...position, phase: c.prelude.phase, units: preludeUnits, dislodged: [], contested: [] };
    const { orders } = readOrders(variant, before, c.prelude.orders);
    const after = adjudicateOrExplain(variant, before, orders, context, name).position;
    position = after.phase.type === 'retreat' ? after : { ...after, phase: c.phase, dislodged: [], contested: [] };
  }
  return { variant, options, position, context };
}

export function adjudicateCase(base: Variant, c: AdjudicateCase, name = caseName(c, 0)): CaseOutput {
  const { variant, adjudication: adj, unread, decisive } = resolveCase(base, c, name);
  const keepsState = variant.rules.stateful === true || c.variantState !== undefined;
  return {
    id: c.id ?? null,
    phase: adj.phase,
    units: adj.position.units,
    dislodged: adj.phase.type === 'movement' ? adj.dislodged.map(dislodgedOutput) : [],
    contested: adj.contested,
    // A voter's uncounted ballot has its line here, without its text (channels never show who voted: Mandate of Heaven rule 3).
    results: [...adj.results, ...(adj.uncountedBallots ?? []), ...unread.map(({ index: _, ...result }) => result)],
    supplyCenters: adj.position.supplyCenters,
    nextPhase: adj.position.phase,
    winner: adj.winner,
    ...(keepsState ? { variantState: adj.position.variantState ?? {} } : {}),
    ...(adj.events && adj.events.length > 0 ? { events: adj.events } : {}),
    ...(decisive && decisive.length > 0 ? { decisive } : {}),
  };
}

/** Reads and adjudicates one case (throws `InputError` naming what is wrong). */
export function resolveCase(base: Variant, c: AdjudicateCase, name = caseName(c, 0)): ResolvedCase {
  const { variant, options, position, context } = setUpCase(base, c, name);
  const { orders, failures: readFailures } = readOrders(variant, position, c.orders);
  // Decisive battles fought (variant's `checkBattles`): re-adjudicated with their winners; else the provisional result.
  if (c.battles !== undefined) context.battles = battlesOf(variant, position, orders, c, options, name);
  const adj = adjudicateOrExplain(variant, position, orders, context, name);
  const decisive =
    c.phase.type === 'movement' && c.battles === undefined && variant.rules.decisive
      ? variant.rules.decisive({ map: variant.map, position, orders, adjudication: adj, options })
      : undefined;
  // Every order gets its result line. Ballots are secret (Mandate of Heaven rule 3): a voter's
  // unreadable order for a unit the players' vote moves is an uncounted ballot, whose line does not repeat its text;
  // an order of a power that does not vote is no ballot, and its line says what it was.
  const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players: c.players ?? [] }) ?? []);
  const voters =
    voted.size > 0 ? new Set(variant.rules.voters?.({ map: variant.map, position, context }) ?? []) : new Set<string>();
  const unread = readFailures.map((f) => (ballotFor(position, f, voted, voters) ? unreadBallot(f) : f));
  return { variant, options, position, orders, unread, adjudication: adj, ...(decisive ? { decisive } : {}) };
}

/** A variant's state that cannot be read is bad input (exit 2 naming it), not a crash. */
function adjudicateOrExplain(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  context: AdjudicationContext,
  name: string,
) {
  return explainingState(name, () => adjudicate(variant, position, orders, context));
}

function explainingState<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof Error && /variantState/.test(e.message)) throw new InputError(`${name}: ${e.message}`);
    throw e;
  }
}

/** Is this unreadable order a voter's ballot: one for another power's unit that the players' vote moves? */
function ballotFor(
  position: Position,
  failure: OrderResult,
  voted: ReadonlySet<string>,
  voters: ReadonlySet<string>,
): boolean {
  if (!voters.has(failure.power)) return false;
  const province = failure.unit.split(' ')[1]?.split('/')[0];
  const owner =
    position.units.find((u) => u.province === province)?.power ??
    position.dislodged.find((d) => d.province === province)?.power;
  return owner !== undefined && owner !== failure.power && voted.has(owner);
}

/** A voter's unreadable ballot: its line says it was not counted, never what it asked (Mandate of Heaven rule 3). */
function unreadBallot(f: UnreadOrder): UnreadOrder {
  return {
    ...f,
    order: 'unreadable ballot',
    reason:
      'not counted: the ballot could not be read (ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)',
  };
}

/** The case's `options` checked against the variant's game options, defaults filled in. Throws `InputError`. */
function gameOptionsOf(variant: Variant, c: AdjudicateCase, name: string): Record<string, string> {
  const specs = variant.rules.gameOptions ?? {};
  const options: Record<string, string> = Object.fromEntries(
    Object.entries(specs).map(([k, spec]) => [k, spec.default]),
  );
  for (const [key, value] of Object.entries(c.options ?? {})) {
    const spec = specs[key];
    if (!spec)
      throw new InputError(
        `${name}: options.${key}: ${variant.id} has no option "${key}"${Object.keys(specs).length > 0 ? ` (options: ${Object.keys(specs).join(', ')})` : ''}`,
      );
    if (!spec.values.includes(value))
      throw new InputError(`${name}: options.${key}: "${value}" is not one of ${spec.values.join(', ')}`);
    options[key] = value;
  }
  if (c.battles !== undefined && !variant.rules.checkBattles)
    throw new InputError(`${name}: battles: ${variant.id} has no decisive battles`);
  return options;
}

/** The case's `battles`, checked by the variant against the phase (`checkBattles`). Throws `InputError`. */
function battlesOf(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  c: AdjudicateCase,
  options: Record<string, string>,
  name: string,
): BattleReport[] {
  const battles: BattleReport[] = (c.battles ?? []).map((b) => ({
    province: b.province,
    winner: b.winner,
    ...(b.unit ? { unit: b.unit } : {}),
    ...(b.destroyed ? { destroyed: b.destroyed } : {}),
  }));
  if (c.phase.type !== 'movement' && battles.length > 0)
    throw new InputError(`${name}: battles: decisive battles are fought in movement phases only`);
  const problems = variant.rules.checkBattles!({ map: variant.map, position, orders, battles, options });
  if (problems.length > 0) throw new InputError(`${name}: battles: ${problems[0]}`);
  return battles;
}

function dislodgedOutput(d: DislodgedUnit): CaseOutput['dislodged'][number] {
  return {
    power: d.power,
    type: d.type,
    province: d.province,
    coast: d.coast,
    ...(d.attackerFrom !== undefined ? { attackerFrom: d.attackerFrom } : {}),
    viaConvoy: d.viaConvoy,
    retreatOptions: d.retreatOptions ?? [],
  };
}
