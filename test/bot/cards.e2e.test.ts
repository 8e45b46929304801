/**
 * End to end (docs/cardgame.md "End to end"): a scripted 3-seat Warring States card game against the local Discord
 * stand-in and the real bot, through two full rounds: the lobby message and its Join button, `/game join power:`
 * listing dynasties, the start, the simultaneous give-away (one player lets the deadline pass: the default is
 * applied), the choice of state, plays through the wizard's buttons and selects and one through
 * `/cards play` autocomplete, fall backs with effects through the fall-back wizard, the round summary image, and
 * the next battle's choice. Asserts the table message is edited in place, exactly one ping per turn (in the
 * channel, never the log thread, with the buttons to act and a link to the table; a ping whose turn is over is
 * deleted), every hand view is ephemeral, how many clicks each action takes (docs/bot.md "Card game turns"), and a scan of every public message, embed, attachment name, outbox payload (the image
 * inputs) and info log line finds none of the card ids hidden in a hand or the deck at that moment. Plus a stale
 * wizard and a not-your-turn click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardGameState, claimsOf } from '../../src/cardgame/index.js';
import { createLogger } from '../../src/log.js';
import {
  type FakeInteraction,
  type FakeMessage,
  type FakeSelect,
  buttonsOf,
  componentsOf,
  textOf,
} from '../support/fake-discord/index.js';
import { cardPrivacyScanner, handPicks, leaks, nameLeaks, type WizardMenu } from './cards-support.js';
import { createHarness, type Harness } from './harness.js';

const CHANNEL = 'cards';
const USERS = ['ann', 'bob', 'cid'] as const;
type User = (typeof USERS)[number];

describe('a 3-seat Warring States card game through the Discord bot', () => {
  let h: Harness;
  const logs: string[] = [];

  beforeAll(async () => {
    const log = createLogger('info', { write: (s: string) => void logs.push(s) });
    // A seeded random: the same deal and the same game every run (the script plays whatever it is dealt).
    let seed = 20_261_122;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    h = await createHarness({ users: [...USERS, 'onlooker'], channels: [CHANNEL] }, { log, random });
    await h.start();
    // every component interaction a player makes (a button click or a select) is one click
    const click = h.fake.click.bind(h.fake);
    const select = h.fake.select.bind(h.fake);
    h.fake.click = ((...a: Parameters<typeof click>) => (clicks.n++, click(...a))) as typeof click;
    h.fake.select = ((...a: Parameters<typeof select>) => (clicks.n++, select(...a))) as typeof select;
  });

  /** Clicks (component interactions) so far, and per kind of action: the numbers docs/bot.md gives. */
  const clicks = { n: 0 };
  const perAction: Record<string, number[]> = {
    wage: [],
    fallBackDefaults: [],
    fallBackChosen: [],
    choose: [],
    give: [],
  };
  /** The superiorities claimed by each fall back taken with the defaults, in the order of `perAction.fallBackDefaults`. */
  const defaultsSizes: number[] = [];
  /** The same for the fall backs chosen by hand (`perAction.fallBackChosen`). */
  const chosenSizes: number[] = [];
  async function counted<T>(kind: string, run: () => Promise<T>): Promise<T> {
    const n0 = clicks.n;
    const r = await run();
    perAction[kind]!.push(clicks.n - n0);
    return r;
  }

  afterAll(async () => {
    await h?.close();
  });

  // ---- reading the table as the test (it may see everything) ----

  function row(): { state: CardGameState | null; version: number; gameId: number; threadId: string | null } {
    const r = h.database.sqlite
      .prepare(
        'select game_id as gameId, state, version, thread_id as threadId from card_games order by game_id desc limit 1',
      )
      .get() as { gameId: number; state: string | null; version: number; threadId: string | null };
    return { ...r, state: r.state ? (JSON.parse(r.state) as CardGameState) : null };
  }
  const state = () => row().state!;
  function userOfSeat(seat: number): User {
    const r = h.database.sqlite.prepare('select user_id as userId from card_seats where seat = ?').get(seat) as {
      userId: string;
    };
    return USERS.find((u) => h.fake.user(u).id === r.userId)!;
  }
  const seatOf = (u: User) =>
    (
      h.database.sqlite.prepare('select seat from card_seats where user_id = ?').get(h.fake.user(u).id) as {
        seat: number;
      }
    ).seat;

  const idle = async () => {
    await h.bot!.outbox.idle();
  };

  /** The table messages: the channel's bot messages with the table buttons that ping nobody (turn pings ping). */
  const tableMessages = () =>
    h.fake
      .channelMessages(CHANNEL)
      .filter(
        (x) => buttonsOf(x).some((b) => b.customId?.startsWith('cards:t:')) && h.fake.pings(x).users.length === 0,
      );
  /** The current table message. */
  function tableMessage(): FakeMessage {
    return tableMessages().at(-1)!;
  }
  const tableButton = (label: string) => buttonsOf(tableMessage()).find((b) => b.label === label)!.customId!;

  function selectOptions(i: FakeInteraction, prefix: string): { id: string; values: string[]; labels: string[] } {
    for (const row of componentsOf(h.fake.replyMessage(i))) {
      for (const c of row.components) {
        if (c.type === 3 && c.customId.startsWith(`cards:${prefix}:`))
          return { id: c.customId, values: c.options.map((o) => o.value), labels: c.options.map((o) => o.label) };
      }
    }
    throw new Error(`no select ${prefix} in ${i.text}`);
  }

  // ---- privacy: every public thing against the cards hidden at that moment (test/bot/cards-support.ts) ----

  let scanner: ReturnType<typeof cardPrivacyScanner>;
  const privacy = () => (scanner ??= cardPrivacyScanner(h, logs));
  const scanPrivacy = () => privacy().scan();
  const hiddenNow = () => privacy().hiddenNow();

  // ---- pings: exactly one per turn, in the channel, with the buttons to act ----

  let pingsSeen = 0;
  /** Every turn ping posted in the game's channel so far, deleted ones included, oldest first. */
  function pings(): FakeMessage[] {
    const channelId = h.fake.channel(CHANNEL).id;
    return [...h.fake.state.messages.values()].filter(
      (m) => m.channelId === channelId && !(m.flags & 64) && h.fake.pings(m).users.length > 0,
    );
  }
  /** The user's ping that is still up (the turn it announces is not over). */
  function livePing(user: User): FakeMessage | undefined {
    return pings()
      .filter((m) => !m.deleted && h.fake.pings(m).users.includes(h.fake.user(user).id))
      .at(-1);
  }
  /**
   * After an action: exactly one new ping, to the user now to act, unless that user is the one who just acted
   * (the chooser who also starts, the last seat in the battle): a player at the keyboard is not pinged again.
   * Pings whose turn is over are gone from the channel; the log thread has no ping.
   */
  async function expectOnePingFor(user: User | null, actedBy: User | null = null): Promise<void> {
    await idle();
    const all = pings();
    const fresh = all.slice(pingsSeen);
    pingsSeen = all.length;
    const thread = row().threadId;
    if (thread) expect(h.fake.channelMessages(thread).filter((m) => h.fake.pings(m).users.length > 0)).toEqual([]);
    const live = all.filter((m) => !m.deleted).map((m) => h.fake.pings(m).users[0]);
    if (user === null || user === actedBy) {
      expect(fresh.map((m) => m.content)).toEqual([]);
      expect(live.every((u) => u === (user && h.fake.user(user).id))).toBe(true);
      return;
    }
    expect(
      fresh.map((m) => h.fake.pings(m).users),
      `pings after the action: ${fresh.map((m) => m.content).join(' | ')}`,
    ).toEqual([[h.fake.user(user).id]]);
    expect(live).toEqual([h.fake.user(user).id]);
    // one click from the ping: its buttons act, and a link leads to the table message
    const ping = fresh[0]!;
    expect(
      buttonsOf(ping)
        .filter((b) => b.customId)
        .map((b) => b.label),
    ).toEqual(state().phase === 'choose' ? ['Choose next battle', 'My hand'] : ['Wage battle', 'Fall back', 'My hand']);
    expect(buttonsOf(ping).find((b) => b.url)?.url).toMatch(new RegExp(`/${tableMessage().id}$`));
  }

  /** Clicks a button on the user's live turn ping (one click from the notification). */
  async function clickPing(user: User, label: string): Promise<FakeInteraction> {
    await idle();
    const ping = livePing(user);
    if (!ping) throw new Error(`no live ping for ${user}`);
    const i = await h.fake.click(user, ping, buttonsOf(ping).find((b) => b.label === label)!.customId!);
    expect(i.ephemeral, `${label} answers privately`).toBe(true);
    return i;
  }
  /** A player's last wizard receipt, when it offered the buttons to act again at once (no ping then: B-2). */
  const receipts = new Map<User, FakeInteraction>();
  function keepReceipt(user: User, i: FakeInteraction): void {
    if (h.fake.buttons(i).length) receipts.set(user, i);
    else receipts.delete(user);
  }
  /**
   * Where a player starts an action, one click away: their ping; or, when they act again at once and get no ping,
   * the buttons on the receipt of what they just did. Never the table message (it sinks under the summaries).
   */
  async function start(user: User, label: string): Promise<FakeInteraction> {
    if (livePing(user)) return clickPing(user, label);
    const r = receipts.get(user);
    if (!r) throw new Error(`${user} has no ping and no receipt to act from`);
    receipts.delete(user);
    const i = await h.fake.click(user, r, button(r, label));
    expect(i.ephemeral).toBe(true);
    return i;
  }

  const toAct = (): User | null => {
    const s = state();
    if (s.phase === 'battle' || s.phase === 'tiebreak') return userOfSeat(s.turnSeat!);
    if (s.phase === 'choose') return userOfSeat(s.chooser!.seat);
    return null;
  };

  // ---- the wizards, driven like a player ----

  function button(i: FakeInteraction, label: string): string {
    const b = h.fake.buttons(i).find((x) => x.label === label);
    if (!b) throw new Error(`no button ${label} on: ${i.text}`);
    return b.customId!;
  }
  const hasSelect = (i: FakeInteraction, prefix: string) =>
    componentsOf(h.fake.replyMessage(i)).some((r) =>
      r.components.some((c) => c.type === 3 && c.customId.startsWith(`cards:${prefix}:`)),
    );

  async function clickTable(user: User | 'onlooker', label: string): Promise<FakeInteraction> {
    await h.bot!.outbox.idle(); // the table message is edited through the outbox: read it once what is due went out
    const i = await h.fake.click(user, tableMessage(), tableButton(label));
    expect(i.ephemeral, `${label} answers privately`).toBe(true);
    return i;
  }

  /** Wage battle from the ping: the first bright card offered, a dark card if one may go with it, Confirm. */
  async function wageByWizard(user: User): Promise<void> {
    await counted('wage', async () => {
      let i = await start(user, 'Wage battle');
      const bright = selectOptions(i, 'pb');
      i = await h.fake.select(user, i, bright.id, [bright.values[0]!]);
      expect(i.text).toContain('If you fell back now you would claim');
      if (hasSelect(i, 'ps')) {
        const second = selectOptions(i, 'ps');
        const dark = second.values.find((v) => /^D\d\d$/.test(v));
        if (dark) i = await h.fake.select(user, i, second.id, [dark]);
      }
      i = await h.fake.click(user, i, button(i, 'Confirm'));
      expect(i.text).toContain('stored');
      keepReceipt(user, i);
    });
  }

  /** Wage battle with `/cards play`: the autocomplete lists only the caller's legal cards. */
  async function wageByCommand(user: User): Promise<void> {
    const s = state();
    const seat = seatOf(user);
    const choices = await h.fake.autocomplete(user, CHANNEL, 'cards play', { bright: '' }, 'bright');
    expect(choices.length).toBeGreaterThan(0);
    for (const c of choices) expect(s.seats[seat]!.hand).toContain(String(c.value));
    const seconds = await h.fake.autocomplete(
      user,
      CHANNEL,
      'cards play',
      { bright: String(choices[0]!.value), second: '' },
      'second',
    );
    expect(seconds.length).toBeGreaterThan(0);
    for (const c of seconds)
      expect(
        ['none', 'y'].includes(String(c.value)) ||
          String(c.value).startsWith('y.') ||
          s.seats[seat]!.hand.includes(String(c.value)) ||
          ['yq', 'yy'].includes(String(c.value)),
      ).toBe(true);
    // another player's autocomplete offers nothing (not their turn), so no hand reaches it
    const other = USERS.find((u) => u !== user)!;
    expect(await h.fake.autocomplete(other, CHANNEL, 'cards play', { bright: '' }, 'bright')).toEqual([]);
    const preview = await h.fake.slash(user, CHANNEL, 'cards play', {
      bright: String(choices[0]!.value),
      second: String(seconds[0]!.value),
    });
    expect(preview.ephemeral).toBe(true);
    const done = await h.fake.click(user, preview, button(preview, 'Confirm'));
    expect(done.text).toContain('stored');
    keepReceipt(user, done);
  }

  let previewed = false;
  /** The fall-back wizard's menus on a reply (one, or two for one long question). */
  const menus = (i: FakeInteraction): WizardMenu[] =>
    componentsOf(h.fake.replyMessage(i))
      .flatMap((r) => r.components)
      .filter((c): c is FakeSelect => c.type === 3 && c.customId.startsWith('cards:fc:'));
  /**
   * Fall back from the ping. `defaults`: at once, with the defaults for every superiority and the recruit (2 clicks
   * whatever the size). `choose`: by hand, every screen's menu (the player's own targets and recruit; Back once on
   * the way, not counted with the pick it undid), then Fall back.
   */
  async function fallBackByWizard(
    user: User,
    how: 'choose' | 'defaults' = 'choose',
  ): Promise<{ effects: number; claims: number }> {
    const claims = claimsOf(state(), seatOf(user)).length;
    if (how === 'defaults') defaultsSizes.push(claims);
    else chosenSizes.push(claims);
    let screens = 0;
    let backed = false;
    await counted(how === 'defaults' ? 'fallBackDefaults' : 'fallBackChosen', async () => {
      let i = await start(user, 'Fall back');
      expect(i.text).toMatch(/You will claim/);
      if (!previewed && h.fake.buttons(i).some((b) => b.label === 'Preview board')) {
        // the board as the draft leaves it, privately, in a message of its own (the wizard stays)
        const p = await h.fake.click(user, i, button(i, 'Preview board'));
        clicks.n--; // a look, not a step of the fall back
        expect(p.ephemeral).toBe(true);
        expect(p.attachments.map((a) => a.filename)).toEqual(['fall-back-preview.png']);
        previewed = true;
      }
      for (let step = 0; step < 10; step++) {
        expect(i.ephemeral).toBe(true);
        expect(
          h.fake.buttons(i).some((b) => b.label === 'Back'),
          'every screen has Back',
        ).toBe(true);
        if (how === 'defaults' || menus(i).length === 0) {
          const done = h.fake.buttons(i).find((b) => b.label.startsWith('Fall back'))!;
          i = await h.fake.click(user, i, done.customId!);
          expect(i.text).toContain('You fell back');
          keepReceipt(user, i);
          return;
        }
        const pick = handPicks(menus(i));
        i = await h.fake.select(user, i, pick.id, pick.values);
        expect(i.text, 'the picks are stored, not refused').not.toMatch(/^⚠️/);
        screens++;
        if (!backed) {
          // Back undoes the screen just chosen; it is chosen again (the detour is not counted)
          i = await h.fake.click(user, i, button(i, 'Back'));
          clicks.n -= 2;
          backed = true;
          screens--;
        }
      }
      throw new Error('the fall-back wizard did not end');
    });
    return { effects: screens, claims };
  }

  /** The chooser picks a state (and, after a Spy claim, keeps itself as the start player). */
  async function chooseByButton(user: User): Promise<void> {
    await counted('choose', async () => {
      let i = await start(user, 'Choose next battle');
      if (hasSelect(i, 'cs')) {
        const starts = selectOptions(i, 'cs');
        i = await h.fake.select(user, i, starts.id, [String(seatOf(user))]);
      }
      const states = selectOptions(i, 'ct');
      i = await h.fake.select(user, i, states.id, [states.values.includes('gu') ? 'gu' : states.values[0]!]);
      expect(i.text).toContain('Chosen');
      keepReceipt(user, i);
    });
  }

  // ---- the script ----

  it('lobby, join, start', async () => {
    const created = await h.fake.slash('ann', CHANNEL, 'game create', {
      variant: 'warring-states-cards',
      seats: 3,
      preset: 'live',
    });
    expect(created.text).toContain('Warring States card game');
    await idle();
    const lobby = tableMessage();
    expect(buttonsOf(lobby).map((b) => b.label)).toEqual(['Join', 'Leave', 'Start (GM)', 'Rules']);
    const join = await h.fake.click('bob', lobby, tableButton('Join'));
    expect(join.ephemeral).toBe(true);
    const dyn = selectOptions(join, 'jd');
    expect(dyn.labels).toContain('Qin 秦');
    await h.fake.select('bob', join, dyn.id, ['qin']);
    // the button's reply is private: the channel is told by a notice, as /game join's public reply tells it, no ping
    await idle();
    const told = h.fake
      .channelMessages(CHANNEL)
      .filter((m) => /joined the card game as \*\*Qin 秦\*\*/.test(m.content));
    expect(told).toHaveLength(1);
    expect(h.fake.pings(told[0]!).users).toEqual([]);
    const free = await h.fake.autocomplete('cid', CHANNEL, 'game join', { power: '' }, 'power');
    expect(free.map((c) => c.value)).toEqual(['Chu 楚', 'Jin 晉', 'Qi 齊', 'Yan 燕']);
    expect((await h.fake.slash('cid', CHANNEL, 'game join', { power: 'Yan 燕' })).text).toContain('Yan');
    expect((await h.fake.slash('ann', CHANNEL, 'game join', { power: 'Chu 楚' })).text).toContain('Chu');
    const started = await h.fake.slash('ann', CHANNEL, 'game start');
    expect(started.text).toContain('starts');
    await idle();
    expect(state().phase).toBe('give');
    expect(tableMessage().id).toBe(lobby.id); // the lobby message became the table: edited in place
    await scanPrivacy();
    // everyone is pinged once to choose recruits, in the channel, with the button to do it
    const all = pings();
    expect(all.map((m) => h.fake.pings(m).users[0]).sort()).toEqual(USERS.map((u) => h.fake.user(u).id).sort());
    for (const m of all)
      expect(
        buttonsOf(m)
          .filter((b) => b.customId)
          .map((b) => b.label),
      ).toEqual(['Choose recruits', 'My hand']);
    pingsSeen = all.length;
  });

  it('give-away: one chooses through the private multi-select, one takes the default, the third lets the deadline pass', async () => {
    const hand = await clickTable('ann', 'My hand');
    expect(hand.text).toContain('Your hand');
    await counted('give', async () => {
      const i = await clickPing('ann', 'Choose recruits');
      const sel = selectOptions(i, 'gv');
      expect(sel.values).toHaveLength(8);
      for (const v of sel.values) expect(state().seats[seatOf('ann')]!.hand).toContain(v);
      const done = await h.fake.select('ann', i, sel.id, sel.values.slice(0, 2));
      expect(done.text).toContain('Your recruits');
    });
    await counted('give', async () => {
      const i = await clickPing('bob', 'Choose recruits');
      const done = await h.fake.click(
        'bob',
        i,
        h.fake.buttons(i).find((b) => b.label.startsWith('Use the default'))!.customId!,
      );
      expect(done.text).toContain('Your recruits');
    });
    expect(state().gives[seatOf('bob')]).toHaveLength(2);
    await idle();
    // the pings of those who have chosen are gone; the third's stays
    expect(
      pings()
        .filter((m) => !m.deleted)
        .map((m) => h.fake.pings(m).users[0]),
    ).toEqual([h.fake.user('cid').id]);
    await scanPrivacy();
    expect(state().phase).toBe('give');
    h.clock.offset += 100_000; // live: 90 s for the setup
    await h.bot!.scheduler.poke();
    await expect.poll(() => state().phase, { timeout: 10_000 }).toBe('choose');
    expect(state().row).toHaveLength(6);
    await scanPrivacy();
    await expectOnePingFor(toAct());
  });

  it('round 1: the state choice, plays through the wizard, a not-your-turn click, a stale wizard, fall backs with effects', async () => {
    const chooser = toAct()!;
    const table1 = tableMessage().id;
    await chooseByButton(chooser);
    await scanPrivacy();
    await expectOnePingFor(toAct(), chooser);
    expect(state().phase).toBe('battle');

    // not your turn, not seated
    const actor = toAct()!;
    const other = USERS.find((u) => u !== actor)!;
    const before = row().version;
    const wrong = await clickTable(other, 'Wage battle');
    expect(wrong.text).toBe(
      `It is <@${h.fake.user(actor).id}>'s turn (deadline <t:${Math.floor((h.database.sqlite.prepare('select deadline_ms as d from card_games').get() as { d: number }).d / 1000)}:R>).`,
    );
    const onlooker = await clickTable('onlooker', 'My hand');
    expect(onlooker.text).toContain('You are not seated here');
    expect(row().version).toBe(before);

    // a stale wizard: two previews open, the first confirm stores, the second is refused
    const open = async () => {
      let i = await clickTable(actor, 'Wage battle');
      const b = selectOptions(i, 'pb');
      i = await h.fake.select(actor, i, b.id, [b.values[0]!]);
      if (hasSelect(i, 'ps')) i = await h.fake.select(actor, i, selectOptions(i, 'ps').id, ['none']);
      return i;
    };
    const [first, second] = [await open(), await open()];
    // Confirm clicked twice: one move stored; the other click is told in a message of its own, the receipt kept.
    const confirm = button(first, 'Confirm');
    const clicks = [h.fake.clickNoWait(actor, first, confirm), h.fake.clickNoWait(actor, first, confirm)];
    for (const c of clicks) await c.waitForResponse(() => true, 10_000);
    const confirmed = clicks.find((c) => c.text.includes('stored'))!;
    expect(clicks.filter((c) => c.text.includes('The table changed — reopen'))).toHaveLength(1);
    expect(h.fake.replyMessage(first).content).toBe(confirmed.finalText);
    keepReceipt(actor, confirmed);
    // The other preview's Confirm: refused as well, in a new message; that preview stays as it was.
    const preview = h.fake.replyMessage(second).content;
    const refused = await h.fake.click(actor, second, button(second, 'Confirm'));
    expect(refused.text).toContain('The table changed — reopen');
    expect(refused.responses.map((r) => r.kind)).toEqual(['reply']);
    expect(h.fake.replyMessage(second).content).toBe(preview);
    expect(row().version).toBe(before + 1);
    await scanPrivacy();
    await expectOnePingFor(toAct(), actor);

    let turns = 0;
    let screens = 0;
    while (state().phase === 'battle' && turns++ < 20) {
      const user = toAct()!;
      const s = state();
      const seat = seatOf(user);
      const played = s.battle.played[seat]!.length;
      const { legalWages } = await import('../../src/cardgame/index.js');
      if (played === 0 && legalWages(s, seat).length > 0) await wageByWizard(user);
      else screens += (await fallBackByWizard(user)).effects;
      await scanPrivacy();
      await expectOnePingFor(toAct(), user);
    }
    expect(state().phase).toBe('choose');
    expect(screens).toBeGreaterThan(0);
    // the table message of round 1 was edited in place all round long, the board picture replaced as it changed
    const t1 = h.fake.message(table1);
    expect(t1.history.length).toBeGreaterThan(5);
    // its board picture was attached at the round's start and replaced when a fall back changed the board
    const pictures = new Set([...t1.history, t1].flatMap((v) => v.attachments.map((a) => a.filename)));
    expect(pictures.size).toBeGreaterThanOrEqual(2);
    // the round summary with its image
    const summary = h.fake.channelMessages(CHANNEL).find((m) => m.content.startsWith('**Round 1 is over.**'))!;
    expect(summary.attachments.map((a) => a.filename)).toEqual(['round-1-summary.png']);
    expect(summary.attachments[0]!.data.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('round 2: a play through /cards play autocomplete, then to the choice of round 3', async () => {
    const chooser = toAct()!;
    await chooseByButton(chooser);
    await scanPrivacy();
    await expectOnePingFor(toAct(), chooser);
    const first = toAct()!;
    await wageByCommand(first);
    await scanPrivacy();
    await expectOnePingFor(toAct(), first);
    let turns = 0;
    while (state().phase === 'battle' && turns++ < 20) {
      const user = toAct()!;
      const s = state();
      const seat = seatOf(user);
      const { legalWages } = await import('../../src/cardgame/index.js');
      if (s.battle.played[seat]!.length === 0 && legalWages(s, seat).length > 0) await wageByWizard(user);
      else await fallBackByWizard(user, 'defaults');
      await scanPrivacy();
      await expectOnePingFor(toAct(), user);
    }
    expect(['choose', 'finished']).toContain(state().phase);
    expect(state().round).toBeGreaterThanOrEqual(3);
    expect(h.fake.channelMessages(CHANNEL).some((m) => m.content.startsWith('**Round 2 is over.**'))).toBe(true);
    // one table message for the whole game (the lobby's), pinned, edited in place, never re-posted
    const tables = tableMessages();
    expect(tables).toHaveLength(1);
    expect(tables[0]!.pinned).toBe(true);
    // the log thread: one line per stored action (plus the start line), besides the pings
    const thread = row().threadId!;
    const lines = h.fake.channelMessages(thread).filter((m) => h.fake.pings(m).users.length === 0);
    const actions = (h.database.sqlite.prepare('select count(*) as n from card_events').get() as { n: number }).n;
    expect(lines).toHaveLength(actions + 1);
    // the scan saw real traffic and real secrets (about 60 deliveries by now; fewer on a loaded machine, where the
    // table's status edits coalesce)
    expect(privacy().deliveries).toBeGreaterThan(40);
    expect(hiddenNow().size).toBeGreaterThan(50);
    expect(leaks(`played ${[...hiddenNow()][0]}`, hiddenNow())).toHaveLength(1);
    const names = privacy().hiddenNamesNow();
    expect(names.size).toBeGreaterThan(5);
    expect(nameLeaks(`played ${[...names][0]}.`, names)).toEqual([[...names][0]]);
    if (process.env.CARDS_E2E_PNG) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.CARDS_E2E_PNG}-table.png`, tableMessage().attachments[0]!.data);
      const summary = h.fake.channelMessages(CHANNEL).find((m) => m.content.startsWith('**Round 2 is over.**'))!;
      writeFileSync(`${process.env.CARDS_E2E_PNG}-summary.png`, summary.attachments[0]!.data);
    }
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('round 3: /cards hand is private, /gm advance skips a turn, a conceded seat falls back at once', async () => {
    expect(state().phase).toBe('choose');
    const board = await clickTable('onlooker', 'Board');
    expect(board.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(previewed).toBe(true);
    const status = await h.fake.slash('onlooker', CHANNEL, 'game status');
    expect(status.ephemeral).toBe(true);
    expect(status.text).toContain('**Round 3 · choosing the battle**');
    const hand = await h.fake.slash('bob', CHANNEL, 'cards hand');
    expect(hand.ephemeral).toBe(true);
    expect(hand.text).toContain('Your hand');
    // `/cards` works in the game's log thread too
    const inThread = await h.fake.slash('bob', row().threadId!, 'cards hand');
    expect([inThread.ephemeral, inThread.text]).toEqual([true, expect.stringContaining('Your hand')]);
    // turn pings by DM carry the same buttons, and they work from the DM
    for (const u of USERS)
      expect((await h.fake.slash(u, CHANNEL, 'cards notify', { mode: 'dm' })).text).toContain('by DM');
    const chooser = toAct()!;
    await chooseByButton(chooser);
    await scanPrivacy();
    await idle();
    // the chooser who starts plays from the receipt of its choice (no ping); the next seat is pinged by DM
    if (toAct() === chooser) await wageByWizard(chooser);
    await idle();
    const pinged = toAct()!;
    expect(pinged).not.toBe(chooser);
    const dm = h.fake
      .dms(pinged)
      .filter((m) => buttonsOf(m).length > 0)
      .at(-1)!;
    expect(dm.content).toContain('your turn in round 3');
    expect(
      buttonsOf(dm)
        .filter((b) => b.customId)
        .map((b) => b.label),
    ).toEqual(['Wage battle', 'Fall back', 'My hand']);
    const fromDm = await h.fake.click(pinged, dm, buttonsOf(dm).find((b) => b.label === 'My hand')!.customId!);
    expect([fromDm.ephemeral, fromDm.text]).toEqual([true, expect.stringContaining('Your hand')]);
    // the game master skips the turn of the seat to act: it falls back with the defaults
    const skipped = toAct()!;
    const asked = await h.fake.slash('ann', CHANNEL, 'gm advance');
    expect(asked.ephemeral).toBe(true);
    const ok = await h.fake.click(
      'ann',
      asked,
      h.fake.buttons(asked).find((b) => b.label === 'Skip the turn')!.customId!,
    );
    expect(ok.text).toContain('Skipped');
    expect(state().battle.fallen).toContain(seatOf(skipped));
    await scanPrivacy();
    // a seat that concedes: its next turn resolves without waiting
    const next = toAct()!;
    {
      const c = await h.fake.slash(next, CHANNEL, 'concede');
      const done = await h.fake.click(next, c, h.fake.buttons(c).find((b) => b.label === 'Concede')!.customId!);
      expect(done.text).toContain('You conceded');
      await idle();
      expect(state().battle.fallen).toContain(seatOf(next));
      await scanPrivacy();
    }
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  /** The clicks of the largest fall back there is (every superiority), chosen by hand. */
  let largest: { clicks: number; claims: number } | null = null;

  it('the largest fall back, all 9 superiorities and the recruit chosen by hand, takes 5 clicks (state constructed)', async () => {
    // A seat that claims every superiority is not reached by this seeded script: the stored state is set while the
    // bot is stopped (a seat that is neither away nor conceded plays 4 bright cards covering the 9 symbols, the other
    // two have fallen back; an opponent army to burn on 14, armies of its own on 8 and 13, the ring of Gu empty);
    // from there on everything is the bot's buttons and menus.
    await idle();
    await h.stop();
    h.database = (await import('../../src/store/db.js')).openDatabase(h.dbPath);
    const { emptyBattle } = await import('../../src/cardgame/setup.js');
    const { cardPicker } = await import('../cardgame/fixtures.js');
    const s = state();
    const free = h.database.sqlite
      .prepare('select seat from card_seats where conceded = 0 and away = 0 order by seat')
      .all() as { seat: number }[];
    const seat = free[0]!.seat;
    const [o1, o2] = [0, 1, 2].filter((x) => x !== seat) as [number, number];
    const pick = cardPicker();
    const plays = [
      'fire/chariot/spy',
      'wind/chariot/infantry',
      'mountain/infantry/crossbow',
      'forest/crossbow/cavalry',
    ].map(pick);
    for (const id of plays)
      for (const pile of [s.deck, s.row, s.discard, s.resistance, ...s.seats.map((x) => x.hand)])
        if (pile.includes(id)) pile.splice(pile.indexOf(id), 1);
    while (s.row.length < 3) s.row.push(s.deck.shift()!);
    s.phase = 'battle';
    s.battle = emptyBattle(3);
    s.battle.fallen = [o1, o2];
    s.battle.played[seat] = plays.map((card) => ({ card }));
    s.battle.playedAny[seat] = true;
    for (const h0 of [10, 14, 15, 19, 20, 24]) s.strongholds[String(h0)] = [];
    Object.assign(s.strongholds, { '8': [seat], '13': [seat], '14': [o1] });
    s.seats[seat]!.supply = Math.max(s.seats[seat]!.supply, 8);
    Object.assign(s, { currentState: 'gu', chooser: null, startSeat: seat, turnSeat: seat, winner: null });
    h.database.sqlite
      .prepare('update card_games set state = ?, phase = ?, version = version + 1, deadline_ms = ?')
      .run(JSON.stringify(s), 'battle', h.clock.now() + 600_000);
    h.database.sqlite.prepare('delete from card_drafts').run();
    h.database.close();
    await h.start();
    await idle();
    // the constructed row is face up from here on (the scan counts it public)
    await scanPrivacy();
    const user = userOfSeat(seat);
    expect(claimsOf(state(), seat)).toHaveLength(9);
    const n0 = clicks.n;
    let i = await clickTable(user, 'Fall back');
    const seenScreens: string[][] = [];
    for (let step = 0; step < 10 && menus(i).length > 0; step++) {
      seenScreens.push(menus(i).map((m) => m.customId.split(':')[1]!));
      const p = handPicks(menus(i));
      i = await h.fake.select(user, i, p.id, p.values);
      expect(i.text, 'the picks are stored, not refused').not.toMatch(/^⚠️/);
    }
    expect(seenScreens).toHaveLength(3);
    i = await h.fake.click(user, i, button(i, 'Fall back'));
    expect(i.text).toContain('You fell back');
    largest = { clicks: clicks.n - n0, claims: 9 };
    // every superiority used as the player chose it (none drawn by default), and the recruit the player's
    const applied = JSON.parse(
      (
        h.database.sqlite.prepare('select action from card_events order by seq desc limit 1').get() as {
          action: string;
        }
      ).action,
    ) as { effects: { symbol: string; draw?: boolean }[]; recruit: string[] };
    expect(applied.effects.map((e) => e.symbol).sort()).toEqual([
      'cavalry',
      'chariot',
      'crossbow',
      'fire',
      'forest',
      'infantry',
      'mountain',
      'spy',
      'wind',
    ]);
    expect(applied.effects.filter((e) => e.draw)).toEqual([]);
    expect(applied.recruit).toHaveLength(1);
    await scanPrivacy();
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('clicks per action (docs/bot.md): a wage 3 or 4, a fall back of any size 2 with the defaults and at most 5 by hand, a choice 2 or 3', () => {
    console.log(`clicks per action: ${JSON.stringify({ ...perAction, largest })}`);
    expect(perAction.wage!.length).toBeGreaterThan(3);
    for (const n of perAction.wage!) expect([3, 4]).toContain(n); // Wage battle, the card, [a dark card], Confirm
    expect(perAction.fallBackDefaults!.length).toBeGreaterThan(1);
    for (const n of perAction.fallBackDefaults!) expect(n).toBe(2); // Fall back, Fall back now (defaults for the rest)
    // whatever the size: the script's fall backs with the defaults claim from 0 to 3 superiorities (9 in the views
    // test 'a fall back of any size is 2 clicks')
    expect(Math.max(...defaultsSizes)).toBeGreaterThanOrEqual(3);
    expect(Math.min(...defaultsSizes)).toBeLessThanOrEqual(1);
    // by hand: Fall back, one menu per screen (up to 3), Fall back — whatever the size, up to the largest: all 9
    expect(perAction.fallBackChosen!.length).toBeGreaterThan(1);
    for (const n of perAction.fallBackChosen!) expect(n).toBeLessThanOrEqual(5);
    expect(Math.max(...chosenSizes)).toBeGreaterThanOrEqual(2);
    expect(largest).toEqual({ clicks: 5, claims: 9 });
    for (const n of perAction.choose!) expect([2, 3]).toContain(n); // Choose next battle, [the start player], the state
    expect(perAction.give).toEqual([2, 2]); // Choose recruits, then the 2 cards or Use the default
  });

  it('one notation in every message a player read: no deck id; Chinese only beside its Latin name', () => {
    const read = h.fake.deliveries.map((d) => ({ via: d.via, text: textOf(d) }));
    expect(read.length).toBeGreaterThan(50);
    for (const { via, text } of read) {
      expect(text.match(/\b[BDW]\d{1,2}\b/g), `${via}: ${text}`).toBeNull();
      for (const m of text.matchAll(/\p{Script=Han}+/gu))
        expect(text.slice(0, m.index), `${via}: ${m[0]} in ${text}`).toMatch(/[A-Z][a-z]+ $/);
    }
  });
});
