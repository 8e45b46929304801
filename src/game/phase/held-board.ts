/**
 * A board held until the next mark of the clock (docs/decisions.md "Hidden identities"). In a game that hides who plays
 * whom, a player's act that changes the phase's board (its plug-in's `setPosition`) is stored beside the board, in
 * `phases.held_position` with its mark in `held_until_ms`, and every reader — the map, the status, the order pad,
 * spectators, the other members' and the game master's `/act` choices — reads `phases.position`, the board as of the
 * last mark, until the mark replaces it with the held one, together with the act's post. The next act of a player runs
 * on the held board, so acts made between two marks add up; whatever moves the phase on (its deadline, a mark, `/gm
 * advance`) replaces the board first, in its transaction, so the adjudication plays the acts. A public post before the
 * mark, which takes the act's post along, takes its board too (src/game/outbox/write.ts `releaseHeld`; both through
 * src/store/queries.ts `showHeldBoard`), and `/gm edit` edits the held board (src/game/board-edit). Any other public
 * write of the board must do the same, or the mark would undo it.
 */
import { and, eq, isNotNull, isNull, lte, min } from 'drizzle-orm';
import type { Position } from '../../engine/types.js';
import type { Tx } from '../../store/store.js';
import { showHeldBoard } from '../../store/queries.js';
import { phases, type PhaseRow } from '../../store/schema.js';

/** The phase as the next act of a player in a game that hides who plays whom sees it: its held board, if any. */
export function latestBoard(phase: PhaseRow): PhaseRow {
  return phase.heldPosition ? { ...phase, position: phase.heldPosition } : phase;
}

/** Holds `position` as the phase's board from the mark `until` on (a later act's replaces it, with its own mark). */
export async function holdBoard(tx: Tx, phaseId: number, position: Position, until: number): Promise<void> {
  await tx.update(phases).set({ heldPosition: position, heldUntilMs: until }).where(eq(phases.id, phaseId));
}

/** Makes the phase's held board its board (at its mark, or before the phase moves on); returns the phase as stored. */
export async function releaseHeldBoard(tx: Tx, phase: PhaseRow): Promise<PhaseRow> {
  if (!phase.heldPosition) return phase;
  await showHeldBoard(tx, phase.gameId, phase.id);
  return { ...phase, position: phase.heldPosition, heldPosition: null, heldUntilMs: null };
}

/** The unresolved phases whose held board's mark has come by `now`. */
export async function dueHeldBoards(tx: Tx, now: number): Promise<{ id: number; gameId: number; at: number }[]> {
  const rows = await tx
    .select({ id: phases.id, gameId: phases.gameId, at: phases.heldUntilMs })
    .from(phases)
    .where(and(isNotNull(phases.heldUntilMs), lte(phases.heldUntilMs, now), isNull(phases.resolvedAt)));
  return rows.map((r) => ({ id: r.id, gameId: r.gameId, at: r.at! }));
}

/** The earliest mark a held board waits for, or null. */
export async function nextHeldBoardAt(tx: Tx): Promise<number | null> {
  const rows = await tx
    .select({ at: min(phases.heldUntilMs) })
    .from(phases)
    .where(and(isNotNull(phases.heldUntilMs), isNull(phases.resolvedAt)));
  return rows[0]?.at ?? null;
}
