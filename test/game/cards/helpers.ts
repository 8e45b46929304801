/** Helpers for the card game's use-case tests: a table of seated players and a driver that plays legal turns. */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../../src/store/schema.js';
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
import type { KindPayload } from '../../../src/game/index.js';
import type { CardGameState } from '../../../src/cardgame/index.js';
import { makeEnv, type TestEnv } from '../helpers.js';

export const CH = 'chan-cards';
export const GM = 'user-gm';
export const USERS = ['user-a', 'user-b', 'user-c', 'user-d', 'user-e'];
export const at = (userId: string) => ({ channelId: CH, userId });

export function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got: ${(r as unknown as { error: string }).error}`);
  return r as Extract<T, { ok: true }>;
}

export function info(env: TestEnv): CardGameInfo {
  const g = cardGameInChannel(env.deps, CH);
  if (!g) throw new Error('no card game');
  return g;
}

/** The stored engine state (test-only: it holds every hand). */
export function storedState(env: TestEnv): CardGameState {
  const g = info(env);
  const row = env.deps.db.select().from(cardGames).where(eq(cardGames.gameId, g.gameId)).get()!;
  return JSON.parse(row.state!) as CardGameState;
}

export function eventRows(env: TestEnv) {
  const g = info(env);
  return env.deps.db
    .select()
    .from(cardEvents)
    .where(eq(cardEvents.gameId, g.gameId))
    .orderBy(asc(cardEvents.seq))
    .all();
}

export function outboxRows(env: TestEnv) {
  return env.deps.db.select().from(outbox).orderBy(asc(outbox.id)).all();
}

type OutboxRow = ReturnType<typeof outboxRows>[number];

/** The card game's event of one of its own outbox rows (`log`, `turn`, `round`, `over`), or null for a shared row. */
export function cardEventOf(row: OutboxRow): CardsEvent['event'] | null {
  return row.kind === 'kind' ? (row.payload as KindPayload<CardsEvent>).event : null;
}

/** The data of a card-game row (its `CardsEvent` data). */
export function cardDataOf<E extends CardsEvent['event']>(
  row: OutboxRow,
  _event: E,
): Extract<CardsEvent, { event: E }>['data'] {
  return (row.payload as { data: never }).data;
}

/** A started game with `n` players (seat i = USERS[i]), dynasties drawn. */
export function startedCards(
  n = 3,
  opts: { preset?: string; turn?: string; dynastyCards?: boolean; env?: TestEnv } = {},
): TestEnv {
  const env = opts.env ?? makeEnv();
  ok(
    createCardGame(env.deps, {
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
  for (let i = 0; i < n; i++) ok(joinCardGame(env.deps, at(USERS[i]!)));
  ok(startCardGame(env.deps, at(GM)));
  return env;
}

export function userOfSeat(env: TestEnv, seat: number): string {
  return info(env).seats.find((s) => s.seat === seat)!.userId;
}

/** Every seat gives its default-looking 2 first cards. */
export function giveAll(env: TestEnv): void {
  for (const s of info(env).seats) {
    const v = ok(cardsMyView(env.deps, at(s.userId)));
    if (v.game.phase !== 'give') return;
    ok(giveCards(env.deps, at(s.userId), v.view.seats[v.seat]!.hand!.slice(0, 2)));
  }
}

/** The chooser picks the first eligible state. */
export function chooseFirst(env: TestEnv): void {
  const g = info(env);
  expect(g.phase).toBe('choose');
  const states = cardChoosableStates(env.deps, CH);
  ok(chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: states[0]!.state }));
}

/** One turn of whoever must act: `wage` plays the first legal wage if any, else falls back with the defaults. */
export function actOnce(env: TestEnv, prefer: 'wage' | 'fallBack', rnd: () => number = () => 0): void {
  const g = info(env);
  if (g.phase === 'give') return giveAll(env);
  if (g.phase === 'choose') return chooseFirst(env);
  const user = g.toActUserId!;
  const o = ok(cardsPlayOptions(env.deps, at(user)));
  if (prefer === 'wage' && o.wages.length > 0) {
    const w = o.wages[Math.floor(rnd() * o.wages.length)]!;
    ok(wageBattle(env.deps, at(user), { ...w, version: g.version }));
    return;
  }
  ok(startFallBack(env.deps, at(user), { version: g.version }));
  ok(finishFallBack(env.deps, at(user), { version: g.version }));
}
