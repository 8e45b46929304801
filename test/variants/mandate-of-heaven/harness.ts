/**
 * Data-driven Mandate of Heaven cases: a position and orders in the CLI's case shape, and the parts of the result
 * each case checks. Units are written `Power T prov` (`Pei Choushi A pch`).
 */
import { expect } from 'vitest';
import { adjudicateCase, type AdjudicateCase, type CaseOutput } from '../../../src/cli/commands/adjudicate.js';
import type { Phase } from '../../../src/engine/types.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';

export const SPRING_1: Phase = { season: 'spring', year: 1, type: 'movement' };
export const FALL_1: Phase = { season: 'fall', year: 1, type: 'movement' };
export const winterOf = (year: number): Phase => ({ season: 'winter', year, type: 'adjustment' });

export interface MohCase {
  /** The brief's example or scenario it rebuilds (§3.2 row, §5 scenario …). */
  name: string;
  /** The seed sentence the case rests on (audit positions). */
  seed?: string;
  phase: Phase;
  units: string[];
  dislodged?: { unit: string; attackerFrom: string }[];
  supplyCenters?: Record<string, string[]>;
  variantState?: Record<string, unknown>;
  players?: string[];
  /** Orders by the power that gives them (a player's order for a neutral unit is a ballot). */
  orders?: Record<string, string[]>;
  expect: {
    /** unit text (`A son`) -> what its result must say. */
    results?: Record<string, { power?: string; order?: string; result?: string; reason?: string | RegExp }>;
    /** Units on the board after the phase (any order). */
    units?: string[];
    /** Units that must (or must not: `!Song A son`) be on the board afterwards. */
    has?: string[];
    dislodged?: string[];
    /** Dislodged unit (`Zhao A gao`) -> the provinces it may retreat to. */
    retreats?: Record<string, string[]>;
    variantState?: Record<string, unknown>;
    events?: string[];
    /** The texts of the events, in order (what players read). */
    eventTexts?: (string | RegExp)[];
    winner?: string | null;
    nextPhase?: Phase;
  };
}

export function unitOf(text: string) {
  const m = /^(.+) ([AF]) ([a-z]+)$/.exec(text);
  if (!m) throw new Error(`bad unit "${text}"`);
  return { power: m[1]!, type: m[2] as 'A' | 'F', province: m[3]!, coast: null };
}

export const unitText = (u: { power: string; type: string; province: string }) => `${u.power} ${u.type} ${u.province}`;

/** The starting ownership of the map, for cases that do not give their own. */
export const startCentres = () => mandateOfHeaven.startingPosition().supplyCenters;

export function run(c: MohCase): CaseOutput {
  const input: AdjudicateCase = {
    phase: c.phase,
    units: c.units.map(unitOf),
    orders: Object.entries(c.orders ?? {}).flatMap(([power, list]) => list.map((text) => ({ power, text }))),
    supplyCenters: c.supplyCenters ?? startCentres(),
    ...(c.dislodged
      ? { dislodged: c.dislodged.map((d) => ({ ...unitOf(d.unit), attackerFrom: d.attackerFrom, viaConvoy: false })) }
      : {}),
    ...(c.variantState ? { variantState: c.variantState } : {}),
    ...(c.players ? { players: c.players } : {}),
  };
  return adjudicateCase(mandateOfHeaven, input, c.name);
}

export function check(c: MohCase, out: CaseOutput): void {
  const e = c.expect;
  for (const [unit, want] of Object.entries(e.results ?? {})) {
    const got = out.results.filter((r) => r.unit === unit && (want.power === undefined || r.power === want.power));
    expect(got.length, `${c.name}: results for ${unit}: ${JSON.stringify(out.results)}`).toBeGreaterThan(0);
    // The line of the order carried out; an order not carried out (a voted neutral's own) has a void line too.
    const carried = got.filter((r) => r.result !== 'void' || want.result === 'void');
    const r = (carried.length > 0 ? carried : got)[(carried.length > 0 ? carried : got).length - 1]!;
    if (want.order !== undefined) expect(r.order, `${c.name}: ${unit} order`).toBe(want.order);
    if (want.result !== undefined) expect(r.result, `${c.name}: ${unit} result (${r.reason})`).toBe(want.result);
    if (want.reason instanceof RegExp) expect(r.reason, `${c.name}: ${unit} reason`).toMatch(want.reason);
    else if (want.reason !== undefined) expect(r.reason, `${c.name}: ${unit} reason`).toBe(want.reason);
  }
  const units = out.units.map(unitText);
  if (e.units) expect([...units].sort(), `${c.name}: units`).toEqual([...e.units].sort());
  for (const h of e.has ?? []) {
    if (h.startsWith('!')) expect(units, `${c.name}: units`).not.toContain(h.slice(1));
    else expect(units, `${c.name}: units`).toContain(h);
  }
  if (e.dislodged) expect(out.dislodged.map(unitText).sort(), `${c.name}: dislodged`).toEqual([...e.dislodged].sort());
  for (const [unit, options] of Object.entries(e.retreats ?? {})) {
    const d = out.dislodged.find((x) => unitText(x) === unit);
    expect(d?.retreatOptions, `${c.name}: retreats of ${unit}`).toEqual(options);
  }
  if (e.variantState) expect(out.variantState, `${c.name}: variantState`).toMatchObject(e.variantState);
  if (e.events)
    expect(
      (out.events ?? []).map((ev) => ev.kind),
      `${c.name}: events`,
    ).toEqual(e.events);
  if (e.eventTexts) {
    const texts = (out.events ?? []).map((ev) => ev.text);
    expect(texts.length, `${c.name}: event texts ${JSON.stringify(texts)}`).toBe(e.eventTexts.length);
    e.eventTexts.forEach((want, i) =>
      want instanceof RegExp
        ? expect(texts[i], `${c.name}: event ${i}`).toMatch(want)
        : expect(texts[i], `${c.name}: event ${i}`).toBe(want),
    );
  }
  if (e.winner !== undefined) expect(out.winner, `${c.name}: winner`).toBe(e.winner);
  if (e.nextPhase) expect(out.nextPhase, `${c.name}: next phase`).toEqual(e.nextPhase);
}
