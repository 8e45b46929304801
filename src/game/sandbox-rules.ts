/**
 * The play of a sandbox (issue 25 §1), pure: orders for every power checked exactly as `/order` checks a player's
 * (src/game/orders.ts `checkOrder`), the adjudication with what the variant's plug-in makes of the owner's choices
 * (`VariantPlugin.sandbox`: the ballots of a vote, the winners of battles fought outside the adjudicator), and the
 * step to the next phase. No database: src/game/sandbox.ts keeps the board and the orders.
 */
import { adjudicate } from '../engine/index.js';
import { parseOrder, parseOrders } from '../engine/parse/index.js';
import type { Adjudication, Order, Position, Power, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { SandboxOrder } from '../store/schema.js';
import { pluginOf } from '../variants/index.js';
import type { SandboxFacts, SandboxQuestion } from '../variants/plugin/index.js';
import { dutiesOf, hasDuties } from './duties.js';
import { checkOrder, missingOrders } from './orders.js';
import type { RejectedOrder } from './types.js';

/** What a sandbox plays on: its variant (with the game's options), board, orders and the owner's answers. */
export interface SandboxBoard {
  variantId: string;
  variant: Variant;
  options: Readonly<Record<string, string>>;
  position: Position;
  orders: readonly SandboxOrder[];
  answers: Readonly<Record<string, string>>;
  /** The powers seated in the copied game (they vote on neutral units). */
  seated: readonly Power[];
}

/** At most this many phases with nothing to decide are stepped through after one `next` (as resolve.ts chains them). */
const MAX_SKIPPED_PHASES = 20;

/** The power whose unit (or, for a build, whose centre) an order is about; null when there is none. */
function ownerOf(position: Position, order: Order): Power | null {
  if (order.kind === 'waive') return null;
  const at = order.unit.province;
  switch (position.phase.type) {
    case 'movement':
      return position.units.find((u) => u.province === at)?.power ?? null;
    case 'retreat':
      return position.dislodged.find((u) => u.province === at)?.power ?? null;
    case 'adjustment':
      if (order.kind === 'build') {
        for (const [power, owned] of Object.entries(position.supplyCenters)) if (owned.includes(at)) return power;
        return null;
      }
      return position.units.find((u) => u.province === at)?.power ?? null;
  }
}

const placeName = (variant: Variant, province: string) => variant.map.province(province)?.name ?? province;

/**
 * Reads `text` (orders separated by `;` or new lines) as orders for whichever power owns each unit, checks each as
 * `/order` would for that power, and returns the new order set (an order replaces the one for the same unit).
 */
export function enterSandboxOrders(
  board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>,
  text: string,
): { orders: SandboxOrder[]; stored: SandboxOrder[]; rejected: RejectedOrder[]; replaced: { before: string; after: string }[] } {
  const { variant, position } = board;
  const orders = [...board.orders];
  const stored: SandboxOrder[] = [];
  const rejected: RejectedOrder[] = [];
  const replaced: { before: string; after: string }[] = [];
  for (const read of parseOrders(variant, text, { position })) {
    if (!read.ok) {
      rejected.push({ input: read.input, error: read.error });
      continue;
    }
    if (read.order.kind === 'waive') {
      rejected.push({ input: read.text, error: 'In a sandbox a build left out is waived: name the builds you want, and leave the others out.' });
      continue;
    }
    const owner = ownerOf(position, read.order);
    if (!owner) {
      const where = placeName(variant, read.order.unit.province);
      const why =
        position.phase.type === 'retreat' ? `No unit was dislodged in ${where}.` : read.order.kind === 'build' ? `${where} is nobody's supply centre.` : `There is no unit in ${where}.`;
      rejected.push({ input: read.text, error: why });
      continue;
    }
    // Read again as the owner's order, exactly as `/order` reads it for that power (its coast corrected from the board …).
    const parsed = parseOrder(variant, read.text, { position, power: owner });
    if (!parsed.ok) {
      rejected.push({ input: parsed.input, error: parsed.error });
      continue;
    }
    const own = orders.filter((o) => o.power === owner).map((o) => ({ unitKey: o.unitKey, kind: o.order.kind }));
    const checked = checkOrder(variant, position, owner, parsed.order, dutiesOf(variant, position, owner), own);
    if ('error' in checked) {
      rejected.push({ input: parsed.text, error: checked.error });
      continue;
    }
    const entry: SandboxOrder = { power: owner, unitKey: checked.unitKey, text: parsed.text, order: parsed.order };
    const i = orders.findIndex((o) => o.power === owner && o.unitKey === checked.unitKey);
    if (i >= 0) {
      if (orders[i]!.text !== entry.text) replaced.push({ before: orders[i]!.text, after: entry.text });
      orders.splice(i, 1);
    }
    orders.push(entry);
    const j = stored.findIndex((o) => o.power === owner && o.unitKey === checked.unitKey);
    if (j >= 0) stored.splice(j, 1);
    stored.push(entry);
  }
  return { orders, stored, rejected, replaced };
}

/** The powers that have something to decide on this board, each with what is still without an order. */
export function sandboxDuties(board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>): { power: Power; missing: string[] }[] {
  return board.variant.powers
    .map((p) => p.name)
    .flatMap((power) => {
      const duties = dutiesOf(board.variant, board.position, power);
      if (!hasDuties(duties)) return [];
      return [{ power, missing: missingOrders(duties, board.orders.filter((o) => o.power === power)) }];
    });
}

function factsOf(board: SandboxBoard): SandboxFacts {
  const given: PowerOrder[] = board.orders.map((o) => ({ power: o.power, order: o.order }));
  const raw: SandboxFacts = { variant: board.variant, options: board.options, position: board.position, orders: given, seated: board.seated };
  const rules = pluginOf(board.variantId).sandbox;
  return rules?.orders ? { ...raw, orders: rules.orders(raw) } : raw;
}

/** What the owner may decide for this phase (battle winners …), from the variant's plug-in; none for most variants. */
export function sandboxQuestions(board: SandboxBoard): SandboxQuestion[] {
  const rules = pluginOf(board.variantId).sandbox;
  return rules?.questions?.(factsOf(board)) ?? [];
}

/** The adjudication of the sandbox's phase with the owner's orders and answers (the orders of nobody else). */
export function adjudicateSandbox(board: SandboxBoard): Adjudication {
  const facts = factsOf(board);
  const rules = pluginOf(board.variantId).sandbox;
  const known = new Set(sandboxQuestions(board).map((q) => q.key));
  const answers = Object.fromEntries(Object.entries(board.answers).filter(([k]) => known.has(k)));
  const handoff = rules?.handoff?.(facts, answers) ?? {};
  const battles = handoff.battles ?? [];
  const players = [...board.seated];
  const adjudicated = adjudicate(board.variant, board.position, [...facts.orders], battles.length > 0 ? { players, battles } : { players });
  return handoff.nextPosition ? { ...adjudicated, position: handoff.nextPosition(adjudicated.position) } : adjudicated;
}

/**
 * Adjudicates the phase and steps to the next one, then through the phases in which no power has anything to
 * decide (each adjudicated without orders), as a game does. Returns the adjudication of the owner's phase, the board
 * reached, and the phases stepped through without a decision.
 */
export function stepSandbox(board: SandboxBoard): { adjudication: Adjudication; position: Position; skipped: Adjudication[] } {
  const adjudication = adjudicateSandbox(board);
  let position = adjudication.position;
  const skipped: Adjudication[] = [];
  let last = adjudication;
  for (let i = 0; i < MAX_SKIPPED_PHASES && !last.winner; i++) {
    const next: SandboxBoard = { ...board, position, orders: [], answers: {} };
    if (sandboxDuties(next).length > 0) break;
    last = adjudicateSandbox(next);
    skipped.push(last);
    position = last.position;
  }
  return { adjudication, position, skipped };
}
