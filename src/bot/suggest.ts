/**
 * Autocomplete for `/order`: the player types one or several orders separated by `;` or new lines, and we
 * propose completions of the last one from the legal orders of their units (src/engine/options.ts).
 * Discord shows at most 25 choices of at most 100 characters, and a chosen value replaces the whole option,
 * so each value is the earlier orders plus the completed last one.
 */
import { formatUnit } from '../engine/format.js';
import { legalOrderObjects } from '../engine/options.js';
import { writeOrder, type OrderLanguage } from '../engine/parse/index.js';
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
  /**
   * Each order as typed with its provinces' full names, normalized (`a beidi b` for `A bei B`), parallel to `orders`:
   * a player who types the name the rules pages and the map show finds the order too.
   */
  named?: string[];
  /**
   * Each order as the member's language writes it (`A Paris - Bourgogne`, `A 咸陽 守`), parallel to `orders`: what the
   * choices propose (it parses back to the same order), and a spelling they are found by. Absent in English.
   */
  written?: string[];
}

/**
 * The legal orders of `power`'s units on the board, one entry per unit, as `/order` and `/sandbox order` offer them:
 * `ordered` the provinces whose unit has an order already (or `allOrdered`: every unit, listed after the others),
 * `label` shown after each choice, `language` the member's order language (src/variants/names.ts `orderLanguage`:
 * the choices are then written in it).
 */
export function unitOrdersOf(
  variant: Variant,
  position: Position,
  power: Power,
  opts: { ordered?: ReadonlySet<string>; allOrdered?: boolean; label?: string; language?: OrderLanguage } = {},
): UnitOrders[] {
  return legalOrderObjects(variant, position, power).map((u) => {
    const orders = u.orders.map((o) => writeOrder(o, variant));
    const language = opts.language;
    return {
      unit: formatUnit(u.unit),
      orders,
      ordered: opts.allOrdered === true || (opts.ordered?.has(u.unit.province) ?? false),
      ...(opts.label ? { label: opts.label } : {}),
      named: orders.map((o) => namedOrder(variant, o)),
      ...(language ? { written: u.orders.map((o) => writeOrder(o, variant, language)) } : {}),
    };
  });
}

/** `a beidi b` for `A bei B`: the order normalized, each province id replaced by the province's full name. */
function namedOrder(variant: Variant, order: string): string {
  const words = order.split(' ').map((w) => {
    const [id, coast] = w.split('/');
    const name = variant.map.province(id ?? '')?.name;
    return name ? `${name}${coast ? `/${coast}` : ''}` : w;
  });
  return normalizeTyped(words.join(' '));
}

export interface Choice {
  name: string;
  value: string;
}

/** Lower case, one space between tokens, `-` and `->` as a token. */
export function normalizeTyped(text: string): string {
  return text.toLowerCase().replace(/->|→/g, ' - ').replace(/-/g, ' - ').replace(/\s+/g, ' ').trim();
}

/** Verbs a build or disband may start with (the parser's words: `Build A bei`, `Disband F lyo`), and their postfix letter. */
const VERB_FIRST: Record<string, string> = {
  build: 'b',
  builds: 'b',
  disband: 'd',
  disbands: 'd',
  remove: 'd',
  removes: 'd',
};

/**
 * The rules pages write builds verb first (`Build A bei`), the legal orders verb last (`A bei B`): typed verb first,
 * the rest is matched against the orders ending with that verb's letter, so either spelling finds the same choices.
 */
function verbFirst(typed: string): { rest: string; letter: string } | null {
  const [verb, ...rest] = typed.split(' ');
  const letter = VERB_FIRST[verb ?? ''];
  return letter ? { rest: rest.join(' '), letter } : null;
}

/**
 * The spellings an order is found by: its own (`a bei b`), with full names (`a beidi b`) and in the member's
 * language (`a pékin construite`), each once.
 */
function formsOf(unit: UnitOrders, k: number): string[] {
  const own = normalizeTyped(unit.orders[k]!);
  const named = unit.named?.[k];
  const written = unit.written?.[k];
  const forms = [own];
  if (named && !forms.includes(named)) forms.push(named);
  if (written !== undefined) {
    const form = normalizeTyped(written);
    if (!forms.includes(form)) forms.push(form);
  }
  return forms;
}

/** The province an order is for (`bei` in `A bei B`, `spa` in `F spa/nc - mao`), none for `WAIVE`. */
function provinceOf(order: string): string | undefined {
  const words = order.split(' ');
  return words.length > 1 && (words[0] === 'A' || words[0] === 'F') ? words[1]!.split('/')[0] : undefined;
}

/**
 * The provinces the orders already written in the same text are for: a segment that reads as one of the legal orders
 * (in any spelling), or whose unit is one of theirs. They are not offered again (a later order for the same unit would
 * only replace the earlier one; a province is built in once).
 */
function writtenProvinces(segments: string[], units: UnitOrders[]): Set<string> {
  const taken = new Set<string>();
  if (segments.length === 0) return taken;
  const wanted = new Set(
    segments.map((s) => {
      const written = normalizeTyped(s);
      const verb = verbFirst(written);
      return verb ? `${verb.rest} ${verb.letter}` : written;
    }),
  );
  const known = new Set<string>();
  for (const unit of units) {
    unit.orders.forEach((order, k) => {
      const province = provinceOf(order);
      if (province === undefined) return;
      known.add(province);
      if (formsOf(unit, k).some((f) => wanted.has(f))) taken.add(province);
    });
  }
  // Not read as a legal order (a typo after the unit): its unit still names the province.
  for (const w of wanted) {
    const province = w.split(' ')[1]?.split('/')[0];
    if (province !== undefined && known.has(province)) taken.add(province);
  }
  return taken;
}

export function suggestOrders(typedOption: string, units: UnitOrders[]): Choice[] {
  const segments = typedOption.split(/[;；\n]/);
  const last = segments.pop() ?? '';
  const earlier = segments.map((s) => s.trim()).filter((s) => s !== '');
  const prefix = earlier.length > 0 ? `${earlier.join('; ')}; ` : '';
  // No choice longer than 100 characters can be offered: with that much typed there is nothing to complete
  // (and a long input costs nothing).
  if (prefix.length >= MAX_CHOICE || last.length > MAX_CHOICE) return [];
  const written = normalizeTyped(last);
  const verb = verbFirst(written);
  const typed = verb ? verb.rest : written;
  const tokens = typed === '' ? [] : typed.split(' ');
  const taken = writtenProvinces(earlier, units);

  const exact: string[] = [];
  const loose: string[] = [];
  const ordered = [...units].sort((a, b) => Number(a.ordered ?? false) - Number(b.ordered ?? false));
  const labelOf = new Map<string, string>();
  const writtenOf = new Map<string, string>();
  for (const u of units) {
    if (u.label) for (const o of u.orders) labelOf.set(o, u.label);
    u.written?.forEach((w, k) => writtenOf.set(u.orders[k]!, w));
  }
  /** Each unit's orders still open (not for a province written earlier in the text), for the round-robin. */
  const open: string[][] = [];
  for (const unit of ordered) {
    const left: number[] = [];
    unit.orders.forEach((order, k) => {
      const province = provinceOf(order);
      if (province !== undefined && taken.has(province)) return;
      left.push(k);
      let forms = formsOf(unit, k);
      if (verb) {
        forms = forms.filter((f) => f.endsWith(` ${verb.letter}`)).map((f) => f.slice(0, -2));
        if (forms.length === 0) return;
      }
      if (forms.some((n) => n.startsWith(typed))) exact.push(order);
      else if (forms.some((n) => tokens.every((t) => n.split(' ').includes(t) || n.includes(t)))) loose.push(order);
    });
    if (left.length > 0) open.push(left.map((k) => unit.orders[k]!));
  }
  // With nothing typed, show each unit's first orders round-robin so every unit appears.
  const candidates = written === '' ? roundRobin(open) : [...exact, ...loose];
  const choices: Choice[] = [];
  for (const canonical of candidates) {
    const order = writtenOf.get(canonical) ?? canonical;
    const value = prefix + order;
    if (value.length > MAX_CHOICE) continue;
    const label = labelOf.get(canonical);
    const name = `${prefix ? `… ${order}` : order}${label ? ` (${label})` : ''}`;
    choices.push({ name: name.length > MAX_CHOICE ? order : name, value });
    if (choices.length === MAX_CHOICES) break;
  }
  return choices;
}

function roundRobin(units: string[][]): string[] {
  const out: string[] = [];
  const longest = Math.max(0, ...units.map((u) => u.length));
  for (let i = 0; i < longest && out.length < MAX_CHOICES; i++) {
    for (const u of units) if (u[i] !== undefined) out.push(u[i]!);
  }
  return out;
}
