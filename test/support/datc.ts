/**
 * Loading DATC v3.1 cases (test/fixtures/datc.json, a copy of the DATC v3.1 cases) into engine data.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Order, Phase, Position, PowerOrder, Unit } from '../../src/engine/types.js';

export interface DatcUnit {
  power: string;
  type: 'A' | 'F';
  province: string;
  coast: string | null;
}
export interface DatcParsed {
  type: 'hold' | 'move' | 'support' | 'convoy' | 'retreat' | 'build' | 'disband';
  unit: { type: 'A' | 'F' | null; province: string; coast: string | null };
  to?: { province: string; coast: string | null } | null;
  target?: { type: 'A' | 'F' | null; province: string; coast: string | null };
  viaConvoy?: boolean;
}
export interface DatcOrder {
  power: string;
  text: string;
  norm: string;
  parsed: DatcParsed;
}
export interface DatcMovementExpected {
  units: DatcUnit[];
  dislodged: (DatcUnit & { attackerFrom: string; viaConvoy: boolean })[];
  contested: string[];
  retreatOptions: Record<string, string[]>;
  orderResults: Record<string, string>;
}
export interface DatcCase {
  id: string;
  title: string;
  phase: Phase;
  units: DatcUnit[];
  dislodged?: (DatcUnit & { attackerFrom: string; viaConvoy: boolean })[];
  contested?: string[];
  supplyCenters?: Record<string, string[]>;
  orders: DatcOrder[];
  prelude?: { phase: Phase; units: DatcUnit[]; orders: DatcOrder[]; expected: DatcMovementExpected };
  // biome-ignore lint/suspicious/noExplicitAny: each DATC case kind has its own expected shape, read by its test
  expected: any;
}

export function loadDatc(): DatcCase[] {
  const path = fileURLToPath(new URL('../fixtures/datc.json', import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as DatcCase[];
}

export function toOrder(p: DatcParsed): Order {
  const unit = { type: p.unit.type, province: p.unit.province, coast: p.unit.coast };
  switch (p.type) {
    case 'hold':
      return { kind: 'hold', unit };
    case 'move':
      return { kind: 'move', unit, to: p.to!, viaConvoy: p.viaConvoy ?? false };
    case 'support':
      return { kind: 'support', unit, target: p.target!, to: p.to ?? null };
    case 'convoy':
      return { kind: 'convoy', unit, target: p.target!, to: p.to! };
    case 'retreat':
      return { kind: 'retreat', unit, to: p.to! };
    case 'build':
      return { kind: 'build', unit: { ...unit, type: unit.type! } };
    case 'disband':
      return { kind: 'disband', unit };
  }
}

export function toOrders(orders: DatcOrder[]): PowerOrder[] {
  return orders.map((o) => ({ power: o.power, order: toOrder(o.parsed) }));
}

export function toPosition(
  c: {
    phase: Phase;
    units: DatcUnit[];
    dislodged?: DatcCase['dislodged'];
    contested?: string[];
    supplyCenters?: Record<string, string[]>;
  },
  defaultCenters: Record<string, string[]>,
): Position {
  return {
    phase: c.phase,
    units: c.units.map((u) => ({ ...u })),
    dislodged: (c.dislodged ?? []).map((d) => ({ ...d })),
    contested: c.contested ?? [],
    supplyCenters: c.supplyCenters ?? defaultCenters,
  };
}

export const unitKey = (u: Unit | DatcUnit): string =>
  `${u.power} ${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''}`;
export const sortedUnits = (us: (Unit | DatcUnit)[]): string[] => us.map(unitKey).sort();
