/**
 * Warhammer's Dogs of War choice before the first Spring (issue 11 §1; seed "Dogs of War": "A Dog of War player
 * gets one center at the start. You may choose a center in Tilea or Estelia. Also choose a fleet or an army.").
 *
 * When a game starts with a Dogs of War seat taken, the first phase opens with a choice window (the game's
 * adjustment duration): each Dogs of War player picks a city of their country and a unit type with `/muster`,
 * privately (ephemeral reply, DM confirmation). When every choice is in, or at the window's deadline (an unchosen
 * seat takes its first city with an army), `resolveInTx` places all the units at once on the first phase's board
 * (src/variants/warhammer/dogs-of-war.ts), posts the board, and the Spring deadline starts. Exactly once: the rows
 * are claimed by `UPDATE … WHERE applied_at IS NULL`. Other players may write their Spring orders meanwhile.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Position, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { audit, playersOf } from '../store/queries.js';
import { games, phases, startChoices, type GameRow, type PhaseRow } from '../store/schema.js';
import { applyDogsOfWarChoice, dogsOfWarChoices } from '../variants/warhammer/index.js';

type DogsOfWarChoice = ReturnType<typeof dogsOfWarChoices>[number];
import { isError, playerInGame } from './context.js';
import { enqueue, queueDm, queueStatus } from './outbox-write.js';
import { resolveInTx } from './resolve.js';
import { discordTime, ordersOpenLine, phaseLabel } from './summary.js';
import { fail, inTransaction } from './tx.js';
import type { Caller, GameDeps, Result } from './types.js';
import { randomToken } from './views.js';

const UNIT_NAME: Record<UnitType, string> = { A: 'army', F: 'fleet' };

/** The choices the variant opens for these seated powers on the first phase's board (Warhammer only). */
function openChoices(variant: Variant, position: Position, seated: string[]): DogsOfWarChoice[] {
  if (variant.id !== 'warhammer') return [];
  return dogsOfWarChoices(position, seated);
}

function placeName(variant: Variant, province: string): string {
  return `${variant.map.province(province)?.name ?? province} (${province})`;
}

function optionsText(variant: Variant, choice: DogsOfWarChoice): string {
  return choice.cities.map((c) => `${placeName(variant, c)}: ${choice.types[c]!.map((t) => UNIT_NAME[t]).join(' or ')}`).join('; ');
}

/**
 * At `/game start`: opens the choice window when Dogs of War seats are taken. Returns its deadline (the first
 * phase's deadline until the units are placed), or null when there is nothing to choose.
 */
export function beginStartChoices(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, now: number): number | null {
  const seated = playersOf(tx, game.id);
  const choices = openChoices(variant, phase.position, seated.map((p) => p.power));
  if (choices.length === 0) return null;
  const deadline = now + game.adjustmentMs;
  for (const c of choices) tx.insert(startChoices).values({ phaseId: phase.id, power: c.power }).run();
  const label = phaseLabel(phase.position.phase, variant);
  for (const c of choices) {
    const userId = seated.find((p) => p.power === c.power)!.userId;
    queueDm(
      tx,
      game,
      userId,
      'start_choice',
      `🐕 Before **${label}**, ${c.power} (Dogs of War) picks its starting city and unit with \`/muster\` in <#${game.channelId}> before ` +
        `${discordTime(deadline, 'f')} (${discordTime(deadline, 'R')}): ${optionsText(variant, c)}. The other city starts neutral; ` +
        `without a choice you start with an army in ${placeName(variant, c.cities[0]!)}.`,
      `muster:${phase.id}:${c.power}`,
      now,
      phase.id,
    );
  }
  return deadline;
}

/** Rows of the first phase still waiting to be placed. */
function pendingRows(tx: Tx, phaseId: number) {
  return tx
    .select()
    .from(startChoices)
    .where(and(eq(startChoices.phaseId, phaseId), isNull(startChoices.appliedAt)))
    .all();
}

export function startChoicesPending(tx: Tx, phaseId: number): boolean {
  return pendingRows(tx, phaseId).length > 0;
}

/**
 * Called by `resolveInTx` before anything else: when the first phase still has choices to place, places them all
 * (defaults for the missing ones), starts the Spring clock and returns true (the phase does not resolve now).
 */
export function placeStartChoices(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow): boolean {
  const rows = pendingRows(tx, phase.id);
  if (rows.length === 0) return false;
  const now = deps.now();
  const claimed = tx
    .update(startChoices)
    .set({ appliedAt: now })
    .where(and(eq(startChoices.phaseId, phase.id), isNull(startChoices.appliedAt)))
    .run();
  if (claimed.changes !== rows.length) throw new Error(`start choices of phase ${phase.id} were placed by someone else`);
  let position = phase.position;
  const placed: string[] = [];
  const choices = openChoices(variant, position, rows.map((r) => r.power));
  for (const row of [...rows].sort((a, b) => a.power.localeCompare(b.power))) {
    const open = choices.find((c) => c.power === row.power);
    if (!open) continue;
    const city = row.city ?? open.cities[0]!;
    const type = (row.unitType ?? 'A') as UnitType;
    const applied = applyDogsOfWarChoice(position, { power: row.power, city, type });
    if (!applied.ok) throw new Error(`Dogs of War choice of ${row.power}: ${applied.error}`);
    position = applied.position;
    placed.push(`${row.power}: ${UNIT_NAME[type]} in ${placeName(variant, city)}${row.city ? '' : ' (no choice was made: the default)'}`);
  }
  const deadline = now + game.movementMs;
  tx.update(phases).set({ position, deadlineMs: deadline, startedAt: now }).where(eq(phases.id, phase.id)).run();
  tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id)).run();
  const label = phaseLabel(position.phase, variant);
  const token = randomToken(deps.random ?? Math.random);
  enqueue(tx, {
    gameId: game.id,
    phaseId: phase.id,
    // A `game_started` post carries the map of the phase's (now updated) board.
    payload: {
      type: 'game_started',
      gameId: game.id,
      phaseId: phase.id,
      text: `🐕 **The Dogs of War have mustered**\n${placed.map((p) => `• ${p}`).join('\n')}\n${ordersOpenLine(label, deadline)}`,
    },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `muster:${phase.id}:placed:${token}`,
    now,
  });
  audit(tx, { gameId: game.id, userId: null, action: 'dogs_of_war_placed', detail: { phaseId: phase.id }, at: now });
  queueStatus(tx, game.id, now);
  return true;
}

interface MusterContext {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  power: string;
  choice: DogsOfWarChoice;
}

function musterContext(tx: Tx, caller: Caller): MusterContext | { ok: false; error: string } {
  const ctx = playerInGame(tx, caller);
  if (isError(ctx)) return ctx;
  const { game, variant, phase, player } = ctx;
  const mine = pendingRows(tx, phase.id).find((r) => r.power === player.power);
  if (!mine) return fail('There is no starting choice for you to make: only a Dogs of War player chooses, before the first Spring.');
  const choice = openChoices(variant, phase.position, [player.power])[0];
  if (!choice) return fail('There is no starting choice for you to make.');
  return { game, variant, phase, power: player.power, choice };
}

/** City and unit choices for `/muster` autocomplete. */
export function musterChoices(deps: GameDeps, caller: Caller): { city: string; name: string; types: UnitType[] }[] {
  try {
    return deps.db.transaction((tx) => {
      const ctx = musterContext(tx, caller);
      if (isError(ctx)) return [];
      return ctx.choice.cities.map((c) => ({ city: c, name: placeName(ctx.variant, c), types: ctx.choice.types[c]! }));
    });
  } catch {
    return [];
  }
}

/**
 * `/muster city: unit:`: the caller's secret Dogs of War choice (may be changed until the window closes). When every
 * Dogs of War player has chosen, the units are placed at once and the Spring clock starts.
 */
export function chooseStart(
  deps: GameDeps,
  input: Caller & { city: string; unit: string },
): Result<{ power: string; city: string; unit: UnitType; placed: boolean }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = musterContext(tx, input);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, power, choice } = ctx;
    const typed = String(input.city ?? '').trim().toLowerCase();
    const city = choice.cities.find((c) => c === typed || variant.map.province(c)?.name.toLowerCase() === typed);
    if (!city) return fail(`"${String(input.city).slice(0, 60)}" is not a city ${power} may start in: ${choice.cities.map((c) => placeName(variant, c)).join(' or ')}.`);
    const unit = (String(input.unit ?? '').trim().toUpperCase().startsWith('F') ? 'F' : 'A') as UnitType;
    if (!choice.types[city]!.includes(unit)) return fail(`A fleet cannot start in ${placeName(variant, city)}: it has no coast.`);
    const now = deps.now();
    tx.update(startChoices)
      .set({ city, unitType: unit, chosenBy: input.userId, chosenAt: now })
      .where(and(eq(startChoices.phaseId, phase.id), eq(startChoices.power, power)))
      .run();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'muster', at: now });
    queueDm(
      tx,
      game,
      input.userId,
      'start_choice',
      `🐕 Your choice for ${power} in <#${game.channelId}>, as stored: an ${UNIT_NAME[unit]} in ${placeName(variant, city)}. You may change it until every Dogs of War player has chosen or ${discordTime(game.deadlineMs ?? now, 'f')}.`,
      `muster:${phase.id}:${power}:${now}:${randomToken(deps.random ?? Math.random)}`,
      now,
      phase.id,
    );
    changed(game.id);
    const waiting = pendingRows(tx, phase.id).filter((r) => r.city === null);
    if (waiting.length > 0) return { ok: true, power, city, unit, placed: false };
    const r = resolveInTx(tx, deps, game.id, phase.id, 'ready');
    if (!r.ok) return r;
    return { ok: true, power, city, unit, placed: true };
  });
}
