/**
 * Autocomplete for `/order`: the player types one or several orders separated by `;` or new lines, and we
 * propose completions of the last one from the legal orders of their units (src/engine/options.ts).
 * Discord shows at most 25 choices of at most 100 characters, and a chosen value replaces the whole option,
 * so each value is the earlier orders plus the completed last one.
 */
import { formatUnit } from '../engine/format.js';
import { legalOrders } from '../engine/options.js';
import type { Position, Power } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { MAX_CHOICE, MAX_CHOICES } from './text.js';

export interface UnitOrders {
  /** `A par` */
  unit: string;
  /** Legal orders for the unit, normalized (`A par - bur`). */
  orders: string[];
  /** The unit already has an order stored this phase (its suggestions come after the others'). */
  ordered?: boolean;
  /** Shown after each of its choices (`vote for Song`: a ballot for a neutral unit). */
  label?: string;
}

/**
 * The legal orders of `power`'s units on the board, one entry per unit, as `/order` and `/sandbox order` offer them:
 * `ordered` the provinces whose unit has an order already (or `allOrdered`: every unit, listed after the others),
 * `label` shown after each choice.
 */
export function unitOrdersOf(
  variant: Variant,
  position: Position,
  power: Power,
  opts: { ordered?: ReadonlySet<string>; allOrdered?: boolean; label?: string } = {},
): UnitOrders[] {
  return legalOrders(variant, position, power).map((u) => ({
    unit: formatUnit(u.unit),
    orders: u.orders,
    ordered: opts.allOrdered === true || (opts.ordered?.has(u.unit.province) ?? false),
    ...(opts.label ? { label: opts.label } : {}),
  }));
}

export interface Choice {
  name: string;
  value: string;
}

/** Lower case, one space between tokens, `-` and `->` as a token. */
export function normalizeTyped(text: string): string {
  return text
    .toLowerCase()
    .replace(/->|→/g, ' - ')
    .replace(/-/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Verbs a build or disband may start with (the parser's words: `Build A bei`, `Disband F lyo`), and their postfix letter. */
const VERB_FIRST: Record<string, string> = { build: 'b', builds: 'b', disband: 'd', disbands: 'd', remove: 'd', removes: 'd' };

/**
 * The rules pages write builds verb first (`Build A bei`), the legal orders verb last (`A bei B`): typed verb first,
 * the rest is matched against the orders ending with that verb's letter, so either spelling finds the same choices.
 */
function verbFirst(typed: string): { rest: string; letter: string } | null {
  const [verb, ...rest] = typed.split(' ');
  const letter = VERB_FIRST[verb ?? ''];
  return letter ? { rest: rest.join(' '), letter } : null;
}

export function suggestOrders(typedOption: string, units: UnitOrders[]): Choice[] {
  const segments = typedOption.split(/[;\n]/);
  const last = segments.pop() ?? '';
  const earlier = segments.map((s) => s.trim()).filter((s) => s !== '');
  const prefix = earlier.length > 0 ? earlier.join('; ') + '; ' : '';
  // No choice longer than 100 characters can be offered: with that much typed there is nothing to complete
  // (and a long input costs nothing; abuse issue §1).
  if (prefix.length >= MAX_CHOICE || last.length > MAX_CHOICE) return [];
  const written = normalizeTyped(last);
  const verb = verbFirst(written);
  const typed = verb ? verb.rest : written;
  const tokens = typed === '' ? [] : typed.split(' ');

  const exact: string[] = [];
  const loose: string[] = [];
  const ordered = [...units].sort((a, b) => Number(a.ordered ?? false) - Number(b.ordered ?? false));
  const labelOf = new Map<string, string>();
  for (const u of units) if (u.label) for (const o of u.orders) labelOf.set(o, u.label);
  for (const unit of ordered) {
    for (const order of unit.orders) {
      const full = normalizeTyped(order);
      if (verb && !full.endsWith(` ${verb.letter}`)) continue;
      const n = verb ? full.slice(0, -2) : full;
      if (n.startsWith(typed)) exact.push(order);
      else if (tokens.every((t) => n.split(' ').includes(t) || n.includes(t))) loose.push(order);
    }
  }
  // With nothing typed, show each unit's first orders round-robin so every unit appears.
  const candidates = written === '' ? roundRobin(ordered) : [...exact, ...loose];
  const choices: Choice[] = [];
  for (const order of candidates) {
    const value = prefix + order;
    if (value.length > MAX_CHOICE) continue;
    const label = labelOf.get(order);
    const name = `${prefix ? `… ${order}` : order}${label ? ` (${label})` : ''}`;
    choices.push({ name: name.length > MAX_CHOICE ? order : name, value });
    if (choices.length === MAX_CHOICES) break;
  }
  return choices;
}

function roundRobin(units: UnitOrders[]): string[] {
  const out: string[] = [];
  const longest = Math.max(0, ...units.map((u) => u.orders.length));
  for (let i = 0; i < longest && out.length < MAX_CHOICES; i++) {
    for (const u of units) if (u.orders[i] !== undefined) out.push(u.orders[i]!);
  }
  return out;
}
