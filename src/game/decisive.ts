/**
 * Warhammer's Decisive Battle phase in the game (issue 11 §3; seed "Decisive Battle Phase"; docs/rules/warhammer.md).
 *
 * A movement phase of a game whose variant declares decisive battles (`rules.decisive`) and whose
 * `decisiveBattles` option is `gm` or `dice` does not resolve at its deadline in one step. It goes through a
 * stored step (`decisive_steps`), each stage moved on by the scheduler's deadline, `/gm advance`, or as soon as
 * nobody is left to act, always inside `resolveInTx`:
 *
 * 1. movement deadline → **declaring**: the provisional result (the plain adjudication) and its map are posted
 *    with the list of declarations it allows; seated powers get a DM; orders are closed; the game's deadline
 *    becomes the declaration deadline (the game's retreat duration). `/declare` stores one secret declaration per
 *    battle commander (or a pass). If nobody seated may declare, the phase resolves at once as usual.
 * 2. declaration deadline (or every commander answered) → the declarations are grouped into battles (one per
 *    contested province, a unit and its supports one group) with their army sizes. None declared: the provisional
 *    result stands. `dice`: a roll weighted by army size decides each battle, shown in the channel, and the phase
 *    resolves. `gm`: the battles are posted and the stage becomes **battles** with a new deadline.
 * 3. battle deadline (or every battle reported with `/gm battle`) → the phase resolves with the reported winners;
 *    an unreported battle keeps the provisional result.
 *
 * Each stage change is an `UPDATE … WHERE stage = ?` that must change one row, so it happens exactly once.
 * Declarations are as secret as orders until the declaration deadline: only their author's ephemeral replies and
 * DMs show them; the status says who has answered, never what.
 */
import { and, eq } from 'drizzle-orm';
import { adjudicate } from '../engine/index.js';
import type { DecisiveDeclaration } from '../engine/rules.js';
import type { Adjudication, AdjudicationContext, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { audit, ordersOf, phaseById, playersOf } from '../store/queries.js';
import { decisiveDeclarations, decisiveSteps, games, phases, type DecisiveDeclarationRow, type DecisiveStepRow, type GameRow, type PhaseRow } from '../store/schema.js';
import { isError, playerInGame } from './context.js';
import { enqueue, queueDm, queueNotice, queueStatus } from './outbox-write.js';
import { discordTime, formatResultsSummary, phaseLabel } from './summary.js';
import { fail, inTransaction } from './tx.js';
import type { Caller, GameDeps, Result } from './types.js';
import { randomToken } from './views.js';
import { resolveInTx } from './resolve.js';
import { battleCommanders } from '../variants/warhammer/index.js';
import { commanderByUnit, sepoyDuties } from './followers.js';
import { groupBattles, reportsFor, rollBattle, type Battle, type BattleReport } from './decisive-battles.js';
import { variantOfGame } from './variant-of-game.js';

export type { Battle, BattleReport };
export type DecisiveMode = 'gm' | 'dice';

/** `gm` or `dice` when the game's movement phases have a Decisive Battle phase, else null. */
export function decisiveModeOf(variant: Variant, game: Pick<GameRow, 'options'>): DecisiveMode | null {
  if (!variant.rules.decisive) return null;
  const spec = variant.rules.gameOptions?.decisiveBattles;
  const mode = game.options?.decisiveBattles ?? spec?.default ?? 'off';
  return mode === 'gm' || mode === 'dice' ? mode : null;
}

export function decisiveStepOf(tx: Tx, phaseId: number): DecisiveStepRow | undefined {
  return tx.select().from(decisiveSteps).where(eq(decisiveSteps.phaseId, phaseId)).get();
}

/** Why orders cannot change now (the phase is in its Decisive Battle step), or null. */
export function ordersClosedByDecisive(tx: Tx, phaseId: number): string | null {
  const step = decisiveStepOf(tx, phaseId);
  if (!step) return null;
  return step.stage === 'declaring'
    ? 'Orders for this phase are closed: the Decisive Battle phase is under way. Declare a decisive battle with `/declare`.'
    : 'Orders for this phase are closed: its decisive battles are being decided.';
}

/** The battle commanders of a power: itself, plus its Sepoys and Mercenaries (seed "Sepoys & Mercenaries"). */
export function commandersOf(variant: Variant, position: Position, power: string): string[] {
  if (variant.id !== 'warhammer') return [power];
  const commanders = battleCommanders(position, power);
  return commanders.length > 0 ? commanders : [power];
}

/** What `resolveInTx` does with a movement phase: wait for the step, or resolve with these battle outcomes. */
export type DecisiveProgress =
  | { status: 'waiting' }
  /** `wins`: battles won by followers (Sepoys, Mercenaries) as battle commanders, commander → count. */
  | { status: 'resolve'; battles: BattleReport[]; wins: Record<string, number> };

const NO_BATTLES: DecisiveProgress = { status: 'resolve', battles: [], wins: {} };

const allowedOf = (step: DecisiveStepRow): DecisiveDeclaration[] => step.allowed as DecisiveDeclaration[];
const battlesOf = (step: DecisiveStepRow): Battle[] => (step.battles as Battle[] | null) ?? [];

/** The adjudication context of a movement phase with decided battles (whrules: `context.battles`). */
export function battleContext(players: string[], battles: BattleReport[]): AdjudicationContext {
  return battles.length > 0 ? { players, battles } : { players };
}

/**
 * Moves the phase's Decisive Battle step on (called by `resolveInTx` before it claims a movement phase of a game
 * with decisive battles). Returns whether the phase now resolves, and with which battle outcomes.
 */
export function advanceDecisive(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow, mode: DecisiveMode): DecisiveProgress {
  const now = deps.now();
  const step = decisiveStepOf(tx, phase.id);
  if (!step) return beginDeclarations(tx, deps, game, variant, phase, mode, now);
  if (step.stage === 'declaring') return closeDeclarations(tx, deps, game, variant, phase, step, now);
  if (step.stage === 'battles') return closeBattles(tx, game, variant, phase, step, now);
  const battles = battlesOf(step);
  return { status: 'resolve', battles: reportsOf(battles, step.outcomes ?? {}), wins: followerWins(tx, phase.id, battles, step.outcomes ?? {}) };
}

/** Battles won by a side whose declaration a follower commanded (seed: a Sepoy revolts after 3 won battles). */
function followerWins(tx: Tx, phaseId: number, battles: Battle[], outcomes: Record<string, string>): Record<string, number> {
  const commander = commanderByUnit(declarationsOf(tx, phaseId));
  const wins: Record<string, number> = {};
  for (const b of battles) {
    const side = b.sides.find((s) => s.lead === outcomes[b.id]);
    const who = side ? commander.get(`${side.power}|${side.lead}`) : undefined;
    if (side && who && who !== side.power) wins[who] = (wins[who] ?? 0) + 1;
  }
  return wins;
}

function seatedPowers(tx: Tx, gameId: number): string[] {
  return playersOf(tx, gameId).map((p) => p.power);
}

function beginDeclarations(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow, mode: DecisiveMode, now: number): DecisiveProgress {
  const orders: PowerOrder[] = ordersOf(tx, phase.id).map((o) => ({ power: o.power, order: o.order }));
  const seated = seatedPowers(tx, game.id);
  const provisional = adjudicate(variant, phase.position, orders, { players: seated });
  const options = game.options ?? {};
  const allowed = (variant.rules.decisive?.({ map: variant.map, position: phase.position, orders, adjudication: provisional, options }) ?? []).filter((d) =>
    seated.includes(d.power),
  );
  // Powers in civil disorder declare nothing; with nobody seated able to declare, the phase resolves as usual.
  if (allowed.length === 0) return NO_BATTLES;
  const token = randomToken(deps.random ?? Math.random);
  const deadline = now + game.retreatMs;
  tx.insert(decisiveSteps)
    .values({ phaseId: phase.id, gameId: game.id, stage: 'declaring', mode, provisional, allowed, startedAt: now, declarationDeadlineMs: deadline, token })
    .run();
  tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id)).run();
  // The orders reminder belongs to the movement deadline that has passed.
  tx.update(phases).set({ remindedAt: now }).where(eq(phases.id, phase.id)).run();
  const label = phaseLabel(phase.position.phase, variant);
  enqueue(tx, {
    gameId: game.id,
    phaseId: phase.id,
    payload: { type: 'decisive_provisional', gameId: game.id, phaseId: phase.id, text: provisionalText(variant, label, provisional, allowed, deadline, mode) },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `decisive:${phase.id}:provisional:${token}`,
    now,
  });
  const userOf = new Map(playersOf(tx, game.id).map((p) => [p.power, p.userId]));
  for (const power of [...new Set(allowed.map((d) => d.power))]) {
    const mine = allowed.filter((d) => d.power === power);
    const commanders = commandersOf(variant, phase.position, power);
    queueDm(
      tx,
      game,
      userOf.get(power)!,
      'decisive_declarations',
      `⚔️ **${label}**: the Decisive Battle phase has begun in <#${game.channelId}>. ${power} may declare ` +
        `${commanders.length === 1 ? 'one decisive battle' : `${commanders.length} decisive battles (one per battle commander: ${commanders.join(', ')})`} ` +
        `with \`/declare\` before ${discordTime(deadline, 'f')} (${discordTime(deadline, 'R')}), or pass with \`/declare battle:none\`` +
        (commanders.length > 1 ? ` (seed: each Sepoy must be given a decisive battle every turn; name it with \`commander:\`)` : '') +
        ':\n' +
        mine.map((d) => `• ${declarationText(variant, d)}`).join('\n'),
      `decisive:${phase.id}:open:${power}:${token}`,
      now,
      phase.id,
    );
  }
  audit(tx, { gameId: game.id, userId: null, action: 'decisive_declaring', detail: { phaseId: phase.id, deadline }, at: now });
  queueStatus(tx, game.id, now);
  return { status: 'waiting' };
}

function closeDeclarations(tx: Tx, deps: GameDeps, game: GameRow, variant: Variant, phase: PhaseRow, step: DecisiveStepRow, now: number): DecisiveProgress {
  const declared = declarationsOf(tx, phase.id).filter((d) => d.unit !== null);
  const allowed = allowedOf(step);
  const chosen = declared
    .map((row) => allowed.find((a) => a.power === row.power && a.unit === row.unit && a.kind === row.kind))
    .filter((d): d is DecisiveDeclaration => d !== undefined);
  const orders: PowerOrder[] = ordersOf(tx, phase.id).map((o) => ({ power: o.power, order: o.order }));
  const battles = groupBattles(variant, phase.position, orders, chosen, game.options ?? {});
  const label = phaseLabel(phase.position.phase, variant);
  if (battles.length === 0) {
    claimStage(tx, phase.id, 'declaring', { stage: 'done', battles: [], outcomes: {} });
    const duties = sepoyDuties(variant, phase.position, {});
    queueNotice(
      tx,
      game,
      `⚔️ **${label}**: no decisive battle was declared, so the provisional results stand.${dutiesText(duties)} The final results follow.`,
      `decisive:${phase.id}:none:${step.token}`,
      now,
      phase.id,
    );
    return NO_BATTLES;
  }
  if (step.mode === 'dice') {
    const outcomes: Record<string, string> = {};
    for (const battle of battles) {
      battle.roll = rollBattle(battle, step.token);
      outcomes[battle.id] = battle.roll.lead;
    }
    claimStage(tx, phase.id, 'declaring', { stage: 'done', battles, outcomes });
    const text = battlesText(variant, label, battles, { dice: true }) + dutiesText(sepoyDuties(variant, phase.position, assignments(tx, phase.id, battles)));
    queueNotice(tx, game, text, `decisive:${phase.id}:battles:${step.token}`, now, phase.id);
    return { status: 'resolve', battles: reportsOf(battles, outcomes), wins: followerWins(tx, phase.id, battles, outcomes) };
  }
  const deadline = now + game.retreatMs;
  claimStage(tx, phase.id, 'declaring', { stage: 'battles', battles, outcomes: {}, battleDeadlineMs: deadline });
  tx.update(games).set({ deadlineMs: deadline }).where(eq(games.id, game.id)).run();
  const text = battlesText(variant, label, battles, { deadline }) + dutiesText(sepoyDuties(variant, phase.position, assignments(tx, phase.id, battles)));
  queueNotice(tx, game, text, `decisive:${phase.id}:battles:${step.token}`, now, phase.id);
  audit(tx, { gameId: game.id, userId: null, action: 'decisive_battles', detail: { phaseId: phase.id, battles: battles.length, deadline }, at: now });
  queueStatus(tx, game.id, now);
  void deps;
  return { status: 'waiting' };
}

function closeBattles(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, step: DecisiveStepRow, now: number): DecisiveProgress {
  const battles = battlesOf(step);
  const outcomes = step.outcomes ?? {};
  claimStage(tx, phase.id, 'battles', { stage: 'done' });
  const label = phaseLabel(phase.position.phase, variant);
  const lines = battles.map((b) => {
    const side = b.sides.find((s) => s.lead === outcomes[b.id]);
    const cataclysm = outcomes[destroyedKey(b.id)] === '1' ? ' The losers are destroyed (Cataclysmic Battles).' : '';
    return side ? `• ${battleName(variant, b)}: **${side.power}** (${side.lead}) won.${cataclysm}` : `• ${battleName(variant, b)}: not reported, so the provisional result stands.`;
  });
  queueNotice(tx, game, `⚔️ **${label}: battle outcomes**\n${lines.join('\n')}\nThe final results follow.`, `decisive:${phase.id}:outcomes:${step.token}`, now, phase.id);
  return { status: 'resolve', battles: reportsOf(battles, outcomes), wins: followerWins(tx, phase.id, battles, outcomes) };
}

/** Which commander each power sent to each battle (power → battle id → commander), from the declarations. */
function assignments(tx: Tx, phaseId: number, battles: Battle[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const row of declarationsOf(tx, phaseId)) {
    if (!row.unit) continue;
    const battle = battles.find((b) => b.declarations.some((d) => d.power === row.power && d.unit === row.unit));
    if (battle) (out[row.power] ??= {})[battle.id] = row.commander;
  }
  return out;
}

/** The Sepoy duties not met this turn, recorded in the channel (seed: the master "MUST give him a decisive battle"). */
function dutiesText(duties: string[]): string {
  return duties.length > 0 ? `\n⚠️ Sepoys given no battle this turn:\n${duties.map((d) => `• ${d}`).join('\n')}` : '';
}

/** Moves the step from `from` to its next stage; exactly one caller ever does (the row must change). */
function claimStage(tx: Tx, phaseId: number, from: DecisiveStepRow['stage'], set: Partial<DecisiveStepRow>): void {
  const r = tx
    .update(decisiveSteps)
    .set(set)
    .where(and(eq(decisiveSteps.phaseId, phaseId), eq(decisiveSteps.stage, from)))
    .run();
  if (r.changes !== 1) throw new Error(`decisive step of phase ${phaseId} is no longer at stage ${from}`);
}

/** `outcomes`: battle id → the winning side's leading unit; `<battle id>#destroyed` → '1' when the losers are destroyed. */
function reportsOf(battles: Battle[], outcomes: Record<string, string>): BattleReport[] {
  return battles.flatMap((b) => (outcomes[b.id] ? reportsFor(b, outcomes[b.id]!, outcomes[destroyedKey(b.id)] === '1') : []));
}

/** The outcomes key marking a battle whose losers the game master destroyed (Cataclysmic Battles). */
const destroyedKey = (battleId: string) => `${battleId}#destroyed`;

/** `The Wasteland (wast)`, or several provinces joined when one battle decides them all. */
function battleName(variant: Variant, battle: Pick<Battle, 'provinces'>): string {
  return battle.provinces.map((p) => placeName(variant, p)).join(' + ');
}

function placeName(variant: Variant, province: string): string {
  const name = variant.map.province(province)?.name;
  return name ? `${name} (${province})` : province;
}

/** `decisive move A wast → Altdorf (altd)` / `decisive hold F midd (Middenheim)` */
export function declarationText(variant: Variant, d: Pick<DecisiveDeclaration, 'unit' | 'kind' | 'province'>): string {
  return d.kind === 'move'
    ? `decisive move ${d.unit} → ${placeName(variant, d.province)}`
    : `decisive hold ${d.unit} (${variant.map.province(d.province)?.name ?? d.province})`;
}

/** The value a declaration is chosen by (`move A wast`, `hold F midd`). */
export const declarationKey = (d: Pick<DecisiveDeclaration, 'unit' | 'kind'>): string => `${d.kind} ${d.unit}`;

function provisionalText(variant: Variant, label: string, provisional: Adjudication, allowed: DecisiveDeclaration[], deadline: number, mode: DecisiveMode): string {
  const results = formatResultsSummary(variant, { ...provisional, winner: null }, null).split('\n').slice(1);
  const byPower = new Map<string, DecisiveDeclaration[]>();
  for (const d of allowed) byPower.set(d.power, [...(byPower.get(d.power) ?? []), d]);
  const lines = [`**${label}: provisional results**`, ...results, '', `⚔️ **Decisive Battle phase**: declarations close ${discordTime(deadline, 'R')} (${discordTime(deadline, 'f')}).`];
  lines.push(
    'Each player may declare one decisive battle per battle commander with `/declare` (secret until then), or pass with `/declare battle:none`. ' +
      (mode === 'gm' ? 'The game master then reports each winner with `/gm battle`.' : 'A roll weighted by army size then decides each battle.'),
  );
  lines.push('**Possible declarations**');
  for (const power of variant.powers.map((p) => p.name).filter((p) => byPower.has(p))) {
    lines.push(`__${power}__: ${byPower.get(power)!.map((d) => declarationText(variant, d)).join('; ')}`);
  }
  return lines.join('\n');
}

const points = (n: number): string => n.toLocaleString('en-US');

/** `Empire A altd (declared) with A nuln: Empire 1,500 pts` — one side of a battle, its units and armies. */
function sideText(battle: Battle, side: Battle['sides'][number]): string {
  const declared = battle.declarations.some((d) => d.power === side.power && d.unit === side.lead) ? ' (declared)' : '';
  const others = side.units.filter((u) => u !== side.lead);
  const supported = others.length > 0 ? ` with ${others.join(', ')}` : '';
  const armies = side.armies.map((a) => `${a.power} ${points(a.points)} pts`).join(' + ');
  return `${side.power} ${side.lead}${declared}${supported}: ${armies}`;
}

function battlesText(variant: Variant, label: string, battles: Battle[], opts: { dice?: boolean; deadline?: number }): string {
  const lines = [`⚔️ **${label}: decisive battles** (${battles.length})`];
  for (const b of battles) {
    lines.push(`**${battleName(variant, b)}**`);
    let from = 1;
    for (const side of b.sides) {
      const range = opts.dice ? ` · roll ${points(from)}–${points(from + side.points - 1)}` : '';
      from += side.points;
      lines.push(`• ${sideText(b, side)}${range}`);
    }
    const won = b.roll ? b.sides.find((s) => s.lead === b.roll!.lead) : undefined;
    if (opts.dice && b.roll && won) lines.push(`🎲 Rolled **${points(b.roll.value)}** of ${points(b.roll.total)}: **${won.power}** (${won.lead}) wins.`);
  }
  if (opts.dice) lines.push('The final results follow.');
  else if (opts.deadline !== undefined) {
    lines.push(
      `The game master reports each winner with \`/gm battle\` before ${discordTime(opts.deadline, 'f')} (${discordTime(opts.deadline, 'R')}); ` +
        'a battle not reported by then keeps the provisional result.',
    );
  }
  return lines.join('\n');
}

function declarationsOf(tx: Tx, phaseId: number, power?: string): DecisiveDeclarationRow[] {
  const where = power === undefined ? eq(decisiveDeclarations.phaseId, phaseId) : and(eq(decisiveDeclarations.phaseId, phaseId), eq(decisiveDeclarations.power, power));
  return tx.select().from(decisiveDeclarations).where(where).all();
}

/**
 * The Decisive Battle phase's reminder (src/game/reminders.ts calls it once per step and per deadline, when an
 * orders reminder would be due before the declaration deadline `deadline`): a DM to each seated power that may declare and has not answered
 * for every battle commander. It says only that the power has not answered, never what anyone declared.
 */
export function queueDeclarationReminders(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, step: DecisiveStepRow, deadline: number, now: number): number {
  const userOf = new Map(playersOf(tx, game.id).map((p) => [p.power, p.userId]));
  const label = phaseLabel(phase.position.phase, variant);
  let count = 0;
  for (const power of unanswered(tx, variant, phase, step)) {
    const userId = userOf.get(power);
    if (!userId) continue;
    const answered = declarationsOf(tx, phase.id, power).length;
    const commanders = commandersOf(variant, phase.position, power).length;
    const still = commanders > 1 ? ` for ${commanders - answered} of its ${commanders} battle commanders` : '';
    queueDm(
      tx,
      game,
      userId,
      'reminder',
      `⏰ ${power} has not declared yet${still} in the Decisive Battle phase of **${label}** (game in <#${game.channelId}>): ` +
        `declare with \`/declare\` or pass with \`/declare battle:none\`. Declarations close ${discordTime(deadline, 'R')}.`,
      `remind-declare:${phase.id}:${power}:${deadline}`,
      now,
      phase.id,
    );
    count++;
  }
  return count;
}

/** Powers (seated, able to declare) that have not answered for every commander yet. */
function unanswered(tx: Tx, variant: Variant, phase: PhaseRow, step: DecisiveStepRow): string[] {
  const powers = [...new Set(allowedOf(step).map((d) => d.power))];
  return powers.filter((p) => declarationsOf(tx, phase.id, p).length < commandersOf(variant, phase.position, p).length);
}

/** For the status message: the stage, and per power whether it has answered (never what). */
export interface DecisiveStatus {
  stage: 'declaring' | 'battles';
  /** Powers that may declare, and whether each has answered for every commander. */
  answered: Map<string, boolean>;
  /** gm stage: battles still waiting for the game master's report. */
  unreported: string[];
}

export function decisiveStatus(tx: Tx, variant: Variant, phase: PhaseRow): DecisiveStatus | null {
  const step = decisiveStepOf(tx, phase.id);
  if (!step || step.stage === 'done' || phase.resolvedAt !== null) return null;
  const waiting = new Set(unanswered(tx, variant, phase, step));
  const answered = new Map([...new Set(allowedOf(step).map((d) => d.power))].map((p) => [p, !waiting.has(p)]));
  const outcomes = step.outcomes ?? {};
  return { stage: step.stage, answered, unreported: battlesOf(step).map((b) => b.id).filter((id) => !outcomes[id]) };
}

interface DeclarationContext {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  step: DecisiveStepRow;
  power: string;
  commanders: string[];
  mine: DecisiveDeclaration[];
}

function declarationContext(tx: Tx, caller: Caller, now: number): DeclarationContext | { ok: false; error: string } {
  const ctx = playerInGame(tx, caller);
  if (isError(ctx)) return ctx;
  const { game, variant, phase, player } = ctx;
  const step = decisiveStepOf(tx, phase.id);
  if (!step || step.stage !== 'declaring' || phase.resolvedAt !== null) {
    return fail(step?.stage === 'battles' ? 'Declarations are closed: the battles are being decided.' : 'There is no Decisive Battle phase under way: declarations open at the movement deadline.');
  }
  if (game.deadlineMs !== null && now >= game.deadlineMs) return fail('The declaration deadline has passed; the battles are being set up.');
  const mine = allowedOf(step).filter((d) => d.power === player.power);
  if (mine.length === 0) return fail(`${player.power} has no unit that may fight a decisive battle this phase (none bounced against another power's unit or is dislodged).`);
  return { game, variant, phase, step, power: player.power, commanders: commandersOf(variant, phase.position, player.power), mine };
}

/** The declarations the caller may choose, for autocomplete (empty when none). */
export function declarationChoices(deps: GameDeps, caller: Caller): { key: string; text: string }[] {
  try {
    return deps.db.transaction((tx) => {
      const ctx = declarationContext(tx, caller, deps.now());
      if (isError(ctx)) return [];
      return [...ctx.mine.map((d) => ({ key: declarationKey(d), text: declarationText(ctx.variant, d) })), { key: 'none', text: 'none: pass (declare nothing)' }];
    });
  } catch {
    return [];
  }
}

/** The caller's commanders (for autocomplete). */
export function commanderChoices(deps: GameDeps, caller: Caller): string[] {
  try {
    return deps.db.transaction((tx) => {
      const ctx = declarationContext(tx, caller, deps.now());
      return isError(ctx) ? [] : ctx.commanders;
    });
  } catch {
    return [];
  }
}

/**
 * Stores the caller's secret declaration for one battle commander (default: the player), replacing an earlier one
 * of that commander; `none` passes. Two commanders cannot declare the same unit. DM confirmation of what is stored.
 * When every commander of every power that may declare has answered, the declarations close at once.
 */
export function declareBattle(
  deps: GameDeps,
  input: Caller & { battle: string; commander?: string | null },
): Result<{ power: string; commander: string; declared: string | null; stored: string[]; closed: boolean }> {
  return inTransaction(deps, (tx, changed) => {
    const now = deps.now();
    const ctx = declarationContext(tx, input, now);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, step, power, commanders, mine } = ctx;
    const commander = commanders.find((c) => c.toLowerCase() === String(input.commander ?? power).trim().toLowerCase());
    if (!commander) return fail(`"${input.commander}" is not one of ${power}'s battle commanders (${commanders.join(', ')}).`);
    const typed = String(input.battle ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const pass = typed === 'none' || typed === 'pass';
    const chosen = pass ? null : mine.find((d) => declarationKey(d).toLowerCase() === typed || d.unit.toLowerCase() === typed || declarationText(variant, d).toLowerCase() === typed);
    if (!pass && !chosen) {
      return fail(`"${String(input.battle).slice(0, 60)}" is not a declaration ${power} may make. Possible: ${mine.map((d) => `\`${declarationKey(d)}\``).join(', ')}, or \`none\`.`);
    }
    const others = declarationsOf(tx, phase.id, power).filter((d) => d.commander !== commander);
    if (chosen && others.some((d) => d.unit === chosen.unit)) return fail(`Another of your commanders already declared with ${chosen.unit}; choose another unit.`);
    tx.insert(decisiveDeclarations)
      .values({ phaseId: phase.id, power, commander, unit: chosen?.unit ?? null, kind: chosen?.kind ?? null, province: chosen?.province ?? null, submittedBy: input.userId, submittedAt: now })
      .onConflictDoUpdate({
        target: [decisiveDeclarations.phaseId, decisiveDeclarations.power, decisiveDeclarations.commander],
        set: { unit: chosen?.unit ?? null, kind: chosen?.kind ?? null, province: chosen?.province ?? null, submittedBy: input.userId, submittedAt: now },
      })
      .run();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'declare', at: now });
    const stored = declarationsOf(tx, phase.id, power).map((d) => {
      const what = d.unit ? declarationText(variant, { unit: d.unit, kind: d.kind!, province: d.province! }) : 'passes';
      return commanders.length > 1 ? `${d.commander}: ${what}` : what;
    });
    const label = phaseLabel(phase.position.phase, variant);
    const seq = declarationsOf(tx, phase.id, power).reduce((n, d) => Math.max(n, d.submittedAt), 0);
    queueDm(
      tx,
      game,
      input.userId,
      'decisive_confirmation',
      `⚔️ Your decisive battle declarations for ${power} in ${label} (<#${game.channelId}>), as stored:\n${stored.map((s) => `• ${s}`).join('\n')}\n` +
        `You may change them until ${discordTime(game.deadlineMs ?? step.declarationDeadlineMs, 'f')}.`,
      `decisive:${phase.id}:confirm:${power}:${seq}:${randomToken(deps.random ?? Math.random)}`,
      now,
      phase.id,
    );
    changed(game.id);
    let closed = false;
    if (unanswered(tx, variant, phase, step).length === 0) {
      // Everyone who may declare has answered: no reason to wait for the deadline.
      const r = resolveInTx(tx, deps, game.id, phase.id, 'decisive');
      if (!r.ok) return r;
      closed = true;
    } else queueStatus(tx, game.id, now);
    return { ok: true, power, commander, declared: chosen ? declarationText(variant, chosen) : null, stored, closed };
  });
}

/**
 * `/gm battle`: the game master reports the winner of one battle (gm mode). When every battle is reported, the
 * phase resolves at once.
 */
export function reportBattle(
  deps: GameDeps,
  input: Caller & { province: string; winner: string; destroyed?: boolean },
): Result<{ province: string; winner: string; destroyed: boolean; remaining: string[]; resolved: boolean }> {
  return inTransaction(deps, (tx, changed) => {
    const found = gmBattleContext(tx, input);
    if (isError(found)) return found;
    const { game, variant, phase, step } = found;
    const battles = battlesOf(step);
    const typed = String(input.province ?? '').trim().toLowerCase();
    const battle = battles.find((b) => b.id === typed || b.provinces.some((p) => p === typed || variant.map.province(p)?.name.toLowerCase() === typed));
    if (!battle) return fail(`There is no decisive battle in "${String(input.province).slice(0, 60)}". Battles: ${battles.map((b) => battleName(variant, b)).join(', ')}.`);
    const winnerTyped = String(input.winner ?? '').trim().toLowerCase();
    // By power, or by the side's leading unit when one power fights on several sides.
    const byPower = battle.sides.filter((s) => s.power.toLowerCase() === winnerTyped);
    const side = byPower.length === 1 ? byPower[0] : battle.sides.find((s) => s.lead.toLowerCase() === winnerTyped);
    if (!side) {
      const sides = battle.sides.map((s) => `${s.power} (${s.lead})`).join(', ');
      return fail(`"${String(input.winner).slice(0, 60)}" is not ${byPower.length > 1 ? 'one side' : 'a side'} of the battle at ${battleName(variant, battle)}${byPower.length > 1 ? ': name the side by its leading unit' : ''}. Sides: ${sides}.`);
    }
    // Seed, Cataclysmic Battles: "the game master may mark a loser destroyed" (gm mode, the option on).
    const destroyed = input.destroyed === true;
    if (destroyed && (game.options?.cataclysmicBattles ?? 'off') !== 'on') {
      return fail('This game does not play Cataclysmic Battles (`campaign: cataclysmicBattles` at `/game create`), so a loser cannot be destroyed.');
    }
    const outcomes: Record<string, string> = { ...(step.outcomes ?? {}), [battle.id]: side.lead };
    if (destroyed) outcomes[destroyedKey(battle.id)] = '1';
    else delete outcomes[destroyedKey(battle.id)];
    const now = deps.now();
    tx.update(decisiveSteps).set({ outcomes }).where(and(eq(decisiveSteps.phaseId, phase.id), eq(decisiveSteps.stage, 'battles'))).run();
    audit(tx, { gameId: game.id, userId: input.userId, action: 'gm_battle', detail: { phaseId: phase.id, battle: battle.id, winner: side.lead, destroyed }, at: now });
    changed(game.id);
    const remaining = battles.filter((b) => !outcomes[b.id]).map((b) => battleName(variant, b));
    const where = battleName(variant, battle);
    if (remaining.length === 0) {
      const r = resolveInTx(tx, deps, game.id, phase.id, 'decisive');
      if (!r.ok) return r;
      return { ok: true, province: where, winner: side.power, destroyed, remaining, resolved: true };
    }
    queueStatus(tx, game.id, now);
    return { ok: true, province: where, winner: side.power, destroyed, remaining, resolved: false };
  });
}

function gmBattleContext(tx: Tx, caller: Caller): { game: GameRow; variant: Variant; phase: PhaseRow; step: DecisiveStepRow } | { ok: false; error: string } {
  const game = tx.select().from(games).where(eq(games.channelId, caller.channelId)).all().find((g) => g.status !== 'finished');
  if (!game) return fail('There is no running game in this channel.');
  if (game.gmUserId !== caller.userId) return fail('Only the game master can report battles.');
  if (game.status !== 'active') return fail(game.status === 'paused' ? 'The game is paused; resume it first.' : 'The game has not started yet.');
  const variant = variantOfGame(game);
  const phase = game.currentPhaseId !== null ? phaseById(tx, game.currentPhaseId) : undefined;
  const step = phase ? decisiveStepOf(tx, phase.id) : undefined;
  if (!variant || !phase || !step || step.stage !== 'battles') {
    return fail(step?.stage === 'declaring' ? 'The players are still declaring; the battles are known at the declaration deadline.' : 'There are no decisive battles waiting for a report.');
  }
  return { game, variant, phase, step };
}

/** The battles waiting for the game master's report, for `/gm battle` autocomplete. */
export function battleChoices(deps: GameDeps, caller: Caller): { province: string; name: string; sides: string[]; winner: string | null }[] {
  try {
    return deps.db.transaction((tx) => {
      const found = gmBattleContext(tx, caller);
      if (isError(found)) return [];
      const outcomes = found.step.outcomes ?? {};
      return battlesOf(found.step).map((b) => ({
        province: b.id,
        name: battleName(found.variant, b),
        sides: [...new Set(b.sides.map((s) => s.power))],
        winner: b.sides.find((s) => s.lead === outcomes[b.id])?.power ?? null,
      }));
    });
  } catch {
    return [];
  }
}

/** Deletes a phase's step and declarations (a game-master rollback to that phase reopens its orders). */
export function clearDecisive(tx: Tx, phaseId: number): void {
  tx.delete(decisiveDeclarations).where(eq(decisiveDeclarations.phaseId, phaseId)).run();
  tx.delete(decisiveSteps).where(eq(decisiveSteps.phaseId, phaseId)).run();
}

/** The caller's own stored declarations (for `/declare` without a choice and `/orders show`). */
export function myDeclarations(tx: Tx, variant: Variant, phaseId: number, power: string): string[] {
  return declarationsOf(tx, phaseId, power).map((d) => (d.unit ? declarationText(variant, { unit: d.unit, kind: d.kind!, province: d.province! }) : 'passes'));
}

