/**
 * Warhammer's Sepoys and Mercenaries in the game (issue 11 §4; seed "Sepoys & Mercenaries"; the rules are pure
 * functions in src/variants/warhammer/followers.ts, the state in the position's `variantState.followers`).
 *
 * - `/follow as:sepoy` — a conquered player (no unit, no centre) fights for whoever holds their capital;
 *   `/follow as:mercenary employer:` — for any power still on the board. Only in games with decisive battles
 *   (decisions.md). The current phase's board gets the new state; the channel and the master are told.
 * - Each follower is an extra battle commander of its master (`/declare commander:`), and the declarations DM
 *   reminds the master that each Sepoy must be given a battle; the battles post records a master who gave none.
 * - Battles won by a follower's side are counted (`recordWins`) on the next phase's board.
 * - `/revolt province: unit:` — a Sepoy with 3 won battles, in an adjustment phase, claims one of its master's empty
 *   centres outside the master's nation as its new capital, with a unit.
 */
import { eq } from 'drizzle-orm';
import type { Position, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { audit, playersOf } from '../store/queries.js';
import { phases } from '../store/schema.js';
import { applyRevolt, becomeMercenary, becomeSepoy, commanderProblems, readWarhammerState, recordWins, revoltOptions } from '../variants/warhammer/index.js';
import { isError, playerInGame } from './context.js';
import { decisiveModeOf, decisiveStepOf } from './decisive.js';
import { queueDm, queueNotice, queueStatus } from './outbox-write.js';
import { phaseLabel } from './summary.js';
import { fail, inTransaction } from './tx.js';
import type { Caller, GameDeps, Result } from './types.js';
import { randomToken } from './views.js';

/** Adds the battles followers won this turn to the board that follows (`won`: commander → battles won). */
export function withFollowerWins(variant: Variant, position: Position, won: Record<string, number>): Position {
  if (variant.id !== 'warhammer' || Object.keys(won).length === 0) return position;
  return recordWins(position, won);
}

/**
 * Readable lines about a master's commanders who were given no battle (seed: "the player controlling the Sepoy
 * MUST give him a decisive battle each turn"). `assignment`: power → (battle id → commander).
 */
export function sepoyDuties(variant: Variant, position: Position, assignment: Record<string, Record<string, string>>): string[] {
  if (variant.id !== 'warhammer') return [];
  const masters = new Set(Object.values(readWarhammerState(position).followers).map((f) => f.master));
  return [...masters].sort().flatMap((master) => commanderProblems(position, master, assignment[master] ?? {}).map((p) => `${master}: ${p}`));
}

export function followerOf(variant: Variant, position: Position, power: string): { role: 'sepoy' | 'mercenary'; master: string; wins: number } | null {
  if (variant.id !== 'warhammer') return null;
  return readWarhammerState(position).followers[power] ?? null;
}

/**
 * `/follow`: the caller's conquered power becomes a Sepoy (of whoever holds its capital) or a Mercenary of
 * `employer`, from the current phase on.
 */
export function follow(
  deps: GameDeps,
  input: Caller & { role: string; employer?: string | null },
): Result<{ power: string; role: 'sepoy' | 'mercenary'; master: string }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, input);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (variant.id !== 'warhammer' || !decisiveModeOf(variant, game)) return fail('Sepoys and Mercenaries exist only in Warhammer games with decisive battles (`decisive:gm` or `dice`).');
    if (decisiveStepOf(tx, phase.id)) return fail('The Decisive Battle phase is under way; become a follower once its results are out.');
    const role = String(input.role ?? '').trim().toLowerCase();
    if (role !== 'sepoy' && role !== 'mercenary') return fail('Choose `sepoy` or `mercenary`.');
    const employer = role === 'mercenary' ? variant.powers.find((p) => p.name.toLowerCase() === String(input.employer ?? '').trim().toLowerCase())?.name : undefined;
    if (role === 'mercenary' && !employer) return fail(`Name the power you fight for with \`employer:\` (${variant.powers.map((p) => p.name).join(', ')}).`);
    const r = role === 'sepoy' ? becomeSepoy(phase.position, player.power) : becomeMercenary(phase.position, player.power, employer!);
    if (!r.ok) return fail(`${r.error[0]!.toUpperCase()}${r.error.slice(1)}.`);
    const master = readWarhammerState(r.position).followers[player.power]!.master;
    tx.update(phases).set({ position: r.position }).where(eq(phases.id, phase.id)).run();
    const now = deps.now();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'follow', detail: { power: player.power, role, master }, at: now });
    const token = randomToken(deps.random ?? Math.random);
    const what = role === 'sepoy' ? `a **Sepoy** of ${master} (who holds its capital)` : `a **Mercenary** of ${master}`;
    queueNotice(tx, game, `🤝 ${player.power} now fights as ${what}: one more battle commander for ${master}'s decisive battles.`, `follow:${phase.id}:${player.power}:${token}`, now, phase.id);
    const masterUser = playersOf(tx, game.id).find((p) => p.power === master)?.userId;
    if (masterUser) {
      queueDm(
        tx,
        game,
        masterUser,
        'follower',
        `🤝 ${player.power} now fights for you as ${role === 'sepoy' ? 'a Sepoy' : 'a Mercenary'} in <#${game.channelId}>: declare a battle for it with \`/declare commander:${player.power}\`` +
          (role === 'sepoy' ? ' — you must give each Sepoy a decisive battle every turn.' : '.'),
        `follow:${phase.id}:${player.power}:dm:${token}`,
        now,
        phase.id,
      );
    }
    queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, power: player.power, role, master };
  });
}

/** Where the caller's Sepoy may revolt now (for autocomplete); empty when it may not. */
export function revoltChoices(deps: GameDeps, caller: Caller): { province: string; name: string; types: UnitType[] }[] {
  try {
    return deps.db.transaction((tx) => {
      const ctx = playerInGame(tx, caller);
      if (isError(ctx) || ctx.variant.id !== 'warhammer' || ctx.phase.resolvedAt !== null) return [];
      return revoltOptions(ctx.phase.position, ctx.player.power).map((o) => ({ ...o, name: `${ctx.variant.map.province(o.province)?.name ?? o.province} (${o.province})` }));
    });
  } catch {
    return [];
  }
}

/** `/revolt`: the caller's Sepoy claims a new capital with a unit (3 won battles, an adjustment phase). */
export function revolt(deps: GameDeps, input: Caller & { province: string; unit: string }): Result<{ power: string; province: string; unit: UnitType }> {
  return inTransaction(deps, (tx, changed) => {
    const ctx = playerInGame(tx, input);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (variant.id !== 'warhammer') return fail('Only a Warhammer Sepoy can revolt.');
    const follower = followerOf(variant, phase.position, player.power);
    if (follower?.role !== 'sepoy') return fail(`${player.power} is not a Sepoy.`);
    const province = String(input.province ?? '').trim().toLowerCase();
    const unit = (String(input.unit ?? '').trim().toUpperCase().startsWith('F') ? 'F' : 'A') as UnitType;
    const r = applyRevolt(phase.position, player.power, province, unit);
    if (!r.ok) return fail(`${r.error[0]!.toUpperCase()}${r.error.slice(1)} (${follower.wins} won so far).`);
    tx.update(phases).set({ position: r.position }).where(eq(phases.id, phase.id)).run();
    const now = deps.now();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'revolt', detail: { province, unit }, at: now });
    const name = variant.map.province(province)?.name ?? province;
    queueNotice(
      tx,
      game,
      `🔥 ${player.power}, Sepoy of ${follower.master}, revolts in **${phaseLabel(phase.position.phase, variant)}**: ${name} (${province}) is its new capital, with ${unit === 'F' ? 'a fleet' : 'an army'}.`,
      `revolt:${phase.id}:${player.power}:${randomToken(deps.random ?? Math.random)}`,
      now,
      phase.id,
    );
    queueStatus(tx, game.id, now);
    changed(game.id);
    return { ok: true, power: player.power, province, unit };
  });
}

/** For the decisive code: commander per declared unit (power|unit → commander). */
export function commanderByUnit(rows: { power: string; unit: string | null; commander: string }[]): Map<string, string> {
  return new Map(rows.filter((r) => r.unit !== null).map((r) => [`${r.power}|${r.unit}`, r.commander]));
}

export type { Tx };
