/**
 * The Decisive Battle phase, as an API for callers (the bot, the CLI). Pure and deterministic.
 *
 *   const allowed = declarationsAllowed(warhammer, position, orders, options);     // what each player may declare
 *   const { battles, problems } = groupBattles(warhammer, position, orders, declared);  // battles with sides and army sizes
 *   const roll = rollBattle(battle, seed);                                          // dice mode: seeded, weighted by points
 *   const reports = battleReports(battle, roll.winner.lead);                        // or the game master's pick
 *   const adj = adjudicate(warhammer, position, orders, { battles: reports });      // the final result
 *
 * Seed, "How to fight a Decisive Battle" items 3–6 and the army-size table under Pre-game:
 * "Strength … 1 100% 1500 pts … 2 125% 1875 (2 armies of 940) … 3 150% 2250 (3 armies of 750) … 4 175% 2625 (4 armies
 * of 660) … 5 200% 3000 (5 armies of 600)"; "A unit supporting a second unit combines the two armies together if they
 * are of the same nation"; "does NOT combine the armies together if they are of different nations".
 * docs/decisions.md: foreign supports split the total (strength 2 = 125 % = two armies of 940 points).
 */
import type { DecisiveDeclaration } from '../../engine/rules.js';
import { provisionalOutcome } from './rules/decisive.js';
import type { BattleReport, Position, Power, PowerOrder, ProvinceId } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { adjudicate } from '../../engine/adjudicate.js';
import { battlesAt, fieldOf, type FieldSide } from './rules/battlefield.js';
import { campaignOf, capitalsIn } from './campaign.js';
import { readFeatures } from './features.js';

/** One army on the battlefield: a nation's share of a side. */
export interface Army {
  power: Power;
  /** Units it stands for (`A altd`). */
  units: string[];
  points: number;
}

export interface BattleSide {
  /** The leading unit (`A nuln`): the declaring unit on a declarer's side, else the principal of the strongest group. */
  lead: string;
  /** The leading unit as players read it, when that is not its label: a virtual army (`the Illusion`, labelled `A athe`). */
  leadName?: string;
  /** The power that wins when this side wins (the lead's power; seed item 7). */
  power: Power;
  /** Every unit fighting on this side (the leading units and the supports that counted provisionally). */
  units: string[];
  /** 1 per unit plus the abilities' strength (Sea Raiders, the Illusion, Strong Capitals). */
  strength: number;
  /** The seed's table: 100 % at strength 1, +25 % per strength (200 % at 5; the same step above 5). */
  percent: number;
  /** Total points (base × percent), split into `armies` by nation. */
  points: number;
  armies: Army[];
}

export interface DecisiveBattle {
  /** Stable id: its provinces joined by `+` (`midd`, `b+c`). */
  id: string;
  /** The provinces the battle decides (one, or several when groups share units: the seed's A/B/C/D example). */
  provinces: ProvinceId[];
  /** The declarations that caused it. */
  declarations: DecisiveDeclaration[];
  sides: BattleSide[];
}

/** Base army size at strength 1 (the seed's table: 1500 or 2000 points). */
export const DEFAULT_BASE_POINTS = 1500;

/** The declarations the provisional result allows (empty with `decisiveBattles: off`). */
export function declarationsAllowed(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  options: Record<string, string> = {},
): DecisiveDeclaration[] {
  const adjudication = adjudicate(variant, position, orders);
  return variant.rules.decisive?.({ map: variant.map, position, orders, adjudication, options }) ?? [];
}

/**
 * Groups declarations into battles with sides and army sizes. A declaration the provisional result does not allow
 * is left out with a problem line; so is a second declaration for the same unit.
 */
export function groupBattles(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  declarations: DecisiveDeclaration[],
  /** `options`: the game's options (Strong Capitals changes army sizes); `basePoints`: 1500 (default) or 2000. */
  opts: { basePoints?: number; options?: Record<string, string> } = {},
): { battles: DecisiveBattle[]; problems: string[] } {
  const base = opts.basePoints ?? DEFAULT_BASE_POINTS;
  const allowed = declarationsAllowed(variant, position, orders, { ...opts.options, decisiveBattles: 'gm' });
  const key = (d: DecisiveDeclaration) => `${d.power}|${d.unit}|${d.kind}|${d.province}`;
  const allowedKeys = new Set(allowed.map(key));
  const problems: string[] = [];
  const seen = new Set<string>();
  const valid = [...declarations]
    .sort((a, b) => key(a).localeCompare(key(b)))
    .filter((d) => {
      if (!allowedKeys.has(key(d)))
        problems.push(
          `${d.power} cannot declare a decisive ${d.kind} of ${d.unit} at ${d.province}: the provisional result does not allow it`,
        );
      else if (seen.has(`${d.power}|${d.unit}`)) problems.push(`${d.power} declared ${d.unit} twice`);
      else return seen.add(`${d.power}|${d.unit}`);
      return false;
    });
  const outcome = provisionalOutcome(variant.map, variant.rules, position, orders);
  // Strong Capitals adds to the strength a unit holds with, so to its army (campaign.ts).
  const strong = campaignOf(opts.options ?? {}).strongCapitals;
  const field = fieldOf(
    variant.map,
    outcome,
    strong ? { strongCapitals: capitalsIn(position, readFeatures(variant.data).capitals) } : {},
  );
  const declaring = new Set(valid.map((d) => `${d.power}|${d.unit}`));
  const found = battlesAt(
    field,
    valid.map((d) => d.province),
    (groups) => groups.map((g) => g.principal).find((u) => declaring.has(`${u.power}|${u.label}`)),
  );
  const battles = found.map((b) => ({
    id: b.provinces.join('+'),
    provinces: b.provinces,
    declarations: valid.filter((d) => b.provinces.includes(d.province)),
    sides: b.sides.map((s) => battleSide(s, base)),
  }));
  return { battles, problems };
}

function battleSide(s: FieldSide, base: number): BattleSide {
  const percent = 100 + 25 * (s.strength - 1);
  const points = (base * percent) / 100;
  const shares = new Map<Power, string[]>();
  for (const u of s.units) shares.set(u.power, [...(shares.get(u.power) ?? []), u.label]);
  const bonus = s.strength - s.units.length;
  const armies = [...shares.entries()]
    .map(([power, units]) => ({
      power,
      units,
      points: roundTen((points * (units.length + (power === s.power ? bonus : 0))) / s.strength),
    }))
    .sort((a, b) => (a.power === s.power ? -1 : b.power === s.power ? 1 : a.power.localeCompare(b.power)));
  return {
    lead: s.lead,
    ...(s.leadName !== s.lead ? { leadName: s.leadName } : {}),
    power: s.power,
    units: s.units.map((u) => u.label),
    strength: s.strength,
    percent,
    points,
    armies,
  };
}

/** The seed's table keeps whole totals (1875) and rounds shares to tens (1875 / 2 = 937.5 → 940; 2625 / 4 = 656.25 → 660). */
function roundTen(x: number): number {
  return Number.isInteger(x) ? x : Math.round(x / 10) * 10;
}

export interface BattleRoll {
  battle: string;
  winner: BattleSide;
  /** The roll, 1..total: the side whose share of the points it falls in wins (sides in their listed order). */
  roll: number;
  total: number;
  /** One sentence for the results post. */
  text: string;
}

/**
 * Dice mode: a seeded roll weighted by each side's points. The same seed and battle always give the same roll; each
 * battle draws from its own stream (seed + battle id), so battles do not depend on each other's order.
 */
export function rollBattle(battle: DecisiveBattle, seed: string | number): BattleRoll {
  const total = battle.sides.reduce((n, s) => n + s.points, 0);
  const roll = 1 + Math.floor(random(`${seed}|${battle.id}`) * total);
  let upTo = 0;
  let winner = battle.sides[battle.sides.length - 1]!;
  for (const s of battle.sides) {
    upTo += s.points;
    if (roll <= upTo) {
      winner = s;
      break;
    }
  }
  const odds = battle.sides.map((s) => `${s.power} ${s.points}`).join(' vs ');
  return {
    battle: battle.id,
    winner,
    roll,
    total,
    text: `Battle at ${battle.provinces.join(', ')}: ${odds}; rolled ${roll} of ${total}: ${winner.power} wins`,
  };
}

/** A number in [0, 1) from a string: FNV-1a into mulberry32 (small, well spread, deterministic everywhere). */
function random(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The `battles` input for a battle won by the side led by `lead` (one entry per province, naming the side). */
export function battleReports(battle: DecisiveBattle, lead: string, destroyed?: true | string[]): BattleReport[] {
  const side = battle.sides.find((s) => s.lead === lead || s.units.includes(lead));
  if (!side) throw new Error(`no side of the battle ${battle.id} has ${lead}`);
  return battle.provinces.map((province) => ({
    province,
    winner: side.power,
    unit: side.lead,
    ...(destroyed ? { destroyed } : {}),
  }));
}

/** What is wrong with these reports for this phase (empty: they can be adjudicated). One readable line each. */
export function checkBattleReports(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  reports: BattleReport[],
  options: Record<string, string> = {},
): string[] {
  return (
    variant.rules.checkBattles?.({ map: variant.map, position, orders, battles: reports, options }) ?? [
      'this variant has no decisive battles',
    ]
  );
}
