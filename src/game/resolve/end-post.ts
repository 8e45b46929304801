/**
 * The end of a Diplomacy game as the players read it (docs/bot.md "The end of a game"): the standings of the final post,
 * one line per power with its centres, its result and every member who played it, in order (substitutes, members who
 * left, computer players), each rated member with their rating change; and the game-over DM every one of those members
 * gets. In a game that hides who plays whom, this is the reveal: every holder is named, not only the last.
 */
import { asc, eq } from 'drizzle-orm';
import type { Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/db.js';
import { phases, type GameEnd, type GameRow } from '../../store/schema.js';
import { isPerson, playerName, phaseLabel, channelRef, seatablePowers, variantOfGame } from '../core/index.js';
import {
  scoresLines,
  type SettledEnd,
  type RatingChange,
  type PowerOutcome,
  seatHistory,
  type Stint,
} from '../scores/index.js';
import { queueDm } from '../outbox/index.js';
import { endText, survivingPowers } from '../phase/index.js';

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
function phaseAt(facts: EndFacts, at: number): string {
  let phase = facts.timeline[0]!.phase;
  for (const t of facts.timeline) if (t.startedAt <= at) phase = t.phase;
  return phaseLabel(phase, facts.variant);
}

/** The powers in the order of the final places (the variant's order among equals), or by centres when not scored. */
function powersInOrder(facts: EndFacts): string[] {
  if (facts.settled) return facts.settled.score.scores.map((s) => s.power);
  const centres = (p: string) => facts.board.get(p)?.centres ?? 0;
  return [...seatablePowers(facts.variant)].sort((a, b) => centres(b) - centres(a));
}

/** How a power's game ended. */
function outcomeOf(facts: EndFacts, power: string): PowerOutcome {
  return facts.settled?.score.scores.find((s) => s.power === power)?.outcome ?? outcomeOnBoard(facts, power);
}

/** How a power's game ended, as the standings say it. */
function outcomeText(facts: EndFacts, power: string): string {
  switch (outcomeOf(facts, power)) {
    case 'won':
      return facts.end.kind === 'solo' ? '🏆 won with a solo victory' : '🏆 won: the others conceded';
    case 'drawn':
      return facts.end.kind === 'abandoned' ? 'still in the game' : '🤝 shares the draw';
    case 'survived':
      return 'survived';
    case 'eliminated':
      return 'eliminated';
  }
}

/** How a power's game ended, as a member's DM says it ("… 5 centres and shared the draw"). */
function outcomeVerb(facts: EndFacts, power: string): string {
  switch (outcomeOf(facts, power)) {
    case 'won':
      return facts.end.kind === 'solo' ? 'won with a solo victory' : 'won: the other powers conceded to it';
    case 'drawn':
      return facts.end.kind === 'abandoned' ? 'was still in the game' : 'shared the draw';
    case 'survived':
      return 'survived';
    case 'eliminated':
      return 'was eliminated';
  }
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

const points = (n: number) => n.toFixed(2);

function ratingText(change: RatingChange): string {
  return `rating ${points(change.shownBefore)} → ${points(change.shownAfter)}`;
}

/** Did this stint end with its member walking away (left, or silent until the seat was vacated)? */
const walkedAway = (stint: Stint) => stint.ended !== null && stint.ended.how !== 'replaced';

/** One holder of a power as the standings name them: who, since when, how it ended, their rating change. */
function holderText(facts: EndFacts, stints: readonly Stint[], i: number): string {
  const stint = stints[i]!;
  const notes: string[] = [];
  if (i > 0 && stint.since !== null) {
    const back = stints.slice(0, i).some((s) => s.userId === stint.userId);
    notes.push(`${back ? 'back' : isPerson(stint.userId) ? 'substitute' : 'in'} from ${phaseAt(facts, stint.since)}`);
  }
  if (stint.ended) {
    const when = phaseAt(facts, stint.ended.at);
    notes.push(
      stint.ended.how === 'left'
        ? `left in ${when}`
        : stint.ended.how === 'silent'
          ? `stopped giving orders; the seat was vacated in ${when}`
          : `replaced in ${when}`,
    );
  }
  // The rating is shown once per member and seat, on their last time in it.
  const change = stints.slice(i + 1).some((s) => s.userId === stint.userId)
    ? undefined
    : ratingOf(facts, stint.userId, stint.power);
  if (change && walkedAway(stint)) notes.push('counted as a loss');
  if (change) notes.push(ratingText(change));
  return notes.length > 0 ? `${playerName(stint.userId)} (${notes.join('; ')})` : playerName(stint.userId);
}

/** A power's line: its centres, its result and every member who played it, in order. */
function powerLine(facts: EndFacts, power: string): string {
  const centres = facts.board.get(power)?.centres ?? 0;
  const stints = facts.history.get(power) ?? [];
  const holders = stints.map((_, i) => holderText(facts, stints, i));
  const open = stints.at(-1)?.ended === null;
  if (!open) holders.push(stints.length > 0 ? 'then nobody (civil disorder)' : 'nobody (civil disorder)');
  return `__${power}__ · ${centres} centre${centres === 1 ? '' : 's'} · ${outcomeText(facts, power)} · ${holders.join(', then ')}`;
}

/**
 * The final post's standings: a heading, then one line per power in the order of the final places. Plain text with
 * member references (the final post reveals who played whom, in every game).
 */
export async function standingsLines(
  tx: Tx,
  game: GameRow,
  end: GameEnd,
  settled: SettledEnd | null,
): Promise<string[]> {
  const facts = await endFacts(tx, game, end, settled);
  if (!facts) return [];
  const played = powersInOrder(facts).filter(
    (p) => (facts.history.get(p) ?? []).length > 0 || facts.board.get(p)?.alive,
  );
  return ['**Final standings**', ...played.map((p) => powerLine(facts, p))];
}

/** What one member is told of their own game at its end: the seats they played, how it went, their rating. */
function ownLines(facts: EndFacts, userId: string): string[] {
  const lines: string[] = [];
  for (const [power, stints] of facts.history) {
    const mine = stints.filter((s) => s.userId === userId);
    if (mine.length === 0) continue;
    const last = mine.at(-1)!;
    const centres = facts.board.get(power)?.centres ?? 0;
    const until = last.ended
      ? last.ended.how === 'left'
        ? ` until you left it in ${phaseAt(facts, last.ended.at)}`
        : last.ended.how === 'silent'
          ? ` until its seat was vacated in ${phaseAt(facts, last.ended.at)}, after phases without your orders`
          : ` until you were replaced in ${phaseAt(facts, last.ended.at)}`
      : '';
    const change = ratingOf(facts, userId, power);
    const loss = change && walkedAway(last) ? ' It counts as a loss for you.' : '';
    lines.push(
      `You played **${power}**${until}; at the end it had ${centres} centre${centres === 1 ? '' : 's'} and ${outcomeVerb(facts, power)}.${loss}${change ? ` Your ${ratingText(change)}.` : ''}`,
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
  opening: string,
  token: string,
  now: number,
): Promise<void> {
  const facts = await endFacts(tx, game, end, settled);
  if (!facts) return;
  const members = [...new Set([...facts.history.values()].flat().map((s) => s.userId))].filter(isPerson);
  for (const userId of members) {
    const text = [
      opening,
      ...ownLines(facts, userId),
      ...scoresLines(settled?.score ?? null),
      "The final post in the channel has every power's players, the scores and the final board.",
    ].join('\n');
    await queueDm(tx, game, userId, 'game_over', text, `end:${game.id}:${token}:${userId}`, now);
  }
}

/** The first line of the final post (`where`: also the channel, for a DM): how the game ended. */
export function endHeadline(end: GameEnd, where?: string): string {
  return `🏁 **Game over**${where ? ` in ${channelRef(where)}` : ''}: ${endText(end)}`;
}
