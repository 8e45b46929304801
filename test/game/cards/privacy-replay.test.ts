/**
 * Whole games through the use-cases (2–5 seats, dynasty cards on and off, random legal plays, timeouts and
 * away seats mixed in): the stored state replays from the seed byte for byte, and no public payload (table,
 * log line, ping, round summary, end of game, notices) nor any logged event ever names a card that sits,
 * never yet seen face up, in a hand: by deck id, or by the name players read when no copy of it was ever face up.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cardName, publicView } from '../../../src/cardgame/index.js';
import { cardTablePayload, sweepCardGames, verifyCardReplay, type CardsEvent } from '../../../src/game/cards/index.js';
import { cardsEventText, cardTableReply } from '../../../src/bot/cards/words.js';
import { games } from '../../../src/store/schema.js';
import { first } from '../../../src/store/store.js';
import { internalErrors, makeEnv, seeded, TEST_DIALECT, type TestEnv } from '../helpers.js';
import { actOnce, eventRows, info, outboxRows, startedCards, storedState } from './helpers.js';

let env: TestEnv;
afterEach(async () => {
  await env?.close();
  expect(internalErrors).toEqual([]);
});

const ids = (text: string) => new Set(text.match(/\b[BDW]\d{1,2}\b/g) ?? []);

async function playGame(seats: number, dynastyCards: boolean, seed: number) {
  env = await makeEnv(':memory:', seed);
  const logged: unknown[] = [];
  env.deps.onEvent = (e) => logged.push(e);
  await startedCards(seats, { env, dynastyCards });
  const rnd = seeded(seed * 7 + 1);
  const seen = new Set<string>();
  /** The last outbox row scanned: each step reads only the rows queued since. */
  let scanned = 0;
  const leaks: string[] = [];
  let namesChecked = 0;
  // The game's id never changes: the reads of each step below go to it directly.
  const gameId = (await info(env)).gameId;
  for (let step = 0; step < 600 && (await info(env)).status !== 'finished'; step++) {
    const r = rnd();
    if (r < 0.05) {
      env.clock.advance((await info(env)).deadline! - env.clock.t + 1);
      await sweepCardGames(env.deps);
    } else await actOnce(env, r < 0.75 ? 'wage' : 'fallBack', rnd);
    const s = await storedState(env, gameId);
    for (const id of ids(JSON.stringify(publicView(s)))) seen.add(id);
    // A wage puts its cards face up (a Yan take-back may return one to the hand in the same turn; a Qin give goes to the row).
    for (const e of (await eventRows(env, gameId)).slice(-20)) {
      const a = e.action as { type: string; bright?: string; dark?: string; give?: string; take?: string };
      if (a.type === 'wage') for (const c of [a.bright, a.dark, a.give, a.take]) if (c) seen.add(c);
    }
    const hidden = new Set(s.seats.flatMap((x) => x.hand).filter((c) => !seen.has(c)));
    const game = first(await env.deps.store.db.select().from(games).where(eq(games.id, gameId)).limit(1))!;
    const table = await env.deps.store.transaction(async (tx) => await cardTablePayload(tx, game));
    const rows = await outboxRows(env, scanned);
    scanned = rows.at(-1)?.id ?? scanned;
    // the rows and the table as stored, and as the bot words them (src/bot/cards/words.ts)
    const worded = [
      ...(table ? [cardTableReply(table)] : []),
      ...rows.filter((x) => x.kind === 'kind').map((x) => cardsEventText(x.payload as CardsEvent, 'en')),
    ];
    const texts = [
      JSON.stringify(table),
      ...rows.map((x) => JSON.stringify(x.payload)),
      JSON.stringify(logged),
      ...worded,
    ];
    for (const t of texts)
      for (const id of ids(t)) if (hidden.has(id)) leaks.push(`${id} at step ${step} in ${t.slice(0, 300)}`);
    // players read cards by name ("Fire/Cavalry/Chariot"): a name no copy of which was ever face up is hidden too
    // (the 5 identical wilds are left to the ids: "Wild" is also a word of the texts)
    const shown = new Set([...seen].map(cardName));
    const names = [...new Set([...hidden].map(cardName))].filter((n) => n.includes('/') && !shown.has(n));
    namesChecked += names.length;
    for (const t of texts)
      for (const n of names)
        if (t.includes(n) && new RegExp(`(^|[^A-Za-z/])${n.replace(/\//g, '\\/')}($|[^A-Za-z/])`).test(t))
          leaks.push(`${n} at step ${step} in ${t.slice(0, 300)}`);
  }
  return { leaks, game: await info(env), namesChecked };
}

/** The whole games test the card game's rules and texts, the same on both databases: PostgreSQL plays the ends. */
const SEAT_COUNTS = TEST_DIALECT === 'postgres' ? [2, 5] : [2, 3, 4, 5];

describe('card game: privacy and replay over whole games', () => {
  for (const seats of SEAT_COUNTS) {
    for (const dynastyCards of [false, true]) {
      it(`${seats} seats, dynasty cards ${dynastyCards ? 'on' : 'off'}`, async () => {
        const { leaks, game, namesChecked } = await playGame(seats, dynastyCards, seats * 10 + (dynastyCards ? 1 : 0));
        expect(leaks).toEqual([]);
        expect(namesChecked).toBeGreaterThan(0);
        expect(game.round).toBeGreaterThan(1);
        expect(await verifyCardReplay(env.deps, game.gameId)).toEqual({ ok: true, same: true });
      });
    }
  }
});
