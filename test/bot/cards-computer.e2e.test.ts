/**
 * End to end ("a card-game seat can be a computer player at every step, wizard steps included"): a
 * 3-seat Warring States card game against the local Discord stand-in and the real bot, where the game master hands
 * two seats to computer players (the channel is told; the table names them "a computer player"). The computer seats
 * give, choose, wage and fall back through a person's use-cases (the fall back through the wizard's draft), in the
 * AI's worker thread, as soon as their turn is stored; the person plays through the slash commands and buttons. The
 * bot is restarted mid-game and the computer seats go on; a seat goes back to a person and to the computer again; the
 * game is played to its end. No computer seat is ever pinged, no raw `computer:` id is ever shown, and every public
 * delivery, outbox payload and log line at info or above is scanned for the cards hidden at that moment: 0 leaks.
 * What the computers played is in the debug log only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, CardGameState } from '../../src/cardgame/index.js';
import { askComputerPlayer } from '../../src/game/ai-pool/pool.js';
import { createLogger } from '../../src/log.js';
import { type FakeInteraction, componentsOf, textOf } from '../support/fake-discord/index.js';
import { cardPrivacyScanner, CARD_ID } from './cards-support.js';
import { createHarness, type Harness } from './harness.js';

const CHANNEL = 'cards';

describe('a card game with computer seats through the Discord bot', () => {
  let h: Harness;
  /** Every log line, and those at info or above (what an operator sees by default). */
  const raw: string[] = [];
  const infoLines: string[] = [];

  beforeAll(async () => {
    const log = createLogger('debug', {
      write: (s: string) => {
        raw.push(s);
        if ((JSON.parse(s) as { level: number }).level >= 30) infoLines.push(s);
      },
    });
    let seed = 20_261_124;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    // A small search budget keeps the test quick; the worker and the use-cases are the production ones.
    h = await createHarness(
      { users: ['gm', 'ann', 'bob', 'cid'], channels: [CHANNEL] },
      {
        log,
        random,
        kindComputerAsk: (job) => askComputerPlayer(job.kind === 'cards' ? { ...job, playouts: 4 } : job),
      },
    );
    await h.start();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.database.sqlite;
  function row(): { state: CardGameState; version: number; threadId: string | null } {
    const r = sql()
      .prepare('select state, version, thread_id as threadId from card_games order by game_id desc limit 1')
      .get() as { state: string; version: number; threadId: string | null };
    return { ...r, state: JSON.parse(r.state) as CardGameState };
  }
  const state = () => row().state;
  const userOfSeat = (seat: number) =>
    (
      sql().prepare('select user_id as userId from card_seats where seat = ?').get(seat) as
        | { userId: string }
        | undefined
    )?.userId;
  const seatOf = (userId: string) =>
    (sql().prepare('select seat from card_seats where user_id = ?').get(userId) as { seat: number }).seat;
  const dynastyOf = (user: string) => state().seats[seatOf(h.fake.user(user).id)]!.dynasty;
  const events = () =>
    sql().prepare('select seq, action, actor from card_events order by seq').all() as {
      seq: number;
      action: string;
      actor: string;
    }[];
  const idle = () => h.bot!.outbox.idle();
  const scanner = () => (scan ??= cardPrivacyScanner(h, infoLines, { publicFromEvents: true }));
  let scan: ReturnType<typeof cardPrivacyScanner> | undefined;

  /** The users to act now (give: every seat that has not given). */
  function toAct(): string[] {
    const s = state();
    if (s.phase === 'give') return s.gives.flatMap((g, i) => (g === null ? [userOfSeat(i)!] : []));
    if (s.phase === 'battle' || s.phase === 'tiebreak') return [userOfSeat(s.turnSeat!)!];
    if (s.phase === 'choose') return [userOfSeat(s.chooser!.seat)!];
    return [];
  }
  /** Waits until no computer seat is to act (they act at once) and the deliveries are out. */
  async function computersDone(): Promise<void> {
    await expect
      .poll(() => state().phase === 'finished' || toAct().every((u) => !u.startsWith('computer:')), {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(true);
    await idle();
  }
  function selectOf(i: FakeInteraction, prefix: string): { id: string; values: string[] } {
    for (const r of componentsOf(h.fake.replyMessage(i)))
      for (const c of r.components)
        if (c.type === 3 && c.customId.startsWith(`cards:${prefix}:`))
          return { id: c.customId, values: c.options.map((o) => o.value) };
    throw new Error(`no select ${prefix} in ${i.text}`);
  }
  const hasSelect = (i: FakeInteraction, prefix: string) =>
    componentsOf(h.fake.replyMessage(i)).some((r) =>
      r.components.some((c) => c.type === 3 && c.customId.startsWith(`cards:${prefix}:`)),
    );
  const click = async (user: string, i: FakeInteraction, label: (l: string) => boolean) => {
    const b = h.fake.buttons(i).find((x) => label(x.label));
    if (!b) throw new Error(`no such button on: ${i.text}`);
    return h.fake.click(user, i, b.customId!);
  };

  /** The person's turn through the commands: the give's default, the first state offered, a fall back with the defaults. */
  async function annActs(): Promise<void> {
    const s = state();
    if (s.phase === 'give') {
      const i = await h.fake.slash('ann', CHANNEL, 'cards hand');
      const give = await click('ann', i, (l) => l === 'Choose recruits');
      const done = await click('ann', give, (l) => l.startsWith('Use the default'));
      expect(done.ephemeral).toBe(true);
    } else if (s.phase === 'choose') {
      let i = await h.fake.slash('ann', CHANNEL, 'cards choose');
      if (hasSelect(i, 'cs'))
        i = await h.fake.select('ann', i, selectOf(i, 'cs').id, [String(seatOf(h.fake.user('ann').id))]);
      const st = selectOf(i, 'ct');
      i = await h.fake.select('ann', i, st.id, [st.values[0]!]);
      expect(i.text).toContain('Chosen');
    } else {
      const i = await h.fake.slash('ann', CHANNEL, 'cards fallback');
      const done = await click('ann', i, (l) => l.startsWith('Fall back'));
      expect(done.text).toContain('You fell back');
    }
  }

  /** Plays until `until()` (the person acting when it is her turn); returns the person's actions. */
  async function playUntil(until: () => boolean, limit = 400): Promise<number> {
    const ann = h.fake.user('ann').id;
    let acted = 0;
    for (let n = 0; n < limit; n++) {
      await computersDone();
      if (until() || state().phase === 'finished') return acted;
      expect(toAct()).toContain(ann);
      await annActs();
      acted++;
      await scanner().scan();
    }
    throw new Error('the game did not get there');
  }

  it('the game master hands two seats to computer players; the channel is told', async () => {
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'warring-states-cards',
      seats: 3,
      preset: 'standard',
      'dynasty-cards': true,
    });
    for (const u of ['ann', 'bob', 'cid']) await h.fake.slash(u, CHANNEL, 'game join');
    expect((await h.fake.slash('gm', CHANNEL, 'game start')).text).toContain('starts');
    const both = await h.fake.slash('gm', CHANNEL, 'gm replace', {
      power: dynastyOf('bob'),
      user: 'bob',
      computer: true,
    });
    expect(both.text).toContain('either to a user or to a computer player');
    for (const u of ['bob', 'cid']) {
      const r = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: dynastyOf(u), computer: true });
      expect(r.ephemeral).toBe(true);
      // No fall-back draft was open: the reply says nothing of one.
      expect(r.text).toContain('🤖 A computer player now holds that seat.');
      expect(r.text).not.toContain('draft');
    }
    // the last person's seat is never handed to the computer
    const last = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: dynastyOf('ann'), computer: true });
    expect(last.text).toContain('a table of computer players only is refused');
    await idle();
    const notices = h.fake
      .channelMessages(CHANNEL)
      .map((m) => m.content)
      .filter((t) => t.includes('The game master handed'));
    expect(notices).toEqual([
      expect.stringMatching(/^The game master handed .+ to a computer player \(normal\)\.$/),
      expect.stringMatching(/^The game master handed .+ to a computer player \(normal\)\.$/),
    ]);
  }, 60_000);

  it('the computer seats give at once; the table names them; the person gives and chooses', async () => {
    await computersDone();
    expect(toAct()).toEqual([h.fake.user('ann').id]);
    const table = h.fake
      .channelMessages(CHANNEL)
      .filter((m) => textOf(m).includes('a computer player ('))
      .at(-1);
    expect(table, 'the table message names the computer seats').toBeDefined();
    await playUntil(() => state().phase === 'battle');
    await scanner().scan();
  }, 120_000);

  it('round 1: the computer seats wage and fall back through the wizard', async () => {
    await playUntil(() => state().round >= 2);
    const byComputer = events()
      .filter((e) => e.actor.startsWith('user:computer:'))
      .map((e) => JSON.parse(e.action) as Action);
    expect(byComputer.some((a) => a.type === 'wage')).toBe(true);
    expect(byComputer.some((a) => a.type === 'fallBack')).toBe(true);
    await scanner().scan();
  }, 180_000);

  it('`/map` at the running card table shows its board privately, to a player and an onlooker; `/ready` says what the table is', async () => {
    for (const user of ['ann', 'cid']) {
      const map = await h.fake.slash(user, CHANNEL, 'map');
      expect(map.ephemeral).toBe(true);
      expect(map.text).toMatch(/^🗺 Round \d+\.$/);
      expect(map.attachments.map((a) => a.filename)).toEqual(['board.png']);
    }
    // a Diplomacy command at the card table says what the table is, not "you are not playing" to its player
    for (const cmd of ['ready', 'draw'])
      expect((await h.fake.slash('ann', CHANNEL, cmd)).text, cmd).toBe(
        "⚠️ This channel's game is the Warring States card game: this command is for Diplomacy games.",
      );
  });

  it('the bot restarts mid-game and the computer seats go on', async () => {
    await h.stop();
    await h.start();
    const before = events().length;
    await playUntil(() => events().length >= before + 6);
    await scanner().scan();
  }, 180_000);

  it('a computer seat goes back to a person and to the computer again', async () => {
    await computersDone();
    const seat = seatOf(
      `computer:normal:${state().seats.find((_, i) => userOfSeat(i)?.startsWith('computer:'))!.dynasty}`,
    );
    const dynasty = state().seats[seat]!.dynasty;
    const back = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: dynasty, user: 'bob' });
    expect(back.text).toContain('now holds that seat');
    expect(userOfSeat(seat)).toBe(h.fake.user('bob').id);
    const again = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: dynasty, computer: true });
    expect(again.text).toContain('A computer player now holds that seat');
    await scanner().scan();
  }, 60_000);

  it('the game is played to its end: no stall, no ping for a computer seat, 0 leaks', async () => {
    // The person goes away: her turns resolve at once with the defaults, the computers keep playing theirs.
    await h.fake.slash('ann', CHANNEL, 'cards away', { state: 'on' });
    for (let n = 0; n < 200 && state().phase !== 'finished'; n++) {
      await expect
        .poll(() => state().phase === 'finished' || toAct().every((u) => !u.startsWith('computer:')), {
          timeout: 30_000,
          interval: 50,
        })
        .toBe(true);
      if (state().phase === 'finished') break;
      // the hourly cap of automatic turns (decisions.md) holds an away seat's turn until an hour has passed
      h.clock.offset += 3_600_000;
      await h.bot!.scheduler.poke();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state().phase).toBe('finished');
    await idle();
    await scanner().scan();
    // the end of the game is posted once
    expect(
      h.fake.channelMessages(CHANNEL).filter((m) => /First Emperor|Shared victory|The game is over/.test(textOf(m)))
        .length,
    ).toBeGreaterThan(0);

    const all = events();
    expect(all.filter((e) => e.actor === 'computer')).toEqual([]); // every computer answer was accepted
    const byComputer = all
      .filter((e) => e.actor.startsWith('user:computer:'))
      .map((e) => JSON.parse(e.action) as Action);
    expect(new Set(byComputer.map((a) => a.type))).toEqual(new Set(['give', 'choose', 'wage', 'fallBack']));
    // every delivery: no raw computer id, no ping of a computer seat
    for (const d of h.fake.deliveries) expect(textOf(d)).not.toContain('computer:');
    // what the computers played is in the debug log only, and no line at info or above names a card
    expect(raw.some((l) => (JSON.parse(l) as { level: number }).level < 30 && l.includes('played {'))).toBe(true);
    for (const l of infoLines) expect(l.includes('played {'), l).toBe(false);
    for (const l of infoLines) if (/card computer player failed/.test(l)) expect(l.match(CARD_ID)).toBeNull();
    expect(scanner().deliveries).toBeGreaterThan(50);
  }, 300_000);

  it('after the end, `/game status` and `/map` show the final table in the reader’s words; `/history` says it has no phases', async () => {
    h.fake.setLocale('ann', 'fr');
    const status = await h.fake.slash('ann', CHANNEL, 'game status');
    expect(status.ephemeral).toBe(true);
    // the card table's own reply (its seats by dynasty), never the variant's id or a raw dynasty id
    expect(status.text).toContain('**Places**');
    expect(status.text).not.toMatch(/warring-states-cards|\b(qin|chu|yan|jin|qi)\b/);
    // and `/map` the final board, in her words, not "the game has not started yet"
    const map = await h.fake.slash('ann', CHANNEL, 'map');
    expect(map.ephemeral).toBe(true);
    expect(map.text).toMatch(/^🗺 Manche \d+\.$/);
    expect(map.attachments.map((a) => a.filename)).toEqual(['board.png']);
    // a refusal names the card game in her words
    expect((await h.fake.slash('ann', CHANNEL, 'history list')).text).toBe(
      '⚠️ Le jeu de cartes Royaumes combattants n’a pas d’historique des phases : il est fait des phases d’une partie de Diplomatie.',
    );
    h.fake.setLocale('ann', 'en-US');
    // the history commands made of Diplomacy phases say the card game has none, never "its variant is gone"
    for (const [cmd, opts] of [
      ['history list', {}],
      ['history replay', {}],
      ['why', { province: 'gu' }],
    ] as const)
      expect((await h.fake.slash('ann', CHANNEL, cmd, opts)).text, cmd).toBe(
        "⚠️ The Warring States card game has no phase history: it is made of a Diplomacy game's phases.",
      );
    expect((await h.fake.slash('ann', CHANNEL, 'history press')).text).toBe(
      "⚠️ The Warring States card game has no press archive: it is made of a Diplomacy game's phases.",
    );
  });
});
