/**
 * The order pad's use-cases (docs/pad.md): a web front end beside the bot, over the same use-cases as the slash
 * commands. Each call names its seat by a link token (src/game/pad/links.ts), checked against the store as it is
 * now; what it stores goes through `submitOrders`, `clearOrders`, `toggleReady` and `runAction` with the seat's
 * member as the caller, so the checks, the confirmation DM, the audit and the phase caps are the commands' own.
 * Nothing here returns another power's orders or ballots, a hidden identity or a member id.
 */
import { msg, type Locale } from '../../i18n/index.js';
import {
  fail,
  identitiesHiddenNow,
  isComputer,
  noOpenGame,
  type Caller,
  type GameDeps,
  type Result,
} from '../core/index.js';
import { runAction, toggleReady } from '../resolve/index.js';
import { clearOrders, submitOrders } from '../orders/index.js';
import { readPadView, type PadView } from './view.js';
import { linkMatches, readLink, signLink } from './links.js';
import { gameById, openGameByChannel, playerByUser, playersOf } from '../../store/queries.js';
import type { Tx } from '../../store/store.js';
import type { GameRow, PlayerRow } from '../../store/schema.js';
import { padMapInput } from './map.js';

export type { PadView } from './view.js';
export { padKey } from './links.js';

/** Why a link opens nothing, as the HTTP status the pad answers with (docs/pad.md "Refusals"). */
export type PadRefusal =
  | { ok: false; status: 401; reason: 'malformed' }
  | { ok: false; status: 403; reason: 'seat-changed' }
  | { ok: false; status: 404; reason: 'no-game' }
  | { ok: false; status: 410; reason: 'game-over' };

/** A checked seat: the game, the power and the member who holds it. */
export interface PadSeat {
  gameId: number;
  power: string;
  userId: string;
  channelId: string;
}

const refuse = <S extends PadRefusal['status'], R extends Extract<PadRefusal, { status: S }>['reason']>(
  status: S,
  reason: R,
) => ({ ok: false as const, status, reason }) as PadRefusal;

/**
 * A seat checked in the caller's transaction: the game and seat rows it was checked against, which the pad's reads go
 * on from rather than reading them again.
 */
interface CheckedSeat {
  game: GameRow;
  player: PlayerRow;
}

/** The seat of a link token as the store holds it now, or why the link opens nothing. */
async function seatOfToken(tx: Tx, key: Buffer, token: string): Promise<CheckedSeat | PadRefusal> {
  const claim = readLink(token);
  if (!claim) return refuse(401, 'malformed');
  const game = await gameById(tx, claim.gameId);
  if (game?.kind !== 'diplomacy') return refuse(404, 'no-game');
  const seat = (await playersOf(tx, game.id)).find((p) => p.power === claim.power);
  if (!seat) return refuse(403, 'seat-changed');
  // A link is made for a member: a seat that is vacant now or a computer player's changed hands since. A link that
  // does not open its seat gets one answer whatever its moment: were an edited link told apart from an old one by
  // whether its moment is the seat's, guesses would find when each seat was taken, to the millisecond, and pair the
  // member seen joining or claiming then with the power in a game that hides who plays whom (docs/pad.md "Refusals").
  if (!linkMatches(key, claim, { userId: seat.userId, seatSince: seat.joinedAt })) return refuse(403, 'seat-changed');
  if (game.status === 'finished') return refuse(410, 'game-over');
  if (game.status === 'forming') return refuse(404, 'no-game');
  return { game, player: seat };
}

const isRefusal = <T extends object>(x: T | PadRefusal): x is PadRefusal => 'ok' in x && x.ok === false;

/** Checks a link token: its seat, or the refusal. Reads only. */
export async function padSeat(deps: GameDeps, key: Buffer, token: string): Promise<PadSeat | PadRefusal> {
  return await deps.store.transaction(async (tx) => {
    const checked = await seatOfToken(tx, key, token);
    if (isRefusal(checked)) return checked;
    const { game, player } = checked;
    return { gameId: game.id, power: player.power, userId: player.userId, channelId: game.channelId };
  });
}

function linkOf(key: Buffer, game: GameRow, seat: PlayerRow): string {
  return signLink(key, { gameId: game.id, power: seat.power, userId: seat.userId, seatSince: seat.joinedAt });
}

/**
 * `/orders pad` and the Activity: a link for the caller's seat in the channel's game. Refused, saying why, to a
 * member who plays no power there and in a game that is over or not started. `hidden`: the game hides who plays whom
 * (the bot then offers no launch of the Activity, whose members the channel sees: docs/pad.md "Discord surface").
 */
export async function padLinkInChannel(
  deps: GameDeps,
  key: Buffer,
  caller: Caller,
): Promise<Result<{ token: string; power: string; gameId: number; hidden: boolean }>> {
  return await deps.store.transaction(async (tx) => {
    const game = await openGameByChannel(tx, caller.channelId);
    // No game, or the last one is over: said as every command says it.
    if (!game) return fail(await noOpenGame(tx, caller.channelId));
    if (game.kind !== 'diplomacy') return fail(msg('pad.refused.otherKind'));
    if (game.status === 'forming') return fail(msg('game.refused.notStarted'));
    const seat = await playerByUser(tx, game.id, caller.userId);
    if (!seat) return fail(msg('pad.activity.noSeat'));
    const hidden = identitiesHiddenNow(game);
    return { ok: true, token: linkOf(key, game, seat), power: seat.power, gameId: game.id, hidden };
  });
}

/** The link of a member's seat in game `gameId` (for the DMs that carry it); null when they hold none there. */
export async function padLinkOfMember(
  deps: Pick<GameDeps, 'store'>,
  key: Buffer,
  input: { gameId: number; userId: string },
): Promise<string | null> {
  if (isComputer(input.userId)) return null;
  return await deps.store.transaction(async (tx) => {
    const game = await gameById(tx, input.gameId);
    if (game?.kind !== 'diplomacy' || game.status === 'finished' || game.status === 'forming') return null;
    const seat = await playerByUser(tx, game.id, input.userId);
    return seat ? linkOf(key, game, seat) : null;
  });
}

/** Everything the page shows for the seat (docs/pad.md "The view"), read in one transaction. */
export async function padView(deps: GameDeps, key: Buffer, token: string): Promise<PadView | PadRefusal> {
  return await deps.store.transaction(async (tx) => {
    const checked = await seatOfToken(tx, key, token);
    if (isRefusal(checked)) return checked;
    return await readPadView(tx, deps, checked);
  });
}

/** What the page's map draws: the board of the current phase with the seat's own orders (never another's). */
export async function padMap(deps: GameDeps, key: Buffer, token: string) {
  return await deps.store.transaction(async (tx) => {
    const checked = await seatOfToken(tx, key, token);
    if (isRefusal(checked)) return checked;
    return await padMapInput(tx, checked);
  });
}

const callerOf = (seat: PadSeat): Caller => ({ channelId: seat.channelId, userId: seat.userId });

/**
 * Runs `act` for the seat of `token` once the seat is checked, with the seat's member as the caller: the same
 * use-case and checks as the slash command. The pad stores each order as it is completed, so its budget is the web
 * server's rate limit per link and per address (docs/pad.md "Limits"), not `/order`'s per-command cooldown.
 */
async function asSeat<T extends object>(
  deps: GameDeps,
  key: Buffer,
  token: string,
  act: (caller: Caller) => Promise<Result<T>>,
): Promise<Result<T> | PadRefusal> {
  const seat = await padSeat(deps, key, token);
  if (isRefusal(seat)) return seat;
  return await act(callerOf(seat));
}

/**
 * Stores orders as `/order` does, for the phase the page shows (`phaseId`: refused once it has changed), read in
 * the page's language besides English (`locale`).
 */
export async function padSubmit(
  deps: GameDeps,
  key: Buffer,
  token: string,
  input: { text: string; phaseId: number; locale?: Locale },
) {
  return await asSeat(
    deps,
    key,
    token,
    async (caller) =>
      await submitOrders(deps, {
        ...caller,
        text: input.text,
        phaseId: input.phaseId,
        surface: 'pad',
        ...(input.locale ? { locale: input.locale } : {}),
      }),
  );
}

/** Removes the seat's orders for the phase, as `/orders clear` does. */
export async function padClear(deps: GameDeps, key: Buffer, token: string, input: { phaseId: number }) {
  return await asSeat(
    deps,
    key,
    token,
    async (caller) => await clearOrders(deps, { ...caller, phaseId: input.phaseId, surface: 'pad' }),
  );
}

/** Toggles ready, as `/ready` does (its caps on early resolution included). */
export async function padReady(deps: GameDeps, key: Buffer, token: string, input: { phaseId: number }) {
  return await asSeat(
    deps,
    key,
    token,
    async (caller) => await toggleReady(deps, { ...caller, phaseId: input.phaseId, surface: 'pad' }),
  );
}

/** A variant's action, as `/act action: choice: detail:` runs it. */
export async function padAct(
  deps: GameDeps,
  key: Buffer,
  token: string,
  input: { action: string; choice: string | null; detail: string | null; phaseId: number },
) {
  return await asSeat(deps, key, token, async (caller) => await runAction(deps, { ...caller, by: 'player', ...input }));
}

export function isPadRefusal(x: object): x is PadRefusal {
  return 'status' in x && 'ok' in x && x.ok === false;
}

/** What the open page polls (docs/pad.md "A phase that moves on"): the current phase, its deadline and the clock. */
export async function padState(
  deps: GameDeps,
  key: Buffer,
  token: string,
): Promise<{ ok: true; phaseId: number | null; deadline: number | null; status: string; now: number } | PadRefusal> {
  return await deps.store.transaction(async (tx) => {
    const checked = await seatOfToken(tx, key, token);
    if (isRefusal(checked)) return checked;
    const { game } = checked;
    return {
      ok: true,
      phaseId: game.currentPhaseId,
      deadline: game.status === 'active' ? game.deadlineMs : null,
      status: game.status,
      now: deps.now(),
    };
  });
}
