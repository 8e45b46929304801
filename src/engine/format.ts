/**
 * Normalized order text, DPjudge-like with lowercase ids: `F nth - pic`, `A spa - por via convoy`,
 * `A tyr S A ven - tri`, `F tri S F tri`, `F nth C A lon - bel`, `A ven H`, `F tri R alb`, `A war B`, `A pic D`.
 */
import { locationKey } from './map.js';
import type { RulesModule } from './rules.js';
import type { Order, Unit, UnitRef } from './types.js';

export function formatUnit(u: UnitRef | Unit): string {
  return `${u.type ?? '?'} ${locationKey(u)}`;
}

export function formatOrder(order: Order, rules?: RulesModule): string {
  switch (order.kind) {
    case 'hold':
      return `${formatUnit(order.unit)} H`;
    case 'move':
      return `${formatUnit(order.unit)} - ${locationKey(order.to)}${order.viaConvoy ? ' via convoy' : ''}`;
    case 'support':
      return order.to
        ? `${formatUnit(order.unit)} S ${formatUnit(order.target)} - ${locationKey(order.to)}`
        : `${formatUnit(order.unit)} S ${formatUnit(order.target)}`;
    case 'convoy':
      return `${formatUnit(order.unit)} C ${formatUnit(order.target)} - ${locationKey(order.to)}`;
    case 'retreat':
      return `${formatUnit(order.unit)} R ${locationKey(order.to)}`;
    case 'disband':
      return `${formatUnit(order.unit)} D`;
    case 'build':
      return `${formatUnit(order.unit)} B`;
    case 'waive':
      return 'WAIVE';
    case 'special': {
      const spec = rules?.specialOrders?.[order.name];
      if (spec) return spec.format(order);
      return `${formatUnit(order.unit)} ${order.name}${order.path.map((l) => ` ${locationKey(l)}`).join('')}`;
    }
  }
}
