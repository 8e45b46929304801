/**
 * The status of a game as everyone in the channel may see it: phase, deadline, who has submitted and who is
 * ready. It never shows what anyone ordered (secret orders until adjudication).
 *
 * In a game that hides who plays whom (until it ends) the players' own acts show only in the pinned status message,
 * edited with them at the marks of the clock (src/game/outbox/write.ts `queueProgressStatus`), and readiness only as a
 * count: which power got ready when would pair it with whoever was seen acting then. `/game status` answers there
 * without them (`view: 'reply'`), since it could be asked between two marks. Whichever edit shows the progress, it is
 * the progress at the last mark passed (shown-progress.ts).
 */
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { phaseById, playersOf } from '../../store/queries.js';
import type { GameRow, NmrMode } from '../../store/schema.js';
import {
  clockLineMsg,
  isPerson,
  computerLevelOf,
  isComputer,
  isVacant,
  identitiesHiddenNow,
  publicHolderName,
  gameKindOf,
  type PowerStatus,
  type StatusView,
  toGameView,
  toPhaseView,
  optionsLine,
  variantOfGame,
  memberRef,
  timeRef,
  phaseMsg,
  powerParam,
  powersParam,
  durationParam,
} from '../core/index.js';
import { announcedSeats } from './announced-seats.js';
import { votedPowersOf } from './duties.js';
import { pluginContext, pluginOfGame } from './plugin-context.js';
import { stepStatus, type StepStatus } from './steps.js';
import { liveProgress, shownProgress } from './shown-progress.js';
import { lastProgressMark } from '../outbox/index.js';
import { musterStatusLines } from './muster-status.js';
import { pluginMsg } from './texts.js';
import { fogIsUp } from '../fog/index.js';
import { listParam, msg, t, type Msg, type MsgParam } from '../../i18n/index.js';

/** Powers that own a centre or a unit. */
export function survivingPowers(variant: Variant, position: Position): string[] {
  return variant.powers
    .map((p) => p.name)
    .filter((p) => (position.supplyCenters[p] ?? []).length > 0 || position.units.some((u) => u.power === p));
}

/**
 * The surviving powers a draw by the players' votes is shared by: not the powers the players' vote moves (Mandate of
 * Heaven's neutrals, which have no seat and no score; src/game/scores/final.ts leaves them out too).
 */
export function drawPowers(variant: Variant, position: Position, seated: readonly string[]): string[] {
  const voted = votedPowersOf(variant, position, seated);
  return survivingPowers(variant, position).filter((p) => !voted.has(p));
}

/**
 * Where a status is read: the pinned status message (`pin`, what the outbox delivers), or a reply to `/game status`
 * (`reply`: in a game that hides who plays whom, without the players' progress, which only the pin shows).
 */
export type StatusReader = 'pin' | 'reply';

/**
 * The channel's pinned status message of a game as it is now, the one read the outbox makes at delivery: a game
 * kind's own (src/game/core/kind.ts: e.g. the card table, from public information only, with the data its bot side
 * draws it with), or Diplomacy's status lines.
 */
export async function pinnedStatus(
  tx: Tx,
  game: GameRow,
  now: number,
): Promise<{ lines: Msg[] } | { text: string; own?: { kind: string; data: unknown } }> {
  const own = (await gameKindOf(game.kind)?.status(tx, game)) ?? null;
  if (!own) return { lines: (await buildStatus(tx, game, now)).lines };
  return { text: own.text ?? '', ...(own.data !== undefined ? { own: { kind: game.kind, data: own.data } } : {}) };
}

export async function buildStatus(
  tx: Tx,
  game: GameRow,
  now = Date.now(),
  reader: StatusReader = 'pin',
): Promise<StatusView> {
  const view = toGameView(game);
  const variant = variantOfGame(game);
  // The seats as the channel knows them: a seat left or claimed shows from the next mark in a hidden game, and so does
  // a member's join before the start in its pin (whichever edit shows it, as the players' progress, shown-progress.ts).
  const seats = await announcedSeats(tx, game, await playersOf(tx, game.id), now);
  const joinsAtMark = game.status === 'forming' && identitiesHiddenNow(game) && reader === 'pin';
  const players = joinsAtMark ? seats.filter((p) => !isPerson(p.userId) || p.joinedAt < lastProgressMark(now)) : seats;
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
  const progress: Progress =
    !identitiesHiddenNow(game) || game.status === 'forming' ? 'open' : reader === 'pin' ? 'batched' : 'withheld';
  // A step of the phase under way (a start choice, or a declaration step with the orders closed).
  const step =
    variant && phaseRow && game.status !== 'finished' ? await stepStatus(tx, game, variant, phaseRow, now) : null;
  let stepLine = step?.line ?? null;
  const ctx = variant && phaseRow ? await pluginContext(tx, game, variant, phaseRow, { now, token: '' }) : null;
  const notes = new Map<string, Msg>();
  if (ctx && plugin.seatNote)
    for (const p of powerNames) {
      const note = plugin.seatNote(ctx, p);
      if (note) notes.set(p, pluginMsg(note));
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
    const voted = votedPowersOf(
      variant,
      position,
      players.map((p) => p.power),
    );
    const live = await liveProgress(tx, game, variant, phaseRow, step);
    // The pin of a hidden game shows the progress at the last mark of the clock passed.
    const shown = progress === 'batched' ? shownProgress(phaseRow, step, live, now) : { powers: live, stepLine: null };
    if (shown.stepLine) stepLine = shown.stepLine;
    powers = powerNames.map((power) => ({
      power,
      userId: userOf.get(power) ?? null,
      supplyCenters: (position.supplyCenters[power] ?? []).length,
      // Under fog a dislodged unit still counts until its retreat: a count falling would tell of a dislodgement.
      units: [...position.units, ...(fogIsUp(game) ? (position.dislodged ?? []) : [])].filter((u) => u.power === power)
        .length,
      ...(shown.powers.get(power) ?? { toAct: false, submitted: false, ordersStored: 0, ready: false }),
      ...(voted.has(power) ? { voted: true } : {}),
    }));
  }
  const phase = phaseRow ? toPhaseView(phaseRow, variant) : null;
  if (progress === 'withheld') powers = powers.map((p) => ({ ...p, submitted: false, ordersStored: 0, ready: false }));
  // Under the fog of war, which powers have a retreat to make would tell of dislodgements out of sight: no seat's state
  // shows in a retreat phase (docs/table.md "Fog of war").
  const fogRetreat = fogIsUp(game) && phaseRow?.position.phase.type === 'retreat';
  if (fogRetreat) powers = powers.map((p) => ({ ...p, toAct: false, submitted: false, ordersStored: 0, ready: false }));
  const extra = [
    ...(stepLine ? [stepLine] : []),
    ...(ctx && plugin.statusLines && game.status !== 'finished' ? plugin.statusLines(ctx).map(pluginMsg) : []),
  ];
  const lines = statusText(view, phase ? phaseMsg(phase.phase, variant) : null, powers, freePowers, {
    step,
    extra,
    muster: await musterStatusLines(tx, game, now),
    notes,
    ownOptions: plugin.ownOptions ?? [],
    progress,
    variant,
    fogRetreat,
  });
  // A game that hides who plays whom tells how many places are free, never which powers (drawn at the start).
  const free = identitiesHiddenNow(game) ? [] : freePowers;
  return { game: view, phase, powers, freePowers: free, lines, text: lines.map((line) => t('en', line)).join('\n') };
}

/**
 * How the players' progress (orders in, ready, a step's answers) is shown: per power (`open`); in a game that hides who
 * plays whom, per power without readiness, which is counted (`batched`, the pin); or not at all (`withheld`).
 */
type Progress = 'open' | 'batched' | 'withheld';

interface StatusExtras {
  step: StepStatus | null;
  extra: Msg[];
  /** A running muster's lines (muster-status.ts). */
  muster?: Msg[];
  notes: Map<string, Msg>;
  ownOptions: readonly string[];
  progress: Progress;
  /** The game's variant, whose names the powers are worded with in the reader's locale. */
  variant?: Variant | undefined;
  /** A retreat phase under the fog of war: no seat's state or progress shows. */
  fogRetreat?: boolean;
}

/** A line of text the game layer does not word (a variant's, an option list): shown as it is in every locale. */
const plain = (text: string): Msg => msg('text.plain', { text });

/** A paused game's line: who paused it, and when a limited pause ends by itself (docs/table.md "Pauses"). */
function pausedLine(pause: StatusView['game']['pause']): Msg {
  if (pause?.by === 'vote') return msg('status.paused.vote');
  if (pause?.by === 'player-master' && pause.endsAt !== null)
    return msg('status.paused.limited', { relative: timeRef(pause.endsAt, 'R'), date: timeRef(pause.endsAt, 'f') });
  return msg('status.paused');
}

function statusText(
  game: StatusView['game'],
  /** The phase's name (in the variant's calendar). */
  phase: Msg | null,
  powers: PowerStatus[],
  freePowers: string[],
  plugin: StatusExtras = { step: null, extra: [], notes: new Map(), ownOptions: [], progress: 'open' },
): Msg[] {
  const lines = [
    identitiesHiddenNow(game)
      ? msg('status.head.hidden', { variant: game.variantName, press: game.press })
      : msg('status.head', { variant: game.variantName, gm: memberRef(game.gmUserId) }),
  ];
  const claimStep = plugin.step?.at === 'claim' ? plugin.step : null;
  const campaign = optionsLine(game.options ?? {}, plugin.ownOptions).trim();
  if (campaign) lines.push(plain(campaign));
  // the deadline rule by the clock (docs/table.md), beside the deadline instant; nothing for durations
  const rule = clockLineMsg(game.table.clock);
  if (game.status === 'forming') {
    lines.push(...(rule ? [rule] : []), ...formingLines(game, powers, freePowers, plugin.variant));
    return lines;
  }
  if (phase) lines.push(msg('status.phase', { phase }));
  if (game.status === 'active' && game.deadline !== null) {
    lines.push(msg('status.deadline', { relative: timeRef(game.deadline, 'R'), date: timeRef(game.deadline, 'f') }));
  } else if (game.status === 'paused') lines.push(pausedLine(game.pause));
  else if (game.status === 'finished') lines.push(msg('status.over', { end: endMsg(game.end, plugin.variant) }));
  if (rule && game.status !== 'finished') lines.push(rule);
  // Said while the fog is up, as the create post said it: the board a player reads here is their power's view.
  if (game.fog && game.status !== 'finished') lines.push(msg('settings.created.fog'));
  lines.push(...(plugin.muster ?? []));
  lines.push(...plugin.extra);
  for (const p of powers) {
    const note = plugin.notes.get(p.power);
    // A power that answers in the step under way and has nothing on the board yet (a power a variant's step brings
    // onto the board), listed so its player finds it, with the step's own word for where it stands.
    const early = p.supplyCenters === 0 && p.units === 0 ? stepAnswer(plugin.step, p.power) : null;
    // A power with nothing on the board is out, unless it has something to do now (placing its first units, a last
    // retreat), or an ability of its own may bring it back (the rules' `mayReturn`: it is not out, docs/table.md).
    const returns = plugin.variant?.rules.mayReturn?.({ map: plugin.variant.map, power: p.power }) ?? false;
    if (p.supplyCenters === 0 && p.units === 0 && !note && !p.toAct && !early && !returns) continue;
    const states =
      game.status !== 'finished' && !(note && !p.toAct) && !plugin.fogRetreat
        ? early && plugin.progress === 'open'
          ? [early]
          : seatState(p, claimStep, plugin.progress, game.seats.nmr)
        : [];
    lines.push(
      msg('status.power', {
        power: plugin.variant ? powerParam(plugin.variant, p.power) : p.power,
        who: holderMsg(game, p),
        centres: p.supplyCenters,
        units: p.units,
        state: stateMsg(note, states),
      }),
    );
  }
  if (game.status !== 'finished' && !plugin.fogRetreat)
    lines.push(...progressLines(powers, claimStep, plugin.progress, game.seats.nmr));
  return lines;
}

/**
 * A forming game's lines: how to join, who joined, the free powers, the phase lengths and the table's rules set since
 * the create post (a muster, fog of war: `/gm set`), worded as that post words them (docs/table.md).
 */
function formingLines(
  game: StatusView['game'],
  powers: PowerStatus[],
  freePowers: string[],
  variant: Variant | undefined,
): Msg[] {
  const lines = [msg(game.demonstration ? 'status.forming.demonstration' : 'status.forming')];
  const joined = powers.filter((p) => p.userId);
  const named = (list: string[]) => (variant ? powersParam(variant, list) : list.join(', '));
  if (identitiesHiddenNow(game)) lines.push(...drawnLines(game, joined, freePowers.length, named));
  else {
    lines.push(
      joined.length > 0
        ? msg('status.joined', {
            players: listParam(
              joined.map((p) =>
                msg('status.joined.item', {
                  power: variant ? powerParam(variant, p.power) : p.power,
                  player: publicHolderName(game, p.userId!),
                }),
              ),
            ),
          })
        : msg('status.joined.nobody'),
    );
    if (game.demonstration) lines.push(msg('status.demonstration'));
    else if (freePowers.length > 0)
      lines.push(msg(game.computerFill ? 'status.free.computer' : 'status.free', { powers: named(freePowers) }));
  }
  lines.push(
    msg('status.lengths', {
      movement: durationParam(game.durations.movement),
      retreat: durationParam(game.durations.retreat),
      adjustment: durationParam(game.durations.adjustment),
    }),
  );
  const { musterMs } = game.table;
  if (musterMs) lines.push(msg('settings.created.muster', { duration: durationParam(musterMs) }));
  if (game.fog) lines.push(msg('settings.created.fog'));
  return lines;
}

/**
 * A forming game's seats when it hides who plays whom: how many members joined and how many places are free, never a
 * member's power, which the start draws (docs/decisions.md "Hidden identities"); computer seats are public.
 */
function drawnLines(
  game: StatusView['game'],
  joined: PowerStatus[],
  free: number,
  named: (list: string[]) => MsgParam,
): Msg[] {
  if (game.demonstration) return [msg('status.demonstration')];
  const computers = joined.filter((p) => !isPerson(p.userId!)).map((p) => p.power);
  const people = joined.length - computers.length;
  const lines = [
    joined.length > 0
      ? msg('status.joined.hidden', { people, computers: computers.length, names: named(computers) })
      : msg('status.joined.nobody'),
  ];
  if (free > 0) lines.push(msg('status.free.hidden', { free, computer: game.computerFill ? 'yes' : 'no' }));
  return lines;
}

/** Who holds a power, as the status shows it. */
function holderMsg(game: StatusView['game'], p: PowerStatus): MsgParam {
  // inside the power's parentheses: "Chu (computer player, normal)", never nested (docs/locales.md)
  if (p.userId !== null && isComputer(p.userId))
    return msg('status.holder.computer', { level: computerLevelOf(p.userId) });
  if (p.userId !== null && isVacant(p.userId))
    return msg(game.status === 'finished' ? 'status.holder.vacant' : 'status.holder.claimable');
  if (p.userId) return publicHolderName(game, p.userId);
  return msg(p.voted ? 'status.holder.voted' : 'status.holder.disorder');
}

/** The step's word for a power that answers in it (answered or waiting), or null when it does not answer there. */
function stepAnswer(step: StepStatus | null | undefined, power: string): Msg | null {
  const answer = step?.progress.powers.find((a) => a.power === power);
  if (!step || !answer) return null;
  return answer.answered ? step.labels.answered : step.labels.waiting;
}

/** A seat's note (a variant's) and states, each after ` · `. */
function stateMsg(note: Msg | undefined, states: Msg[]): Msg {
  const parts: Msg[] = [...(note ? [note] : []), ...states];
  return parts.reduce<Msg>((text, part) => msg('status.state.more', { text, part }), plain(''));
}

/**
 * What a seat has to do and, as the status shows progress, how far it is (` · ✅ orders in · 🟢 ready`). A vacant seat
 * says what happens to it (`nmr`): ready with the defaults, or played by the computer player.
 */
function seatState(p: PowerStatus, claimStep: StepStatus | null, progress: Progress, nmr: NmrMode): Msg[] {
  if (!p.toAct) return claimStep ? [] : [msg('status.seat.idle')];
  if (p.voted) return [msg('status.seat.voted')];
  if (!p.userId) return [msg('status.seat.defaults')];
  const vacant = isVacant(p.userId);
  if (vacant && nmr !== 'computer' && !claimStep) return [msg('status.seat.vacantReady')];
  const computer = vacant ? [msg('status.seat.computer')] : [];
  if (progress === 'withheld') return computer;
  if (claimStep) return [...computer, p.submitted ? claimStep.labels.answered : claimStep.labels.waiting];
  const orders = msg(
    p.submitted ? 'status.seat.ordersIn' : p.ordersStored > 0 ? 'status.seat.someOrders' : 'status.seat.noOrders',
  );
  return [...computer, orders, ...(p.ready && progress === 'open' ? [msg('status.seat.ready')] : [])];
}

/** In a game that hides who plays whom: how many seats are ready, and when the players' progress shows. */
function progressLines(powers: PowerStatus[], claimStep: StepStatus | null, progress: Progress, nmr: NmrMode): Msg[] {
  if (progress === 'open') return [];
  if (progress === 'withheld') return [msg('status.progress.withheld')];
  // A vacant seat under `nmr: hold` is ready with the defaults, never by a `/ready`: not counted.
  const seats = powers.filter((p) => p.toAct && p.userId && !p.voted && !(isVacant(p.userId) && nmr !== 'computer'));
  const ready = seats.filter((p) => p.ready).length;
  return [
    ...(seats.length > 0 && !claimStep ? [msg('status.progress.ready', { ready, seats: seats.length })] : []),
    msg('status.progress.batched'),
  ];
}

/** How a finished game ended, as a message. */
export function endMsg(end: StatusView['game']['end'], variant?: Variant): Msg {
  if (!end) return msg('end.how.ended');
  const name = (power: string) => (variant ? powerParam(variant, power) : power);
  switch (end.kind) {
    case 'solo':
      return msg('end.how.solo', { winner: name(end.winner) });
    case 'draw':
      return msg('end.how.draw', { powers: variant ? powersParam(variant, end.powers) : end.powers.join(', ') });
    case 'concession':
      return msg('end.how.concession', { winner: name(end.winner) });
    case 'abandoned':
      return msg('end.how.abandoned');
  }
}
