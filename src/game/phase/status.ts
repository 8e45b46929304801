/**
 * The status of a game as everyone in the channel may see it: phase, deadline, who has submitted and who is
 * ready. It never shows what anyone ordered (secret orders until adjudication).
 *
 * In a game that hides who plays whom (until it ends) the players' own acts show only in the pinned status message,
 * edited with them at the marks of the clock (outbox-write.ts `queueProgressStatus`), and readiness only as a count:
 * which power got ready when would pair it with whoever was seen acting then. `/game status` answers there without
 * them (`view: 'reply'`), since it could be asked between two marks.
 */
import { powersToAct } from '../../engine/index.js';
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/db.js';
import { ordersOf, phaseById, playersOf, readyPowers } from '../../store/queries.js';
import type { GameRow, NmrMode, PressMode } from '../../store/schema.js';
import {
  isVacant,
  playerName,
  identitiesHiddenNow,
  publicHolderName,
  formatDuration,
  type PowerStatus,
  type StatusView,
  toGameView,
  toPhaseView,
  optionsLine,
  variantOfGame,
  memberRef,
  timeRef,
} from '../core/index.js';
import { pluginContext, pluginOfGame } from './plugin-context.js';
import { stepStatus, type StepStatus } from './steps.js';
import { dutiesOf, hasDuties, isBallotKey, ordersComplete } from './duties.js';

/** Powers that own a centre or a unit. */
export function survivingPowers(variant: Variant, position: Position): string[] {
  return variant.powers
    .map((p) => p.name)
    .filter((p) => (position.supplyCenters[p] ?? []).length > 0 || position.units.some((u) => u.power === p));
}

/**
 * Where a status is read: the pinned status message (`pin`, what the outbox delivers), or a reply to `/game status`
 * (`reply`: in a game that hides who plays whom, without the players' progress, which only the pin shows).
 */
export type StatusReader = 'pin' | 'reply';

export async function buildStatus(
  tx: Tx,
  game: GameRow,
  now = Date.now(),
  reader: StatusReader = 'pin',
): Promise<StatusView> {
  const view = toGameView(game);
  const variant = variantOfGame(game);
  const players = await playersOf(tx, game.id);
  const userOf = new Map(players.map((p) => [p.power, p.userId]));
  const phaseRow = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  const powerNames = variant ? variant.powers.map((p) => p.name) : [];
  // Neutral powers (Mandate of Heaven) are moved by the players' vote: never free to take.
  const freePowers =
    game.status === 'forming' && variant
      ? variant.powers.filter((p) => !p.neutral && !userOf.has(p.name)).map((p) => p.name)
      : [];
  let powers: PowerStatus[];
  const plugin = pluginOfGame(game);
  // A step of the phase under way (a start choice, or a declaration step with the orders closed).
  const step =
    variant && phaseRow && game.status !== 'finished' ? await stepStatus(tx, game, variant, phaseRow, now) : null;
  const claimStep = step?.at === 'claim' ? step : null;
  const ctx = variant && phaseRow ? await pluginContext(tx, game, variant, phaseRow, { now, token: '' }) : null;
  const notes = new Map<string, string>();
  if (ctx && plugin.seatNote)
    for (const p of powerNames) {
      const note = plugin.seatNote(ctx, p);
      if (note) notes.set(p, note);
    }
  if (!variant || !phaseRow) {
    powers = powerNames.map((power) => ({
      power,
      userId: userOf.get(power) ?? null,
      supplyCenters: 0,
      units: 0,
      toAct: false,
      submitted: false,
      ordersStored: 0,
      ready: false,
    }));
  } else {
    const position = phaseRow.position;
    const acting = new Set(
      phaseRow.resolvedAt === null && game.status !== 'finished' ? powersToAct(variant, position) : [],
    );
    const stored = await ordersOf(tx, phaseRow.id);
    const ready = await readyPowers(tx, phaseRow.id);
    const voted = new Set(
      variant.rules.votedPowers?.({ map: variant.map, position, players: players.map((p) => p.power) }) ?? [],
    );
    powers = powerNames.map((power) => {
      const mine = stored.filter((o) => o.power === power && !isBallotKey(o.unitKey)); // votes are secret, even their number
      const duties = dutiesOf(variant, position, power);
      if (claimStep) {
        // A step between orders and claim: orders are closed; who it still waits for (never what they chose).
        const answer = claimStep.progress.powers.find((p) => p.power === power);
        return {
          power,
          userId: userOf.get(power) ?? null,
          supplyCenters: (position.supplyCenters[power] ?? []).length,
          units: position.units.filter((u) => u.power === power).length,
          toAct: answer !== undefined,
          submitted: answer?.answered === true,
          ordersStored: 0,
          ready: false,
        };
      }
      const toAct = acting.has(power);
      return {
        power,
        userId: userOf.get(power) ?? null,
        supplyCenters: (position.supplyCenters[power] ?? []).length,
        units: position.units.filter((u) => u.power === power).length,
        toAct,
        submitted:
          toAct &&
          hasDuties(duties) &&
          ordersComplete(
            duties,
            mine.map((o) => o.unitKey),
            mine.map((o) => o.order.kind),
          ),
        ordersStored: mine.length,
        ready: toAct && ready.has(power),
        ...(voted.has(power) ? { voted: true } : {}),
      };
    });
  }
  const phase = phaseRow ? toPhaseView(phaseRow, variant) : null;
  const progress: Progress =
    !identitiesHiddenNow(game) || game.status === 'forming' ? 'open' : reader === 'pin' ? 'batched' : 'withheld';
  if (progress === 'withheld') powers = powers.map((p) => ({ ...p, submitted: false, ordersStored: 0, ready: false }));
  const extra = [
    ...(step ? [step.line] : []),
    ...(ctx && plugin.statusLines && game.status !== 'finished' ? plugin.statusLines(ctx) : []),
  ];
  const text = statusText(view, phase?.label ?? null, powers, freePowers, {
    step,
    extra,
    notes,
    ownOptions: plugin.ownOptions ?? [],
    progress,
  });
  return { game: view, phase, powers, freePowers, text };
}

/** The first line's words for a game that hides identities: its press, never its game master (who may play). */
const PRESS_LINE: Record<PressMode, string> = {
  open: 'open press',
  gunboat: 'gunboat: no press, and who plays whom stays hidden until the end',
  anonymous: 'anonymous press (`/press send`): who plays whom stays hidden until the end',
};

/**
 * How the players' progress (orders in, ready, a step's answers) is shown: per power (`open`); in a game that hides who
 * plays whom, per power without readiness, which is counted (`batched`, the pin); or not at all (`withheld`).
 */
type Progress = 'open' | 'batched' | 'withheld';

interface StatusExtras {
  step: StepStatus | null;
  extra: string[];
  notes: Map<string, string>;
  ownOptions: readonly string[];
  progress: Progress;
}

function statusText(
  game: StatusView['game'],
  /** The phase's label (in the variant's calendar). */
  phase: string | null,
  powers: PowerStatus[],
  freePowers: string[],
  plugin: StatusExtras = { step: null, extra: [], notes: new Map(), ownOptions: [], progress: 'open' },
): string {
  const lines = [
    identitiesHiddenNow(game)
      ? `**${game.variantName}** · ${PRESS_LINE[game.press]}`
      : `**${game.variantName}** · game master ${memberRef(game.gmUserId)}`,
  ];
  const claimStep = plugin.step?.at === 'claim' ? plugin.step : null;
  const campaign = optionsLine(game.options ?? {}, plugin.ownOptions).trim();
  if (campaign) lines.push(campaign);
  if (game.status === 'forming') {
    lines.push(
      game.demonstration
        ? 'Forming: the game master starts it with `/game start`.'
        : 'Forming: join with `/game join`; the game master starts with `/game start`.',
    );
    const joined = powers.filter((p) => p.userId);
    lines.push(
      joined.length > 0
        ? `Joined: ${joined.map((p) => (identitiesHiddenNow(game) ? p.power : `${p.power} ${playerName(p.userId!)}`)).join(', ')}`
        : 'Nobody has joined yet.',
    );
    if (game.demonstration) lines.push('🤖 Demonstration table: computer players play every power.');
    else if (freePowers.length > 0)
      lines.push(
        `Free powers: ${freePowers.join(', ')}${game.computerFill ? ' (computer players take those still free at the start)' : ''}`,
      );
    lines.push(
      `Phase lengths: movement ${formatDuration(game.durations.movement)}, retreat ${formatDuration(game.durations.retreat)}, adjustment ${formatDuration(game.durations.adjustment)}`,
    );
    return lines.join('\n');
  }
  if (phase) lines.push(`**${phase}**`);
  if (game.status === 'active' && game.deadline !== null) {
    lines.push(`Deadline ${timeRef(game.deadline, 'R')} (${timeRef(game.deadline, 'f')})`);
  } else if (game.status === 'paused') lines.push('⏸️ Paused by the game master.');
  else if (game.status === 'finished') lines.push(`🏁 Game over: ${endText(game.end)}`);
  lines.push(...plugin.extra);
  for (const p of powers) {
    const note = plugin.notes.get(p.power);
    if (p.supplyCenters === 0 && p.units === 0 && !note) continue;
    const vacant = p.userId !== null && isVacant(p.userId);
    const who = vacant
      ? game.status === 'finished'
        ? 'vacant'
        : 'vacant: a substitute may claim it'
      : p.userId
        ? publicHolderName(game, p.userId)
        : p.voted
          ? "moved by the players' vote"
          : 'civil disorder';
    let state = note ? ` · ${note}` : '';
    if (game.status !== 'finished' && !(note && !p.toAct))
      state += seatState(p, claimStep, plugin.progress, game.seats.nmr);
    lines.push(
      `${p.power} (${who}) · ${p.supplyCenters} centre${p.supplyCenters === 1 ? '' : 's'}, ${p.units} unit${p.units === 1 ? '' : 's'}${state}`,
    );
  }
  if (game.status !== 'finished') lines.push(...progressLines(powers, claimStep, plugin.progress, game.seats.nmr));
  return lines.join('\n');
}

/**
 * What a seat has to do and, as the status shows progress, how far it is (` · ✅ orders in · 🟢 ready`). A vacant seat
 * says what happens to it (`nmr`): ready with the defaults, or played by the computer player.
 */
function seatState(p: PowerStatus, claimStep: StepStatus | null, progress: Progress, nmr: NmrMode): string {
  if (!p.toAct) return claimStep ? '' : ' · nothing to do';
  if (p.voted) return ' · the players vote on its orders';
  if (!p.userId) return ' · defaults apply';
  const vacant = isVacant(p.userId);
  if (vacant && nmr !== 'computer' && !claimStep) return ' · ready: the defaults apply (units hold)';
  const computer = vacant ? ' · 🤖 the computer player orders for it' : '';
  if (progress === 'withheld') return computer;
  if (claimStep) return `${computer} · ${p.submitted ? claimStep.labels.answered : claimStep.labels.waiting}`;
  const orders = p.submitted ? ' · ✅ orders in' : p.ordersStored > 0 ? ' · ✏️ some orders' : ' · ⏳ no orders';
  return `${computer}${orders}${p.ready && progress === 'open' ? ' · 🟢 ready' : ''}`;
}

/** In a game that hides who plays whom: how many seats are ready, and when the players' progress shows. */
function progressLines(
  powers: PowerStatus[],
  claimStep: StepStatus | null,
  progress: Progress,
  nmr: NmrMode,
): string[] {
  if (progress === 'open') return [];
  if (progress === 'withheld')
    return [
      "🎭 Who has given orders and how many are ready shows only in the channel's pinned status message, updated in batches every five minutes, so nobody can tell who acted when.",
    ];
  // A vacant seat under `nmr: hold` is ready with the defaults, never by a `/ready`: not counted.
  const seats = powers.filter((p) => p.toAct && p.userId && !p.voted && !(isVacant(p.userId) && nmr !== 'computer'));
  const ready = seats.filter((p) => p.ready).length;
  return [
    ...(seats.length > 0 && !claimStep ? [`🟢 Ready: ${ready} of ${seats.length}.`] : []),
    '🎭 The players’ orders and readiness show here in batches, every five minutes, so nobody can tell who acted when.',
  ];
}

export function endText(end: StatusView['game']['end']): string {
  if (!end) return 'ended.';
  switch (end.kind) {
    case 'solo':
      return `${end.winner} wins with a solo victory.`;
    case 'draw':
      return `a draw between ${end.powers.join(', ')}.`;
    case 'concession':
      return `the other powers conceded to ${end.winner}.`;
    case 'abandoned':
      return 'abandoned.';
  }
}
