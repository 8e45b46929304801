/**
 * The end of a Diplomacy game as the players read it (docs/bot.md "The end of a game"): the standings of the final post,
 * one line per power with its centres, its result and every member who played it, in order (substitutes, members who
 * left, computer players), each rated member with their rating change; and the game-over DM every one of those members
 * gets. In a game that hides who plays whom, this is the reveal: every holder is named, not only the last.
 */
import { asc, eq } from 'drizzle-orm';
import type { Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { phases, type GameEnd, type GameRow } from '../../store/schema.js';
import {
  computerLevelOf,
  isComputer,
  isPerson,
  isVacant,
  memberRef,
  phaseMsg,
  powerParam,
  channelRef,
  seatablePowers,
  variantOfGame,
} from '../core/index.js';
import { msg, numberParam, type Msg, type MsgParam } from '../../i18n/index.js';
import {
  scoresLines,
  type SettledEnd,
  type RatingChange,
  type PowerOutcome,
  seatHistory,
  type Stint,
} from '../scores/index.js';
import { queueDm } from '../outbox/index.js';
import { endMsg, survivingPowers } from '../phase/index.js';

/** A variant's own final places (its plug-in's `finalPlaces`), worded. */
export interface Places {
  rule: Msg;
  places: readonly { power: string; place: number; note: Msg | null }[];
}

/** What the standings and the DMs are written from. */
interface EndFacts {
  variant: Variant;
  end: GameEnd;
  settled: SettledEnd | null;
  history: Map<string, Stint[]>;
  /** Each phase's start and its name, in order: a moment is named by the phase under way then. */
  timeline: { startedAt: number; phase: Phase }[];
  /** Each power's centres and whether it still has a unit or a centre, on the final board. */
  board: Map<string, { centres: number; alive: boolean }>;
}

async function endFacts(tx: Tx, game: GameRow, end: GameEnd, settled: SettledEnd | null): Promise<EndFacts | null> {
  const variant = variantOfGame(game);
  if (!variant) return null;
  const rows = await tx.select().from(phases).where(eq(phases.gameId, game.id)).orderBy(asc(phases.idx));
  const last = rows.at(-1);
  if (!last) return null;
  const alive = new Set(survivingPowers(variant, last.position));
  const board = new Map(
    variant.powers.map((p) => [
      p.name,
      { centres: last.position.supplyCenters[p.name]?.length ?? 0, alive: alive.has(p.name) },
    ]),
  );
  return {
    variant,
    end,
    settled,
    history: await seatHistory(tx, game.id),
    timeline: rows.map((r) => ({ startedAt: r.startedAt, phase: r.position.phase })),
    board,
  };
}

/** The phase under way at `at` (the latest that had begun), by its name. */
function phaseAt(facts: EndFacts, at: number): Msg {
  let phase = facts.timeline[0]!.phase;
  for (const t of facts.timeline) if (t.startedAt <= at) phase = t.phase;
  return phaseMsg(phase, facts.variant);
}

/** A holder of a seat as the end names them: a member, a computer player (its level), a vacant seat. */
function holderParam(userId: string): MsgParam {
  if (isComputer(userId)) return msg('end.holder.computer', { level: computerLevelOf(userId) });
  if (isVacant(userId)) return msg('end.holder.vacant');
  return memberRef(userId);
}

/** `a, then b, then c` (or `a; b`) in the reader's words (`join`: the key joining two). */
function chained(items: readonly MsgParam[], join: 'end.list.then' | 'end.list.notes'): MsgParam {
  if (items.length === 0) return '';
  return items.reduceRight((rest, first) => msg(join, { first, rest }));
}

/**
 * The powers in the order of the final places: the variant's own when it has them, else the scoring's (the variant's
 * order among equals), else by centres.
 */
function powersInOrder(facts: EndFacts, places: Places | null): string[] {
  const centres = (p: string) => facts.board.get(p)?.centres ?? 0;
  const scored = facts.settled
    ? facts.settled.score.scores.map((s) => s.power)
    : [...seatablePowers(facts.variant)].sort((a, b) => centres(b) - centres(a));
  if (!places) return scored;
  return [...places.places.map((p) => p.power), ...scored.filter((p) => !places.places.some((q) => q.power === p))];
}

/** How a power's game ended. */
function outcomeOf(facts: EndFacts, power: string): PowerOutcome {
  return facts.settled?.score.scores.find((s) => s.power === power)?.outcome ?? outcomeOnBoard(facts, power);
}

/** How a power's game ended, in the words of the standings or of a member's DM (`outcome` and `end` select them). */
function outcomeParams(facts: EndFacts, power: string): { outcome: string; end: string } {
  return { outcome: outcomeOf(facts, power), end: facts.end.kind };
}

function outcomeOnBoard(facts: EndFacts, power: string): PowerOutcome {
  const end = facts.end;
  if ((end.kind === 'solo' || end.kind === 'concession') && end.winner === power) return 'won';
  if (!facts.board.get(power)?.alive) return 'eliminated';
  return end.kind === 'draw' && end.powers.includes(power) ? 'drawn' : 'survived';
}

/** A member's rating change in this game's pool for the seat, if the game rated them there. */
function ratingOf(facts: EndFacts, userId: string, power: string): RatingChange | undefined {
  return facts.settled?.ratings?.find((c) => !c.computer && c.id === userId && c.seat === power);
}

/** A rating as the reader's locale writes it with two decimals (`0.85`, `0,85`). */
const points = (n: number) => numberParam(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function ratingMsg(change: RatingChange): Msg {
  return msg('end.rating', { before: points(change.shownBefore), after: points(change.shownAfter) });
}

/** Did this stint end with its member walking away (left, or silent until the seat was vacated)? */
const walkedAway = (stint: Stint) => stint.ended !== null && stint.ended.how !== 'replaced';

/** One holder of a power as the standings name them: who, since when, how it ended, their rating change. */
function holderMsg(facts: EndFacts, stints: readonly Stint[], i: number): MsgParam {
  const stint = stints[i]!;
  const notes: MsgParam[] = [];
  if (i > 0 && stint.since !== null) {
    const back = stints.slice(0, i).some((s) => s.userId === stint.userId);
    const how = back ? 'back' : isPerson(stint.userId) ? 'substitute' : 'in';
    notes.push(msg('end.holder.since', { how, phase: phaseAt(facts, stint.since) }));
  }
  if (stint.ended) notes.push(msg('end.holder.ended', { how: stint.ended.how, phase: phaseAt(facts, stint.ended.at) }));
  // The rating is shown once per member and seat, on their last time in it.
  const change = stints.slice(i + 1).some((s) => s.userId === stint.userId)
    ? undefined
    : ratingOf(facts, stint.userId, stint.power);
  if (change && walkedAway(stint)) notes.push(msg('end.holder.loss'));
  if (change) notes.push(ratingMsg(change));
  const who = holderParam(stint.userId);
  return notes.length > 0 ? msg('end.holder.notes', { who, notes: chained(notes, 'end.list.notes') }) : who;
}

/** A power's line: its place (when the variant has its own), its centres, its result and every member who played it. */
function powerLine(facts: EndFacts, power: string, places: Places | null): Msg {
  const centres = facts.board.get(power)?.centres ?? 0;
  const stints = facts.history.get(power) ?? [];
  const holders: MsgParam[] = stints.map((_, i) => holderMsg(facts, stints, i));
  const open = stints.at(-1)?.ended === null;
  if (!open) holders.push(msg('end.holder.nobody'));
  const placed = places?.places.find((p) => p.power === power);
  return msg('end.standings.line', {
    placed: placed ? 'yes' : 'no',
    place: placed?.place ?? 0,
    noted: placed?.note ? 'yes' : 'no',
    note: placed?.note ?? '',
    power: powerParam(facts.variant, power),
    centres,
    ...outcomeParams(facts, power),
    holders: chained(holders, 'end.list.then'),
  });
}

/**
 * The final post's standings: a heading, then one line per power in the order of the final places (`places`: the
 * variant's own, numbered, with how they are decided beside the heading). Plain text with member references (the
 * final post reveals who played whom, in every game).
 */
export async function standingsLines(
  tx: Tx,
  game: GameRow,
  end: GameEnd,
  settled: SettledEnd | null,
  places: Places | null = null,
): Promise<Msg[]> {
  const facts = await endFacts(tx, game, end, settled);
  if (!facts) return [];
  const played = powersInOrder(facts, places).filter(
    (p) => (facts.history.get(p) ?? []).length > 0 || facts.board.get(p)?.alive,
  );
  const head = places ? msg('end.standings.headRule', { rule: places.rule }) : msg('end.standings.head');
  return [head, ...played.map((p) => powerLine(facts, p, places))];
}

/** What one member is told of their own game at its end: the seats they played, how it went, their rating. */
function ownLines(facts: EndFacts, userId: string): Msg[] {
  const lines: Msg[] = [];
  for (const [power, stints] of facts.history) {
    const mine = stints.filter((s) => s.userId === userId);
    if (mine.length === 0) continue;
    const last = mine.at(-1)!;
    const centres = facts.board.get(power)?.centres ?? 0;
    const change = ratingOf(facts, userId, power);
    lines.push(
      msg('end.dm.seat', {
        power: powerParam(facts.variant, power),
        until: last.ended ? last.ended.how : 'end',
        phase: last.ended ? phaseAt(facts, last.ended.at) : '',
        centres,
        ...outcomeParams(facts, power),
        loss: change && walkedAway(last) ? 'yes' : 'no',
        rated: change ? 'yes' : 'no',
        rating: change ? ratingMsg(change) : '',
      }),
    );
  }
  return lines;
}

/**
 * Queues the game-over DM for every member who played in the game, the earlier holders of a seat included: `opening`
 * (how it ended, and where), their own seats and rating change, the scores, and where the final post is. `token` is the ending's
 * (a rolled-back game may end again).
 */
export async function queueEndDms(
  tx: Tx,
  game: GameRow,
  end: GameEnd,
  settled: SettledEnd | null,
  opening: Msg,
  token: string,
  now: number,
): Promise<void> {
  const facts = await endFacts(tx, game, end, settled);
  if (!facts) return;
  const members = [...new Set([...facts.history.values()].flat().map((s) => s.userId))].filter(isPerson);
  for (const userId of members) {
    const lines = [
      opening,
      ...ownLines(facts, userId),
      ...scoresLines(settled?.score ?? null, facts.variant),
      msg('end.dm.finalPost'),
    ];
    await queueDm(tx, game, {
      to: userId,
      reason: 'game_over',
      text: lines,
      dedupeKey: `end:${game.id}:${token}:${userId}`,
      now,
    });
  }
}

/** The first line of the final post (`where`: also the channel, for a DM): how the game ended. */
export function endHeadline(end: GameEnd, variant: Variant | undefined, where?: string): Msg {
  const how = endMsg(end, variant);
  return where ? msg('end.headline.in', { channel: channelRef(where), how }) : msg('end.headline', { how });
}
