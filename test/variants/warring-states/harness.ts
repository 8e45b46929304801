/**
 * Data-driven Warring States cases: a board, orders as players type them, and the outcome the seed states.
 */
import { adjudicate } from '../../../src/engine/index.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { Adjudication, OrderOutcome, Position, PowerOrder, Unit } from '../../../src/engine/types.js';
import { warringStates } from '../../../src/variants/warring-states/index.js';

export interface WsCase {
  name: string;
  /** What the seed says about the example (or the decision in docs/rules/warring-states.md). */
  seed: string;
  /** `Power Type province`, e.g. `Qi A lin`. */
  units: string[];
  orders: Record<string, string[]>;
  expect: {
    /** Every unit on the board afterwards (dislodged units excluded). */
    units?: string[];
    /** Result per starting province of the ordered unit. */
    results?: Record<string, OrderOutcome>;
    dislodged?: string[];
    /** The reason players read, per starting province of the ordered unit. */
    reasons?: Record<string, string>;
    /** Retreat options per dislodged unit's province. */
    retreats?: Record<string, string[]>;
    /** Provinces left contested by a standoff (no retreat there). */
    contested?: string[];
  };
}

export function unitOf(text: string): Unit {
  const [power, type, province] = text.split(/\s+/);
  return { power: power!, type: type as 'A' | 'F', province: province!, coast: null };
}

export function unitText(u: Unit): string {
  return `${u.power} ${u.type} ${u.province}`;
}

export function positionOf(units: string[]): Position {
  return {
    phase: { season: 'spring', year: 1, type: 'movement' },
    units: units.map(unitOf),
    dislodged: [],
    contested: [],
    supplyCenters: warringStates.startingPosition().supplyCenters,
  };
}

export function ordersOf(position: Position, orders: Record<string, string[]>): PowerOrder[] {
  const out: PowerOrder[] = [];
  for (const [power, texts] of Object.entries(orders)) {
    for (const text of texts) {
      const r = parseOrder(warringStates, text, { position, power });
      if (!r.ok) throw new Error(`"${text}" does not parse: ${r.error}`);
      out.push({ power, order: r.order });
    }
  }
  return out;
}

export function run(c: WsCase, units: string[] = c.units): Adjudication {
  const position = positionOf(units);
  return adjudicate(warringStates, position, ordersOf(position, c.orders));
}

/** The outcome of the case in the shape of `expect`, for one `toEqual`. */
export function outcome(c: WsCase, adj: Adjudication): WsCase['expect'] {
  const got: WsCase['expect'] = {};
  if (c.expect.units) got.units = adj.position.units.map(unitText).sort();
  if (c.expect.dislodged) got.dislodged = adj.dislodged.map(unitText).sort();
  if (c.expect.results) {
    got.results = {};
    for (const province of Object.keys(c.expect.results)) {
      const r = adj.results.find((x) => x.unit.split(' ')[1] === province && !x.defaulted);
      got.results[province] = r ? r.result : ('missing' as OrderOutcome);
    }
  }
  if (c.expect.reasons) {
    got.reasons = {};
    for (const province of Object.keys(c.expect.reasons)) {
      got.reasons[province] =
        adj.results.find((x) => x.unit.split(' ')[1] === province && !x.defaulted)?.reason ?? 'missing';
    }
  }
  if (c.expect.retreats)
    got.retreats = Object.fromEntries(adj.dislodged.map((d) => [d.province, d.retreatOptions ?? []]));
  if (c.expect.contested) got.contested = [...adj.contested].sort();
  return got;
}

export function expected(c: WsCase): WsCase['expect'] {
  return {
    ...c.expect,
    ...(c.expect.units ? { units: [...c.expect.units].sort() } : {}),
    ...(c.expect.dislodged ? { dislodged: [...c.expect.dislodged].sort() } : {}),
  };
}
