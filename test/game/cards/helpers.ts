/** Helpers for the card game's use-case tests: a table of seated players and a driver that plays legal turns. */
import { asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../../src/store/schema.js';
import { first } from '../../../src/store/store.js';
import { cardEvents, cardGames } from '../../../src/game/cards/tables.js';
import {
  chooseBattle,
  cardChoosableStates,
  cardGameInChannel,
  cardsMyView,
  cardsPlayOptions,
  createCardGame,
  finishFallBack,
  giveCards,
  joinCardGame,
  startCardGame,
  startFallBack,
  wageBattle,
  type CardGameInfo,
  type CardsEvent,
} from '../../../src/game/cards/index.js';
import type { KindPayload } from '../../../src/game/outbox/index.js';
import type { CardGameState } from '../../../src/cardgame/index.js';
import { cardsEventText } from '../../../src/bot/cards/words.js';
import { makeEnv, type TestEnv } from '../helpers.js';

export const CH = 'chan-cards';
export const GM = 'user-gm';
export const USERS = ['user-a', 'user-b', 'user-c', 'user-d', 'user-e'];
export const at = (userId: string) => ({ channelId: CH, userId });

export function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got: ${(r as unknown as { error: string }).error}`);
  return r as Extract<T, { ok: true }>;
}

export async function info(env: TestEnv): Promise<CardGameInfo> {
  const g = await cardGameInChannel(env.deps, CH);
  if (!g) throw new Error('no card game');
  return g;
}

/** The stored engine state (test-only: it holds every hand), of the channel's game or of game `gameId`. */
export async function storedState(env: TestEnv, gameId?: number): Promise<CardGameState> {
  const id = gameId ?? (await info(env)).gameId;
  const row = first(await env.deps.store.db.select().from(cardGames).where(eq(cardGames.gameId, id)).limit(1))!;
  return JSON.parse(row.state!) as CardGameState;
}

/** The card events of the channel's game or of game `gameId`, in order. */
export async function eventRows(env: TestEnv, gameId?: number) {
  const id = gameId ?? (await info(env)).gameId;
  return await env.deps.store.db
    .select()
    .from(cardEvents)
    .where(eq(cardEvents.gameId, id))
    .orderBy(asc(cardEvents.seq));
}

/** The outbox in order, or its rows after the row `afterId`. */
export async function outboxRows(env: TestEnv, afterId?: number) {
  const rows = env.deps.store.db.select().from(outbox);
  return await (afterId === undefined ? rows : rows.where(gt(outbox.id, afterId))).orderBy(asc(outbox.id));
}

type OutboxRow = Awaited<ReturnType<typeof outboxRows>>[number];

/** The card game's event of one of its own outbox rows (`log`, `turn`, `round`, `over`), or null for a shared row. */
export function cardEventOf(row: OutboxRow): CardsEvent['event'] | null {
  return row.kind === 'kind' ? (row.payload as KindPayload<CardsEvent>).event : null;
}

/**
 * The data of a card-game row (its `CardsEvent` data), with its `text` as a reader of the default locale gets it: the
 * row's words worded by the bot (src/bot/cards/words.ts), as the deliverer does.
 */
export function cardDataOf<E extends CardsEvent['event']>(
  row: OutboxRow,
  _event: E,
): Extract<CardsEvent, { event: E }>['data'] & { text: string } {
  const data = (row.payload as { data: object }).data;
  return { ...data, text: cardsEventText(row.payload as CardsEvent, 'en') } as never;
}

/** A started game with `n` players (seat i = USERS[i]), dynasties drawn. */
export async function startedCards(
  n = 3,
  opts: { preset?: string; turn?: string; dynastyCards?: boolean; env?: TestEnv } = {},
): Promise<TestEnv> {
  const env = opts.env ?? (await makeEnv());
  ok(
    await createCardGame(env.deps, {
      channelId: CH,
      guildId: 'guild-1',
      userId: GM,
      seats: n,
      preset: opts.preset ?? 'standard',
      turn: opts.turn,
      dynastyCards: opts.dynastyCards,
      // These tables are about turns and absence, not substitutes (test/bot/cards-seats.e2e.test.ts).
      vacateAfter: 0,
    }),
  );
  for (let i = 0; i < n; i++) ok(await joinCardGame(env.deps, at(USERS[i]!)));
  ok(await startCardGame(env.deps, at(GM)));
  return env;
}

export async function userOfSeat(env: TestEnv, seat: number): Promise<string> {
  return (await info(env)).seats.find((s) => s.seat === seat)!.userId;
}

/** Every seat gives its default-looking 2 first cards. */
export async function giveAll(env: TestEnv): Promise<void> {
  for (const s of (await info(env)).seats) {
    const v = ok(await cardsMyView(env.deps, at(s.userId)));
    if (v.game.phase !== 'give') return;
    ok(await giveCards(env.deps, at(s.userId), v.view.seats[v.seat]!.hand!.slice(0, 2)));
  }
}

/** The chooser picks the first eligible state. */
export async function chooseFirst(env: TestEnv): Promise<void> {
  const g = await info(env);
  expect(g.phase).toBe('choose');
  const states = await cardChoosableStates(env.deps, CH);
  ok(await chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: states[0]!.state }));
}

/** One turn of whoever must act: `wage` plays the first legal wage if any, else falls back with the defaults. */
export async function actOnce(env: TestEnv, prefer: 'wage' | 'fallBack', rnd: () => number = () => 0): Promise<void> {
  const g = await info(env);
  if (g.phase === 'give') return await giveAll(env);
  if (g.phase === 'choose') return await chooseFirst(env);
  const user = g.toActUserId!;
  const o = ok(await cardsPlayOptions(env.deps, at(user)));
  if (prefer === 'wage' && o.wages.length > 0) {
    const w = o.wages[Math.floor(rnd() * o.wages.length)]!;
    ok(await wageBattle(env.deps, at(user), { ...w, version: g.version }));
    return;
  }
  ok(await startFallBack(env.deps, at(user), { version: g.version }));
  ok(await finishFallBack(env.deps, at(user), { version: g.version }));
}
