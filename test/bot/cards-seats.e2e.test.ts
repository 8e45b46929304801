/**
 * Seats that never stall at a card table (docs/bot.md "Seats that never stall"), through the bot and the Discord
 * stand-in: a seat whose turn runs out `vacate-after` times in a row becomes vacant, the channel gets one substitute
 * call, two members press **Claim** at once and one gets the seat (a DM, a notice), the record counts the missed turn
 * and the vacated seat; under `nmr:computer` the card AI plays a vacant seat's turns until it is claimed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGameState } from '../../src/cardgame/index.js';
import { createHarness, type Harness } from './harness.js';

describe('card tables: vacant seats, claims and the record', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({
      users: ['ann', 'bob', 'sub1', 'sub2', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'],
      channels: ['hold', 'robot', 'late', 'quit'],
    });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.database.sqlite;
  const stateOf = (channel: string): CardGameState => {
    const r = sql()
      .prepare(
        'select c.state from card_games c join games g on g.id = c.game_id where g.channel_id = ? order by g.id desc limit 1',
      )
      .get(h.fake.channel(channel).id) as { state: string };
    return JSON.parse(r.state) as CardGameState;
  };
  const holders = (channel: string) =>
    (
      sql()
        .prepare(
          'select s.seat, s.user_id as userId from card_seats s join games g on g.id = s.game_id where g.channel_id = ? order by s.seat',
        )
        .all(h.fake.channel(channel).id) as { seat: number; userId: string }[]
    ).map((r) => r.userId);
  const calls = (channel: string) =>
    h.fake.channelMessages(channel).filter((m) => m.content.includes('Substitute wanted for'));
  /** The seat whose turn it is (the chooser or the battle's turn). */
  const toAct = (s: CardGameState) => (s.phase === 'choose' ? s.chooser!.seat : s.turnSeat!);

  async function table(channel: string, creator: string, other: string, nmr: 'hold' | 'computer', vacateAfter = 1) {
    const created = await h.fake.slash(creator, channel, 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      preset: 'live',
      nmr,
      'vacate-after': vacateAfter,
    });
    if (vacateAfter > 0) expect(created.text).toContain(`A seat whose turn runs out ${vacateAfter} time`);
    await h.fake.slash(creator, channel, 'game join');
    await h.fake.slash(other, channel, 'game join');
    await h.fake.slash(creator, channel, 'game start');
    // Nobody gives at the setup: its defaults apply (not a turn of anyone's own, never counted as missed).
    h.clock.offset += 100_000;
    await expect.poll(() => stateOf(channel).phase, { timeout: 10_000 }).not.toBe('give');
  }

  it('a turn that runs out vacates the seat; two claims at once give one new player; the record counts it', async () => {
    await table('hold', 'ann', 'bob', 'hold');
    const silent = toAct(stateOf('hold'));
    const silentUser = holders('hold')[silent]!;
    h.clock.offset += 5 * 60_000; // the live turn (2 min) runs out
    await h.fake.waitForChannelMessage('hold', (m) => m.content.includes('Substitute wanted for'), 15_000);
    await h.bot!.outbox.idle();
    expect(calls('hold')).toHaveLength(1);
    // a card seat has turns, not orders
    expect(calls('hold')[0]!.content).toMatch(/its player stopped playing their turns/);
    expect(holders('hold')[silent]).toMatch(/^vacant:/);
    const name = h.fake.user('ann').id === silentUser ? 'ann' : 'bob';
    expect(h.fake.dms(name).filter((m) => m.content.includes('no longer hold the seat'))).toHaveLength(1);
    const [a, b] = await Promise.all(
      ['sub1', 'sub2'].map((u) => h.fake.click(u, calls('hold')[0]!, { label: 'Claim' })),
    );
    const won = [a!, b!].filter((i) => i.text.includes('You now play'));
    expect(won).toHaveLength(1);
    // a card table is played with its buttons: no map, no `/order`
    expect(won[0]!.text).toMatch(/press \*\*My hand\*\* on the table/);
    expect(won[0]!.text).not.toMatch(/order|map/i);
    expect([a!, b!].filter((i) => i.text.includes('already been taken'))).toHaveLength(1);
    const winner = won[0] === a ? 'sub1' : 'sub2';
    expect(holders('hold')[silent]).toBe(h.fake.user(winner).id);
    await h.fake.waitForDm(winner, (m) => m.content.includes('You now play') && m.content.includes('My hand'));
    await h.fake.waitForChannelMessage('hold', (m) => m.content.includes('as a substitute'));
    const record = await h.fake.slash(name, 'hold', 'server player');
    expect(record.text).toContain('Missed (no order at all): 1');
    expect(record.text).toContain('Seats vacated: 1');
  });

  it('`/game leave` at a started card table asks in the card game’s words (no orders, no votes), then vacates the seat', async () => {
    await table('quit', 'gus', 'hal', 'hold', 0);
    const asked = await h.fake.slash('hal', 'quit', 'game leave');
    expect(asked.ephemeral).toBe(true);
    expect(asked.text).toContain('Leave the game? Your seat becomes vacant at once and you can no longer play it');
    expect(asked.text).not.toMatch(/order|vote/i);
    const confirm = h.fake.buttons(asked).find((b) => b.label === 'Leave my seat')!;
    await h.fake.click('hal', asked, confirm.customId!);
    await h.fake.waitForChannelMessage('quit', (m) => m.content.includes('Substitute wanted for'), 15_000);
    expect(holders('quit')).toContainEqual(expect.stringMatching(/^vacant:/));
  });

  it('under nmr:computer the card AI plays a vacant seat until a substitute claims it', async () => {
    await table('robot', 'cat', 'dan', 'computer');
    const silent = toAct(stateOf('robot'));
    const seq = () =>
      (
        sql()
          .prepare('select max(e.seq) as n from card_events e join games g on g.id = e.game_id where g.channel_id = ?')
          .get(h.fake.channel('robot').id) as { n: number }
      ).n;
    h.clock.offset += 5 * 60_000;
    await h.fake.waitForChannelMessage('robot', (m) => m.content.includes('Substitute wanted for'), 15_000);
    expect(holders('robot')[silent]).toMatch(/^vacant:/);
    // The other seat plays by the clock; whenever the vacant seat's turn comes, the card AI takes it (no timeout).
    const before = seq();
    for (let i = 0; i < 6; i++) {
      const s = stateOf('robot');
      if (s.phase === 'finished') break;
      if (toAct(s) !== silent) h.clock.offset += 5 * 60_000;
      await expect.poll(seq, { timeout: 15_000 }).toBeGreaterThan(before + i);
    }
    const vacantActs = sql()
      .prepare(
        "select count(*) as n from card_events e join games g on g.id = e.game_id where g.channel_id = ? and e.actor like 'user:vacant:%'",
      )
      .get(h.fake.channel('robot').id) as { n: number };
    expect(vacantActs.n, 'the card AI acted for the vacant seat').toBeGreaterThan(0);
    // Each call's post says what its seat holds now (rewritten in place as the table moves), never as it was.
    await h.bot!.outbox.idle();
    const now = stateOf('robot');
    if (now.phase !== 'finished')
      for (const seat of now.seats) {
        const call = calls('robot').find((m) => m.content.toLowerCase().includes(`wanted for ${seat.dynasty} `));
        if (!call) continue;
        const cards = seat.hand.length === 1 ? '1 card' : `${seat.hand.length} cards`;
        expect(call.content).toContain(`\n${cards} in hand, `);
        expect(call.content).toContain(`Round ${now.round}`);
      }
    expect(calls('robot').length).toBeGreaterThan(0);
  });

  it("under nmr:computer a member's turn that runs out is played by the card AI, and counts as missed", async () => {
    await table('late', 'eve', 'fay', 'computer', 0);
    const s0 = stateOf('late');
    const seat = toAct(s0);
    const member = holders('late')[seat]!;
    const actsOf = () =>
      sql()
        .prepare(
          'select e.actor from card_events e join games g on g.id = e.game_id where g.channel_id = ? order by e.seq',
        )
        .all(h.fake.channel('late').id) as { actor: string }[];
    const before = actsOf().length;
    const deadline = (
      sql()
        .prepare('select c.deadline_ms as d from card_games c join games g on g.id = c.game_id where g.channel_id = ?')
        .get(h.fake.channel('late').id) as { d: number }
    ).d;
    h.clock.offset += deadline + 1000 - h.clock.now(); // the member's turn runs out (the AI has a minute to play it)
    await expect.poll(() => actsOf().length, { timeout: 15_000 }).toBeGreaterThan(before);
    const played = actsOf()[before]!;
    expect(played.actor, 'played by the card AI for the member, not the default').toBe(`user:${member}`);
    expect(
      actsOf()
        .slice(before)
        .some((a) => a.actor === 'timeout'),
    ).toBe(false);
    const name = h.fake.user('eve').id === member ? 'eve' : 'fay';
    const record = await h.fake.slash(name, 'late', 'server player');
    expect(record.text).toContain('Missed (no order at all): 1');
  });
});
