/**
 * Read-only use-cases: status, the caller's context (for autocomplete and `/map`), `/why`, `/history`.
 */
import { listParam, msg, t, type Msg } from '../../i18n/index.js';
import { votedPowersIn } from '../orders/index.js';
import { fogIsUp, phaseSeenBy, powerOfMember, powerView, viewerOf, type Viewer } from '../fog/index.js';
import { parseLocationKey } from '../../engine/index.js';
import type { OrderResult, Position, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { gameById, latestGameByChannel, openGameByChannel, ordersOf, phasesOf } from '../../store/queries.js';
import type { GameRow } from '../../store/schema.js';
import {
  isError,
  playerInGame,
  NO_GAME,
  resultsSummaryLines,
  fail,
  inReadTransaction,
  type Caller,
  type GameDeps,
  type GameView,
  type PhaseResultsView,
  type PhaseView,
  type Result,
  type StatusView,
  toGameView,
  toPhaseView,
  variantOfGame,
  typed,
  NAMED_LOCALES,
  orderParam,
  phaseMsg,
  powerParam,
  provinceParam,
  reasonMsg,
  otherKindRefusal,
} from '../core/index.js';
import { provinceName } from '../../variants/names.js';
import { buildStatus, isBallotKey, pluginContext, pluginMsg, pluginOfGame } from '../phase/index.js';
import { pastPhaseSeats } from '../seats/index.js';
import { phaseEditsOf } from './edits.js';
import type { Tx } from '../../store/store.js';

const read = inReadTransaction;

/** The channel's game that is not finished, or null. */
export async function findOpenGame(deps: GameDeps, channelId: string): Promise<GameView | null> {
  const r = await read(deps, async (tx) => {
    const g = await openGameByChannel(tx, channelId);
    return g ? { ok: true, game: toGameView(g) } : fail(NO_GAME);
  });
  return r.ok ? r.game : null;
}

/** The channel's open game, else its most recently finished one (whose names the replies about its history use). */
export async function findChannelGame(deps: GameDeps, channelId: string): Promise<GameView | null> {
  const r = await read(deps, async (tx) => {
    const g = await latestGameByChannel(tx, channelId);
    return g ? { ok: true, game: toGameView(g) } : fail(NO_GAME);
  });
  return r.ok ? r.game : null;
}

/**
 * The role a game's start and results posts ping (`/game create notify:`), or null (none, or no such game). For the
 * outbox's sender: a failing read throws, so the delivery is retried rather than sent without its ping.
 */
export async function notifyRoleOf(deps: Pick<GameDeps, 'store'>, gameId: number): Promise<string | null> {
  return await deps.store.transaction(async (tx) => (await gameById(tx, gameId))?.notifyRoleId ?? null);
}

/**
 * The status of the channel's game (the open one, else the last finished one); never shows orders. `kind`: the game's
 * `games.kind`; a finished game of another kind (a card game) is described by that kind, not by this status.
 */
export async function gameStatus(
  deps: GameDeps,
  channelId: string,
): Promise<Result<{ status: StatusView; kind: string }>> {
  return await read(deps, async (tx) => {
    const game = await latestGameByChannel(tx, channelId);
    if (!game) return fail(NO_GAME);
    return { ok: true, status: await buildStatus(tx, game, deps.now(), 'reply'), kind: game.kind };
  });
}

/**
 * The caller's power in the channel's running game with the current position and the power's own orders:
 * for order autocomplete (`legalOrders(variant, position, power)`) and `/map` with one's own orders drawn.
 */
export async function playerContext(
  deps: GameDeps,
  caller: Caller,
): Promise<
  Result<{
    game: GameView;
    variant: Variant;
    position: Position;
    /** Fog of war: the provinces the player's power cannot see and the public counts (null: no fog). */
    fog: { hidden: string[]; counts: Record<string, { centers: number; units: number }> } | null;
    power: string;
    phase: PhaseView;
    orders: PowerOrder[];
    voted: string[];
  }>
> {
  return await read(deps, async (tx) => {
    const ctx = await playerInGame(tx, caller, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const orders = (await ordersOf(tx, ctx.phase.id, ctx.player.power)).map((o) => ({
      power: o.power,
      order: o.order,
    }));
    // Fog of war: the player's power's view (what autocomplete offers and `/map` draws); legality is unchanged.
    const view = fogIsUp(ctx.game) ? powerView(ctx.variant, ctx.phase.position, ctx.player.power) : null;
    return {
      ok: true,
      game: toGameView(ctx.game),
      variant: ctx.variant,
      position: view ? view.position : ctx.phase.position,
      fog: view ? { hidden: view.hidden, counts: view.counts } : null,
      power: ctx.player.power,
      phase: toPhaseView(ctx.phase, ctx.variant),
      orders,
      // Powers whose units this player may vote on (Mandate of Heaven neutrals), for autocomplete.
      voted: [...(await votedPowersIn(tx, ctx.variant, ctx.game.id, ctx.phase.position))].sort(),
    };
  });
}

function resultProvince(r: OrderResult): string | null {
  const where = r.unit.split(/\s+/)[1];
  return where ? parseLocationKey(where.toLowerCase()).province : null;
}

/** Provinces named anywhere in a normalized order (`A mar S A pic - bur` → mar, pic, bur). */
function provincesIn(order: string): Set<string> {
  return new Set(
    order
      .toLowerCase()
      .split(/\s+/)
      .map((w) => parseLocationKey(w).province),
  );
}

/** Finds a province id from what a player typed: id, name, alias or a locale's name, any case. */
function matchProvince(variant: Variant, text: string): string | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\s*\/.*$/, '');
  if (variant.map.has(t)) return t;
  for (const p of variant.map.provinces.values()) {
    const local = NAMED_LOCALES.map((locale) => provinceName(variant, locale, p.id));
    if ([p.name, p.abbreviation, ...p.aliases, ...local].some((name) => name.toLowerCase() === t)) return p.id;
  }
  return null;
}

const OUTCOME_KEYS = {
  success: 'history.why.outcome.success',
  failure: 'history.why.outcome.failure',
  illegal: 'history.why.outcome.illegal',
  void: 'history.why.outcome.void',
} as const;

/** One result as `/why` lists it: the order, its power, the outcome and the reason, in the reader's words. */
function whyLine(variant: Variant, r: OrderResult): Msg {
  const params = {
    order: orderParam(variant, r.order),
    power: powerParam(variant, r.power),
    outcome: msg(OUTCOME_KEYS[r.result]),
  };
  return r.reason
    ? msg('history.why.result.reason', { ...params, reason: reasonMsg(variant, r.reason) })
    : msg('history.why.result', params);
}

/** The channel's latest Diplomacy game and its variant, for the readers of its past (`/history`, `/why`). */
async function pastGameOf(tx: Tx, channelId: string): Promise<Result<{ game: GameRow; v: Variant }>> {
  const game = await latestGameByChannel(tx, channelId);
  if (!game) return fail(NO_GAME);
  const kind = otherKindRefusal(game, 'phases');
  if (kind) return kind;
  const v = variantOfGame(game);
  if (!v) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
  return { ok: true, game, v };
}

/** The reason for the last result in a province (the most recent resolved phase with a result there). */
export async function why(
  deps: GameDeps,
  input: { channelId: string; province: string; userId?: string },
): Promise<Result<{ phase: PhaseView; results: OrderResult[]; lines: Msg[] }>> {
  return await read(deps, async (tx) => {
    const past = await pastGameOf(tx, input.channelId);
    if (!past.ok) return past;
    const { game, v } = past;
    const province = matchProvince(v, String(input.province ?? ''));
    if (!province) return fail(msg('history.why.unknownPlace', { typed: typed(input.province) }));
    // Fog of war: the results the caller's power saw; nothing for a member who plays no power until the end.
    const power = input.userId ? await powerOfMember(tx, game.id, input.userId) : null;
    const viewer = viewerOf(game, { userId: input.userId ?? '', power });
    if (viewer.kind === 'none') return fail(msg('fog.history.none'));
    const resolved = (await phasesOf(tx, game.id)).filter((p) => p.adjudication).reverse();
    for (const phase of resolved) {
      // The unit standing there first, then every order that names the province (moves into it, supports).
      const all =
        viewer.kind === 'power'
          ? phaseSeenBy(v, { position: phase.position, adjudication: phase.adjudication! }, [], viewer.power)
              .adjudication.results
          : phase.adjudication!.results;
      const own = all.filter((r) => resultProvince(r) === province);
      const results = [
        ...own,
        ...all.filter((r) => !own.includes(r) && !r.defaulted && provincesIn(r.order).has(province)),
      ];
      if (results.length === 0) continue;
      // What the variant's plug-in adds about the province in that phase (a battle decided outside the adjudicator).
      const plugin = pluginOfGame(game);
      const extra =
        viewer.kind === 'power'
          ? []
          : (plugin.whyLines?.(await pluginContext(tx, game, v, phase, { now: deps.now(), token: '' }), province) ??
            []);
      const lines = [
        msg('history.why.head', { place: provinceParam(v, province), phase: phaseMsg(phase.adjudication!.phase, v) }),
        ...results.map((r) => whyLine(v, r)),
        ...extra.map(pluginMsg),
      ];
      return { ok: true, phase: toPhaseView(phase, v), results, lines };
    }
    // Under fog, nothing the power saw: an order out of its sight may well have named the province.
    return fail(
      viewer.kind === 'power'
        ? msg('history.why.nothingSeen', { place: provinceParam(v, province), power: powerParam(v, viewer.power) })
        : msg('history.why.nothing', { place: provinceParam(v, province) }),
    );
  });
}

/**
 * The list of the game's phases, and with `phase` (a code like `S1901M`, a label like `spring 1901 movement`,
 * or an index) that phase's results summary.
 */
export async function history(
  deps: GameDeps,
  input: { channelId: string; phase?: string | null; userId?: string },
): Promise<
  Result<{
    phases: PhaseView[];
    detail: (PhaseResultsView & { lines: Msg[] }) | null;
    viewer: Viewer;
    /** The game's fog is up: none of its boards may be shared in the channel. */
    fogUp: boolean;
  }>
> {
  return await read(deps, async (tx) => {
    const past = await pastGameOf(tx, input.channelId);
    if (!past.ok) return past;
    const { game, v } = past;
    // Fog of war: a player reads the past as their power saw it; the full history opens when the game ends.
    const power = input.userId ? await powerOfMember(tx, game.id, input.userId) : null;
    const viewer = viewerOf(game, { userId: input.userId ?? '', power });
    const rows = await phasesOf(tx, game.id);
    const views = rows.map((r) => toPhaseView(r, v));
    const wanted = (input.phase ?? '').trim().toLowerCase();
    const fogUp = fogIsUp(game);
    if (wanted === '') return { ok: true, phases: views, detail: null, viewer, fogUp };
    if (viewer.kind === 'none') return fail(msg('fog.history.none'));
    let i = views.findIndex(
      (p) => p.code.toLowerCase() === wanted || p.label.toLowerCase() === wanted || String(p.index) === wanted,
    );
    if (i < 0) {
      // `spring 1901` is enough when only one phase starts that way (the movement phase comes first).
      const starts = views.filter((p) => p.label.toLowerCase().startsWith(wanted));
      if (starts.length > 0) i = views.indexOf(starts[0]);
    }
    if (i < 0) {
      const codes = listParam(views.map((p) => p.code));
      return fail(msg('history.refused.noPhase', { text: typed(input.phase), count: views.length, phases: codes }));
    }
    const row = rows[i];
    if (!row.adjudication) return fail(msg('history.refused.unresolved', { phase: views[i].name }));
    const seen =
      viewer.kind === 'power'
        ? phaseSeenBy(
            v,
            { position: row.position, adjudication: row.adjudication },
            await shownOrdersOf(tx, row.id),
            viewer.power,
          ).adjudication
        : row.adjudication;
    // Who stood behind the orders, as the results post said it (civil disorder, the computer player's orders).
    const seats = await pastPhaseSeats(tx, game, v, row);
    const shown = new Set(seen.results.map((r) => r.power));
    // The game master's edits of the phase's board come first, as the channel was told of them (`/gm edit`): while the
    // fog is up, that the board was edited, not where.
    const edited = (e: { announcement: Msg }) =>
      viewer.kind === 'power' ? msg('gmEdit.announce.fogged') : e.announcement;
    const lines = [
      ...(await phaseEditsOf(tx, game.id, row.id)).map(edited),
      ...resultsSummaryLines(v, seen, undefined, {
        given: seats.given?.filter((o) => shown.has(o.power)),
        noPlayer: seats.noPlayer,
      }),
    ];
    const text = lines.map((line) => t('en', line)).join('\n');
    return { ok: true, phases: views, detail: { phase: views[i], results: seen.results, text, lines }, viewer, fogUp };
  });
}

/** A phase's orders (votes for neutral units left out: they stay secret), for what a power saw of them. */
async function shownOrdersOf(tx: Tx, phaseId: number): Promise<PowerOrder[]> {
  return (await ordersOf(tx, phaseId))
    .filter((o) => !isBallotKey(o.unitKey))
    .map((o) => ({ power: o.power, order: o.order }));
}
