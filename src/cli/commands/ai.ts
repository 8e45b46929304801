/**
 * `ai orders` and `ai declare`: computer players for empty seats (contract: docs/cli.md § `ai`,
 * docs/cli.md, docs/ai.md). A case in the shape of `adjudicate`'s input, or an array of them; one answer per case.
 *
 *   ai orders [--variant <id>] [--power <P>]… [--seed <S>] [--budget <N>] [--level easy|normal|hard]
 *     -> {id, phase, orders: [{power, text}]}
 *   ai declare [--variant <id>] [--power <P>]… [--seed <S>] [--level easy|normal|hard]
 *     -> {id, declarations: [{power, unit, kind, province}]}
 *
 * A case may carry `powers`, `seed` and `level` (and `budget`; for `ai declare`, `decisive` and `commanders`), which override
 * the flags for that case alone.
 */
import { adjudicate, powersToAct } from '../../engine/index.js';
import { readOrder } from '../../engine/parse/index.js';
import type { DecisiveDeclaration } from '../../engine/rules.js';
import type { Power, PowerOrder, Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { BUNDLED_VARIANT_IDS } from '../../variants/bundled.js';
import { aiDeclarations, aiOrders, toTexts, type Level } from '../../ai/index.js';
import { caseName, readCases, setUpCase } from './adjudicate.js';
import {
  InputError,
  jsonResult,
  levelOf,
  loadVariants,
  parseFlags,
  parseJson,
  runCommand,
  variantById,
  variantFromFlags,
  type CommandResult,
  type Flags,
} from '../io.js';

const USAGE =
  'usage: ai orders [--variant <id>] [--power <P>]… [--seed <S>] [--budget <N>] [--level easy|normal|hard] | ai declare [--variant <id>] [--power <P>]… [--seed <S>] [--level easy|normal|hard]';

export async function aiCommand(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const [sub, ...rest] = args;
    if (sub !== 'orders' && sub !== 'declare')
      throw new InputError(sub === undefined ? USAGE : `unknown ai command "${sub}" (${USAGE})`);
    const { values: flagPowers, rest: others } = takeRepeated(rest, 'power');
    // `--power` (taken above, repeatable) is listed too, so an unknown option's refusal names every option.
    const flags = parseFlags(
      others,
      sub === 'orders'
        ? ['variant', 'variant-file', 'power', 'seed', 'budget', 'level']
        : ['variant', 'power', 'seed', 'level'],
    );
    if (flags.positional.length > 0) throw new InputError(`unexpected argument "${flags.positional[0]}"`);
    const input = parseJson(stdin);
    const list: unknown[] = Array.isArray(input) ? input : [input];
    // `ai declare` without a variant anywhere: the bundled variant that has declarations, when exactly one has.
    if (sub === 'declare' && !flags.values.has('variant')) await loadVariants(BUNDLED_VARIANT_IDS);
    const fallback = sub === 'declare' && !flags.values.has('variant') ? declaringVariant() : undefined;
    const withVariant = fallback
      ? list.map((raw) => (isObject(raw) && raw.variant === undefined ? { ...raw, variant: fallback.id } : raw))
      : list;
    const cases = await readCases(flags, withVariant);
    let flagVariant: Variant | undefined;
    const defaultVariant = () => (flagVariant ??= variantFromFlags(flags));
    const answers = cases.map((c, i) => {
      const raw = withVariant[i] as Record<string, unknown>;
      const name = caseName(c, i);
      const base = c.variant ? variantById(c.variant) : defaultVariant();
      const setup = setUpCase(base, c, name);
      const powers = powersOf(setup.variant, raw, flagPowers, name);
      const seed = seedOf(raw, flags, name);
      const level = levelOf(raw, flags, name);
      return sub === 'orders'
        ? {
            id: c.id ?? null,
            phase: setup.position.phase,
            orders: ordersFor(setup, c.players, powers, { seed, level, budget: budgetOf(raw, flags, name) }),
          }
        : { id: c.id ?? null, declarations: declarationsFor(setup, c.orders, c.players, powers, raw, name, level) };
    });
    return jsonResult(Array.isArray(input) ? answers : answers[0]);
  });
}

type Setup = ReturnType<typeof setUpCase>;

function ordersFor(
  setup: Setup,
  players: Power[] | undefined,
  powers: Power[] | null,
  { seed, level, budget }: { seed: string; level: Level; budget: number | undefined },
) {
  const { variant, position, options } = setup;
  const chosen = powers ?? defaultPowers(variant, position, players);
  return chosen.flatMap((power) =>
    toTexts(
      variant,
      aiOrders({
        variant,
        position,
        power,
        seed,
        level,
        options,
        ...(players ? { players } : {}),
        ...(budget !== undefined ? { budget } : {}),
      }),
    ),
  );
}

/**
 * Every power with something to decide that nobody holds (`players`), less the powers the players' vote moves; and when
 * a power the vote moves has something to decide (a neutral unit's retreat, a neutral's build or disband), every power
 * nobody holds that is still in the game, since each votes on it (docs/ai.md "What the variants ask beyond orders").
 */
function defaultPowers(variant: Variant, position: Position, players: Power[] | undefined): Power[] {
  const seated = new Set(players ?? []);
  const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players: players ?? [] }) ?? []);
  const acting = powersToAct(variant, position);
  const own = acting.filter((p) => !seated.has(p) && !voted.has(p));
  if (!acting.some((p) => voted.has(p))) return own;
  const inGame = (p: Power) =>
    position.units.some((u) => u.power === p) || (position.supplyCenters[p]?.length ?? 0) > 0;
  const voters = variant.powers
    .map((p) => p.name)
    .filter((p) => !seated.has(p) && !voted.has(p) && !own.includes(p) && inGame(p));
  return [...own, ...voters];
}

function declarationsFor(
  setup: Setup,
  given: { power: string; text: string }[],
  players: Power[] | undefined,
  powers: Power[] | null,
  raw: Record<string, unknown>,
  name: string,
  level: Level,
): DecisiveDeclaration[] {
  const { variant, position, options, context } = setup;
  if (position.phase.type !== 'movement') return [];
  const orders: PowerOrder[] = [];
  for (const o of given) {
    const read = readOrder(variant, o.text, { position });
    if (read.ok) orders.push({ power: o.power, order: read.order });
  }
  const offered =
    raw.decisive !== undefined
      ? readOffered(raw.decisive, name)
      : (variant.rules.decisive?.({
          map: variant.map,
          position,
          orders,
          adjudication: adjudicate(variant, position, orders, context),
          options,
        }) ?? []);
  const seated = new Set(players ?? []);
  const chosen = powers ?? [...new Set(offered.map((d) => d.power))].filter((p) => !seated.has(p)).sort();
  const commanders = commandersOf(variant, raw.commanders, name);
  return chosen.flatMap((power) => {
    const count = commanders[power];
    return aiDeclarations({
      variant,
      position,
      orders,
      offered,
      power,
      count: count ?? 1,
      options,
      level,
      ...(players ? { players } : {}),
    });
  });
}

function readOffered(value: unknown, name: string): DecisiveDeclaration[] {
  if (!Array.isArray(value)) throw new InputError(`${name}: decisive: not an array`);
  return value.map((d, i) => {
    const ok =
      isObject(d) &&
      typeof d.power === 'string' &&
      typeof d.unit === 'string' &&
      (d.kind === 'move' || d.kind === 'hold') &&
      typeof d.province === 'string';
    if (!ok) throw new InputError(`${name}: decisive.${i}: expected {power, unit, kind: "move"|"hold", province}`);
    return {
      power: d.power as string,
      unit: d.unit as string,
      kind: d.kind as 'move' | 'hold',
      province: d.province as string,
    };
  });
}

/** A case's `commanders` (`{power: n}`, docs/cli.md), every entry checked, whichever powers are asked. */
function commandersOf(variant: Variant, value: unknown, name: string): Record<string, number> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new InputError(`${name}: commanders: expected {power: number of declarations}`);
  const known = new Set(variant.powers.map((p) => p.name));
  for (const [power, count] of Object.entries(value)) {
    if (!known.has(power))
      throw new InputError(
        `${name}: commanders: "${power}" is not a power of ${variant.id} (${[...known].join(', ')})`,
      );
    if (!(Number.isInteger(count) && (count as number) >= 0))
      throw new InputError(`${name}: commanders.${power}: not a whole number`);
  }
  return value as Record<string, number>;
}

/** A case's `powers` (else the flags'; null: the default), each checked against the variant. */
function powersOf(variant: Variant, raw: Record<string, unknown>, flagPowers: string[], name: string): Power[] | null {
  let list: unknown = raw.powers;
  if (list === undefined) list = flagPowers.length > 0 ? flagPowers : null;
  if (list === null) return null;
  if (!Array.isArray(list) || list.some((p) => typeof p !== 'string'))
    throw new InputError(`${name}: powers: expected an array of power names`);
  const known = new Set(variant.powers.map((p) => p.name));
  for (const p of list as string[]) {
    if (!known.has(p))
      throw new InputError(`${name}: powers: "${p}" is not a power of ${variant.id} (${[...known].join(', ')})`);
  }
  return [...new Set(list as string[])];
}

function seedOf(raw: Record<string, unknown>, flags: Flags, name: string): string {
  const seed = raw.seed ?? flags.values.get('seed') ?? '0';
  if (typeof seed !== 'string' && !(typeof seed === 'number' && Number.isFinite(seed)))
    throw new InputError(`${name}: seed: expected a string or a number`);
  return String(seed);
}

function budgetOf(raw: Record<string, unknown>, flags: Flags, name: string): number | undefined {
  const value = raw.budget ?? flags.values.get('budget');
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InputError(`${name}: budget: expected a whole number of simulations`);
  return n;
}

/** The bundled variant with declarations (`rules.decisive`) when exactly one has them. */
function declaringVariant(): Variant | undefined {
  const found = BUNDLED_VARIANT_IDS.map((id) => variantById(id)).filter((v) => v.rules.decisive);
  return found.length === 1 ? found[0] : undefined;
}

/** All values of a repeatable flag (`--power A --power=B`), and the other arguments. */
function takeRepeated(args: readonly string[], name: string): { values: string[]; rest: string[] } {
  const values: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) {
      const value = args[++i];
      if (value === undefined || value === '') throw new InputError(`option --${name} needs a value`);
      values.push(value);
    } else if (arg.startsWith(`--${name}=`)) {
      const value = arg.slice(name.length + 3);
      if (value === '') throw new InputError(`option --${name} needs a value`);
      values.push(value);
    } else rest.push(arg);
  }
  return { values, rest };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
