/**
 * Data-driven Warhammer cases: a board, orders as players type them, and the outcome the seed (or the decision in
 * docs/rules/warhammer.md) states. Units are written `Power: T prov` because power names have spaces.
 */
import { adjudicate } from '../../../src/engine/index.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { Adjudication, OrderOutcome, Position, PowerOrder, Unit } from '../../../src/engine/types.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';

export interface WhCase {
  name: string;
  /** The seed sentence (or decision) the case rebuilds. */
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  /** Season of the movement phase (default spring). */
  season?: 'spring' | 'fall';
  /** Centres that changed hands before the phase: province -> owner. */
  owners?: Record<string, string>;
  /** Game options (campaign options: `{strongCapitals: 'on'}`). */
  options?: Record<string, string>;
  expect: {
    units?: string[];
    results?: Record<string, OrderOutcome>;
    dislodged?: string[];
    retreats?: Record<string, string[]>;
  };
}

export function unitOf(text: string): Unit {
  const [power, rest] = text.split(':').map((s) => s.trim()) as [string, string];
  const [type, province] = rest.split(/\s+/);
  return { power, type: type as 'A' | 'F', province: province!, coast: null };
}

export const unitText = (u: Unit): string => `${u.power}: ${u.type} ${u.province}`;

export function positionOf(
  units: string[],
  season: 'spring' | 'fall' = 'spring',
  owners: Record<string, string> = {},
): Position {
  const supplyCenters = warhammer.startingPosition().supplyCenters;
  for (const [province, owner] of Object.entries(owners)) {
    for (const power of Object.keys(supplyCenters))
      supplyCenters[power] = supplyCenters[power]!.filter((p) => p !== province);
    supplyCenters[owner] = [...(supplyCenters[owner] ?? []), province].sort();
  }
  return {
    phase: { season, year: 2500, type: 'movement' },
    units: units.map(unitOf),
    dislodged: [],
    contested: [],
    supplyCenters,
  };
}

export function ordersOf(position: Position, orders: Record<string, string[]>): PowerOrder[] {
  return Object.entries(orders).flatMap(([power, texts]) =>
    texts.map((text) => {
      const r = parseOrder(warhammer, text, { position, power });
      if (!r.ok) throw new Error(`"${text}" does not parse: ${r.error}`);
      return { power, order: r.order };
    }),
  );
}

export function run(c: WhCase): Adjudication {
  const position = positionOf(c.units, c.season, c.owners);
  const variant = c.options ? warhammer.configure!(c.options) : warhammer;
  return adjudicate(variant, position, ordersOf(position, c.orders));
}

export function outcome(c: WhCase, adj: Adjudication): WhCase['expect'] {
  const got: WhCase['expect'] = {};
  if (c.expect.units) got.units = adj.position.units.map(unitText).sort();
  if (c.expect.dislodged) got.dislodged = adj.position.dislodged.map(unitText).sort();
  if (c.expect.results) {
    got.results = {};
    for (const province of Object.keys(c.expect.results)) {
      const r = adj.results.find((x) => x.unit.split(' ')[1] === province && !x.defaulted);
      got.results[province] = r ? r.result : ('missing' as OrderOutcome);
    }
  }
  if (c.expect.retreats) {
    got.retreats = Object.fromEntries(
      adj.position.dislodged.map((d) => [d.province, [...(d.retreatOptions ?? [])].sort()]),
    );
  }
  return got;
}
