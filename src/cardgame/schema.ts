/**
 * zod schemas for the card game's state and actions, used at the boundary (CLI, storage). The engine itself
 * trusts its input types; these make sure what reaches it is well formed (card ids known, stacks within 2,
 * every seat-indexed list of the right length).
 */
import { z } from 'zod';
import { isStronghold, STRONGHOLD_IDS } from './board.js';
import { isCard } from './cards.js';
import { dynastySchema, STATE_ORDER, stateIdSchema, symbolSchema } from './data.js';
import type {
  Action,
  CardGameState,
  ChooserReason,
  ControlCount,
  FinishReason,
  GameEvent,
  Seat,
  StateId,
} from './types.js';

const seat = z.number().int().min(0).max(4);
const owner = z.union([seat, z.literal('neutral')]);
const cardId = z.string().refine(isCard, { message: 'unknown card id' });
const tactic = z.enum(['cavalry', 'chariot', 'crossbow', 'infantry', 'spy']);

const playedCard = z.union([
  z.object({ card: cardId }),
  z.object({ dynasty: dynastySchema, cover: tactic.optional(), on: cardId.optional() }),
]);

export const stateSchema = z
  .object({
    settings: z.object({
      seats: z.number().int().min(2).max(5),
      dynastyCards: z.boolean(),
      victoryStates: z.number().int().min(1).max(12),
      stalemateRounds: z.number().int().min(1),
      roundCap: z.number().int().min(1),
    }),
    rng: z.string().regex(/^[0-9a-f]{32}$/, 'rng is the 32-hex-digit state printed by "cards new"'),
    seats: z.array(
      z.object({
        dynasty: dynastySchema,
        hand: z.array(cardId),
        supply: z.number().int().min(0).max(24),
        dynastyCardInHand: z.boolean(),
      }),
    ),
    deck: z.array(cardId),
    discard: z.array(cardId),
    row: z.array(cardId),
    resistance: z.array(cardId),
    strongholds: z.record(z.string(), z.array(seat).max(2)),
    states: z.record(stateIdSchema, z.array(owner).min(1).max(2)),
    round: z.number().int().min(1),
    phase: z.enum(['give', 'choose', 'battle', 'tiebreak', 'finished']),
    currentState: stateIdSchema.nullable(),
    startSeat: seat,
    turnSeat: seat.nullable(),
    gives: z.array(z.array(cardId).nullable()),
    chooser: z.object({ seat, pickStart: z.boolean() }).nullable(),
    battle: z.object({
      played: z.array(z.array(playedCard)),
      playedAny: z.array(z.boolean()),
      fallen: z.array(seat),
      available: z.array(symbolSchema),
      claims: z.array(z.array(symbolSchema)),
      spyClaimer: seat.nullable(),
      tiebreak: z.object({ seats: z.array(seat) }).nullable(),
      discarded: z.number().int().min(0),
    }),
    stillRounds: z.number().int().min(0),
    roundStartBoard: z.string(),
    winner: z.union([seat, z.array(seat)]).nullable(),
    endReason: z.enum(['victory-states', 'no-neutral-armies', 'all-states-8', 'stalemate', 'round-cap']).nullable(),
  })
  .superRefine((s, ctx) => {
    const n = s.settings.seats;
    const perSeat: [string, unknown[]][] = [
      ['seats', s.seats],
      ['gives', s.gives],
      ['battle.played', s.battle.played],
      ['battle.playedAny', s.battle.playedAny],
      ['battle.claims', s.battle.claims],
    ];
    for (const [path, list] of perSeat)
      if (list.length !== n)
        ctx.addIssue({ code: 'custom', message: `${path} must have one entry per seat (${n})`, path: path.split('.') });
    for (const k of Object.keys(s.strongholds))
      if (!isStronghold(Number(k)))
        ctx.addIssue({ code: 'custom', message: `no stronghold "${k}"`, path: ['strongholds', k] });
    for (const st of STATE_ORDER)
      if (!s.states[st]) ctx.addIssue({ code: 'custom', message: `state ${st} is missing`, path: ['states', st] });
    const owners = [...Object.values(s.strongholds).flat(), ...Object.values(s.states).flat()];
    if (owners.some((o) => o !== 'neutral' && o >= n))
      ctx.addIssue({ code: 'custom', message: `an army belongs to a seat beyond ${n - 1}`, path: ['strongholds'] });
    // the phase's own fields
    const seatOk = (x: number | null | undefined) => x !== null && x !== undefined && x < n;
    if ((s.phase === 'battle' || s.phase === 'tiebreak') && !seatOk(s.turnSeat))
      ctx.addIssue({ code: 'custom', message: `a ${s.phase} phase needs the seat to act`, path: ['turnSeat'] });
    if (s.phase === 'battle' && !s.currentState)
      ctx.addIssue({ code: 'custom', message: 'a battle phase needs the state battled for', path: ['currentState'] });
    if (s.phase === 'tiebreak' && !s.battle.tiebreak)
      ctx.addIssue({ code: 'custom', message: 'a tiebreak phase needs the tied seats', path: ['battle', 'tiebreak'] });
    if (s.phase === 'choose' && !seatOk(s.chooser?.seat))
      ctx.addIssue({ code: 'custom', message: 'a choose phase needs the chooser', path: ['chooser'] });
    if (s.startSeat >= n) ctx.addIssue({ code: 'custom', message: `no seat ${s.startSeat}`, path: ['startSeat'] });
    const ids = [
      ...s.deck,
      ...s.discard,
      ...s.row,
      ...s.resistance,
      ...s.seats.flatMap((x) => x.hand),
      ...s.battle.played.flat().flatMap((p) => ('card' in p ? [p.card] : [])),
    ];
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: 'a card is in two places at once', path: ['deck'] });
  })
  .transform((s) => {
    // strongholds not listed are empty
    const strongholds = Object.fromEntries(STRONGHOLD_IDS.map((h) => [String(h), s.strongholds[String(h)] ?? []]));
    return { ...s, strongholds } as CardGameState;
  });

const effectSchema = z.union([
  z.object({ symbol: symbolSchema, draw: z.literal(true) }),
  z.object({ symbol: z.enum(['cavalry', 'chariot', 'crossbow', 'infantry']), stronghold: z.number().int() }),
  z.object({ symbol: z.literal('spy'), card: z.string() }),
  z.object({
    symbol: z.literal('fire'),
    stronghold: z.number().int(),
    moves: z.array(z.object({ owner: seat, to: z.number().int() })),
  }),
  z.object({ symbol: z.literal('forest'), state: stateIdSchema }),
  z.object({ symbol: z.literal('mountain'), stronghold: z.number().int() }),
  z.object({ symbol: z.literal('wind'), from: z.number().int(), to: z.number().int() }),
]);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('give'), seat: z.number().int(), cards: z.array(z.string()).optional() }),
  z.object({
    type: z.literal('choose'),
    seat: z.number().int(),
    state: z.string().optional(),
    start: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('wage'),
    seat: z.number().int(),
    bright: z.string(),
    dark: z.string().optional(),
    dynasty: z.boolean().optional(),
    cover: tactic.optional(),
    take: z.string().optional(),
    give: z.string().optional(),
    takeBack: z.string().optional(),
  }),
  z.object({
    type: z.literal('fallBack'),
    seat: z.number().int(),
    effects: z.array(effectSchema).optional(),
    recruit: z.array(z.string()).optional(),
  }),
]);

/** A zod error as one sentence: "at battle.played: …". */
export function zodSentence(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path.join('.');
  return `${path ? `at ${path}: ` : ''}${issue.message}`;
}

export function parseAction(raw: unknown): { ok: true; action: Action } | { ok: false; error: string } {
  const r = actionSchema.safeParse(raw);
  if (!r.success)
    return { ok: false, error: `The action is not understood (${zodSentence(r.error)}); see docs/cardgame.md.` };
  return { ok: true, action: r.data as Action };
}

const tiebreakCause = z.enum(['no-cards-left', 'no-card-played']);
const finishReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('states'), seat, count: z.number().int() }),
  z.object({
    kind: z.literal('superiorities'),
    seat,
    counts: z.array(z.object({ seat, count: z.number().int() })),
  }),
  z.object({ kind: z.literal('strongholds'), cause: tiebreakCause, seat, count: z.number().int() }),
  z.object({ kind: z.literal('armies'), cause: tiebreakCause, seat, count: z.number().int() }),
  z.object({ kind: z.literal('shared'), cause: tiebreakCause }),
]);

/**
 * The `finished` event's `reason` (docs/cardgame.md "Events"), read from a stored event; null for an event stored
 * before the engine gave it (its reason is only in the English `text`) or for any other event.
 */
export function finishReasonOf(e: GameEvent): FinishReason | null {
  return fieldOf(e, 'finished', 'reason', finishReasonSchema) as FinishReason | null;
}

const controlCountSchema = z.object({
  state: stateIdSchema,
  scores: z.array(z.object({ owner, score: z.number().int() })),
  outcome: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('neutral-weak'), count: z.number().int(), needs: z.number().int() }),
    z.object({ kind: z.literal('leader'), takes: owner.nullable() }),
    z.object({ kind: z.literal('tie-broken'), by: owner, takes: owner.nullable() }),
    z.object({ kind: z.literal('tied') }),
  ]),
});

/** An event's field read with `schema` when the event is of `kind`; null otherwise, when absent or malformed. */
function fieldOf<T>(e: GameEvent, kind: string, field: string, schema: z.ZodType<T>): T | null {
  if (e.kind !== kind) return null;
  const r = schema.safeParse(e[field]);
  return r.success ? r.data : null;
}

/*
 * The data beside the English `text` of the events below (docs/cardgame.md "Events"), read from a stored event: null
 * for an event stored before the engine gave it (its detail is only in the English `text`), a malformed one, or an
 * event of another kind.
 */

/** The `control` event's `counts`: how each state with armies around was decided. */
export function controlCountsOf(e: GameEvent): ControlCount[] | null {
  return fieldOf(e, 'control', 'counts', z.array(controlCountSchema)) as ControlCount[] | null;
}

/** The `gameOver` event's `states`: the states each seat controls, in seat order. */
export function gameOverStatesOf(e: GameEvent): { seat: Seat; count: number }[] | null {
  return fieldOf(e, 'gameOver', 'states', z.array(z.object({ seat, count: z.number().int() })));
}

/** The `chooser` event's `round` and `reason`. */
export function chooserOf(e: GameEvent): { round: number; reason: ChooserReason } | null {
  const round = fieldOf(e, 'chooser', 'round', z.number().int().min(1));
  const reason = fieldOf(e, 'chooser', 'reason', z.enum(['first', 'spy', 'last']));
  return round !== null && reason !== null ? { round, reason } : null;
}

/** The `controlArmy` event's `state` (D-11: the state the army from a stronghold went to). */
export function controlArmyStateOf(e: GameEvent): StateId | null {
  return fieldOf(e, 'controlArmy', 'state', stateIdSchema) as StateId | null;
}

/** The `give` event's `changed`: the seat gave again, changing its choice. */
export function giveChangedOf(e: GameEvent): boolean | null {
  return fieldOf(e, 'give', 'changed', z.boolean());
}

/** The `extraDraw` event's `drew`: the extra card was drawn (false: deck and discard were empty). */
export function extraDrawOf(e: GameEvent): boolean | null {
  return fieldOf(e, 'extraDraw', 'drew', z.boolean());
}
