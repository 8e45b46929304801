/**
 * Seats and the end of a game through the bot and the Discord stand-in, as players meet them (docs/bot.md "Seats that
 * never stall", "The end of a game"): a computer seat never blocks a concession or a draw the people agree on; the
 * final post names every power's players in order (a member who left and the substitute who claimed the seat), with
 * centres, results, rating changes and the final board, and every one of them gets the game-over DM; a vacant seat
 * never holds a phase up (ready with holds under `nmr:hold`, played by the computer player under `nmr:computer`, also
 * through `/gm advance`); a member who claims back their seat is back, with a fresh count of silent phases; and the
 * texts around seats say what happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, partsOfPost, slashConfirmed, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;

describe('seats and the end of a game', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;
  const gameOver = (channel: string) =>
    h.fake.waitForChannelMessage(channel, (m) => m.content.startsWith('🏁 **Game over**'), 20_000);

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin', 'frank'],
      channels: ['concede', 'draw', 'hold', 'computer', 'return'],
    });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a concession to a person ends the game though a computer player is seated', async () => {
    await h.fake.slash('gm', 'concede', 'game create', { variant: 'classic', computer: 'Italy', 'vacate-after': 0 });
    await h.fake.slash('alice', 'concede', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'concede', 'game join', { power: 'Austria' });
    await h.fake.slash('erin', 'concede', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'concede', 'game start');
    // Germany's player walks away; a substitute claims the seat.
    const left = await slashConfirmed(h, 'erin', 'concede', 'game leave');
    expect(left.text).toContain('You left **Germany**');
    const call = await h.fake.waitForChannelMessage('concede', (m) =>
      m.content.includes('Substitute wanted for Germany'),
    );
    const claimed = await h.fake.click('frank', call, { label: 'Claim' });
    expect(claimed.text).toContain('You now play **Germany**');
    // A concession that cannot be made is refused at once, before any question is asked.
    for (const [to, why] of [
      ['France', 'You cannot concede to yourself.'],
      ['Atlantis', '"Atlantis" is not a power'],
    ] as const) {
      const refused = await h.fake.slash('alice', 'concede', 'concede', { to });
      expect(refused.text).toContain(why);
      expect(h.fake.buttons(refused)).toEqual([]);
    }
    // Everyone but Austria's player concedes to Austria: the computer player (Italy) follows, and Austria wins.
    for (const user of ['alice', 'frank']) await slashConfirmed(h, user, 'concede', 'concede', { to: 'Austria' });
    const over = await gameOver('concede');
    expect(over.content).toContain('🏁 **Game over**: the other powers conceded to Austria.');
  });

  it('the final post names every power\u2019s players in order, with centres, results and ratings, then the final board', async () => {
    const over = h.fake.channelMessages('concede').find((m) => m.content.startsWith('🏁 **Game over**'))!;
    const parts = await partsOfPost(h.fake, h.store.db, over);
    const text = parts.map((p) => p.content).join('\n');
    const line = (power: string) => text.split('\n').find((l) => l.startsWith(`__${power}__`)) ?? '';
    expect(line('Austria')).toMatch(
      new RegExp(
        `^__Austria__ · 3 centres · 🏆 won: the others conceded · <@${id('bob')}> \\(rating 0\\.00 → \\d+\\.\\d\\d\\)$`,
      ),
    );
    expect(line('Germany')).toMatch(
      new RegExp(
        `^__Germany__ · 3 centres · survived · <@${id('erin')}> \\(left in Spring 1901 movement; counted as a loss; rating 0\\.00 → -\\d+\\.\\d\\d\\), then <@${id('frank')}> \\(substitute from Spring 1901 movement; rating 0\\.00 → -?\\d+\\.\\d\\d\\)$`,
      ),
    );
    expect(line('Italy')).toBe('__Italy__ · 3 centres · survived · a computer player (normal)');
    // The final board, alone in the post's last message, after the chart on its first.
    expect(over.attachments).toHaveLength(1);
    expect(parts.at(-1)!.content).toBe('**The final board**');
    expect(parts.at(-1)!.attachments[0]!.contentType).toBe('image/png');
    // Named, never pinged.
    for (const part of parts) expect(h.fake.pings(part).users).toEqual([]);
  });

  it('every member who played gets the game-over DM, the one who left too', async () => {
    await h.bot!.outbox.idle();
    for (const user of ['alice', 'bob', 'erin', 'frank'])
      expect(
        h.fake.dms(user).filter((m) => m.content.startsWith('🏁 **Game over**')),
        user,
      ).toHaveLength(1);
    const erin = h.fake.dms('erin').find((m) => m.content.startsWith('🏁 **Game over**'))!;
    expect(erin.content).toContain('You played **Germany** until you left it in Spring 1901 movement');
    expect(erin.content).toContain('It counts as a loss for you.');
  });

  it('a draw the people agree on ends the game though a computer player is seated', async () => {
    await h.fake.slash('gm', 'draw', 'game create', { variant: 'classic', computer: 'Italy', 'vacate-after': 0 });
    await h.fake.slash('carol', 'draw', 'game join', { power: 'England' });
    await h.fake.slash('dave', 'draw', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'draw', 'game start');
    for (const user of ['carol', 'dave']) await h.fake.slash(user, 'draw', 'draw');
    const over = await gameOver('draw');
    expect(over.content).toContain('🏁 **Game over**: a draw between');
  });

  const statusOf = (channel: string) =>
    h.fake.channelMessages(channel).find((m) => m.content.startsWith('**Classic Diplomacy** · game master'));
  const lineOf = (text: string, power: string) => text.split('\n').find((l) => l.startsWith(power)) ?? '';

  it('nmr:hold: a vacant seat is ready with holds, so the others\u2019 /ready resolve the phase', async () => {
    const created = await h.fake.slash('gm', 'hold', 'game create', {
      variant: 'classic',
      computer: 'Italy',
      'vacate-after': 0,
    });
    expect(created.text).toContain(
      "Missing orders at a deadline: units hold, builds are waived. A vacant seat's units hold until someone claims it, without waiting for the deadline.",
    );
    for (const [user, power] of [
      ['alice', 'England'],
      ['bob', 'France'],
      ['carol', 'Germany'],
    ])
      await h.fake.slash(user!, 'hold', 'game join', { power: power! });
    const started = await h.fake.slash('gm', 'hold', 'game start');
    expect(started.text).toContain('🎲 The game starts with 3 players and 1 computer player.');
    // A member without a seat is refused at once, never asked to confirm leaving one.
    const onlooker = await h.fake.slash('dave', 'hold', 'game leave');
    expect(onlooker.ephemeral).toBe(true);
    expect(onlooker.text).toContain('You do not hold a seat in this game, so there is none to leave.');
    expect(h.fake.buttons(onlooker)).toEqual([]);
    await slashConfirmed(h, 'bob', 'hold', 'game leave');
    const call = await h.fake.waitForChannelMessage('hold', (m) => m.content.includes('Substitute wanted for France'));
    expect(call.content).toContain(
      'Until someone claims it, its units hold, its retreats disband and its builds are waived, without waiting for the deadline.',
    );
    await h.bot!.outbox.idle();
    expect(lineOf(statusOf('hold')!.content, 'France')).toBe(
      'France (vacant: a substitute may claim it) · 3 centres, 3 units · ready: the defaults apply (units hold)',
    );
    // The computer player (Italy) is ready once it has played; the vacant seat needs nobody.
    await expect.poll(() => lineOf(statusOf('hold')?.content ?? '', 'Italy'), { timeout: 20_000 }).toMatch(/🟢 ready$/);
    const ready = await h.fake.slash('alice', 'hold', 'ready');
    expect(ready.text).toContain('Waiting for: Germany.');
    expect(ready.text).not.toContain('France');
    await h.fake.slash('carol', 'hold', 'ready');
    const results = await waitForResults(h, 'hold', 'Spring 1901 movement');
    // Nobody holds France: civil disorder, not a player's lapse (docs/bot.md "Seats that never stall").
    expect(results.content).toMatch(/__France__ · civil disorder: no player; [^\n]* held\./);
    // The game ends with the call unclaimed: its button closes, and the status no longer offers the seat.
    await slashConfirmed(h, 'gm', 'hold', 'gm cancel');
    await h.bot!.outbox.idle();
    expect(h.fake.buttons(call).map((b) => [b.label, b.disabled])).toEqual([['Closed: the game is over', true]]);
    await expect.poll(() => lineOf(statusOf('hold')?.content ?? '', 'France')).toMatch(/^France \(vacant\) · /);
    // The status says what happened: the game was cancelled, as the channel's end post says.
    expect(statusOf('hold')?.content).toContain('🏁 Game over: cancelled.');
  });

  it('nmr:computer: the computer player plays a vacant seat at once, also when the game master advances', async () => {
    const created = await h.fake.slash('gm', 'computer', 'game create', {
      variant: 'classic',
      nmr: 'computer',
      'computer-level': 'easy',
      'vacate-after': 0,
    });
    expect(created.text).toContain(
      'Missing orders at a deadline: a computer player gives them, playing to win for the absent player; the orders the player gave stand. A computer player plays a vacant seat from the start of each phase until someone claims it.',
    );
    await h.fake.slash('alice', 'computer', 'game join', { power: 'England' });
    await h.fake.slash('bob', 'computer', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'computer', 'game start');
    await slashConfirmed(h, 'bob', 'computer', 'game leave');
    await h.fake.waitForChannelMessage('computer', (m) =>
      m.content.includes('Until someone claims it, a computer player plays it, giving its orders as each phase opens.'),
    );
    await expect
      .poll(() => lineOf(statusOf('computer')?.content ?? '', 'France'), { timeout: 20_000 })
      .toMatch(
        /^France \(vacant: a substitute may claim it\) · .*🤖 the computer player orders for it · ✅ orders in · 🟢 ready$/,
      );
    await h.fake.slash('alice', 'computer', 'ready');
    const spring = await waitForResults(h, 'computer', 'Spring 1901 movement');
    expect(spring.content).toContain('__France__ · 🤖 3 given by the computer player\n');
    // Fall: England gives nothing; the game master advances, and the computer player gives England's orders first.
    const advanced = await slashConfirmed(h, 'gm', 'computer', 'gm advance');
    expect(advanced.text).toContain(
      'Fall 1901 movement ends now: the computer player gives the missing orders, then it resolves and the results are posted',
    );
    const fall = await waitForResults(h, 'computer', 'Fall 1901 movement');
    expect(fall.content).toMatch(/__England__ · 🤖 \d given by the computer player\n/);
    await h.bot!.outbox.idle();
    const dm = h.fake.dms('alice').find((m) => m.content.startsWith('🤖 You gave no orders for **England**'));
    expect(dm?.content).toContain('so the computer player gave them all:');
  });

  it('a member who claims back their vacated seat is back, not a substitute, with a fresh count of silent phases', async () => {
    await h.fake.slash('gm', 'return', 'game create', { variant: 'classic', movement: '1h', 'vacate-after': 2 });
    await h.fake.slash('carol', 'return', 'game join', { power: 'England' });
    await h.fake.slash('dave', 'return', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'return', 'game start');
    const deadline = async (label: string) => {
      await h.fake.slash('carol', 'return', 'order', { orders: 'F lon H; F edi H; A lvp H' });
      h.clock.offset += HOUR + 1000;
      await h.bot!.scheduler.poke();
      await waitForResults(h, 'return', label);
      await h.bot!.outbox.idle();
    };
    await deadline('Spring 1901 movement');
    await deadline('Fall 1901 movement');
    const call = await h.fake.waitForChannelMessage('return', (m) =>
      m.content.includes('Substitute wanted for Turkey'),
    );
    const back = await h.fake.click('dave', call, { label: 'Claim' });
    expect(back.text).toContain('You are back on **Turkey**');
    await h.fake.waitForChannelMessage('return', (m) => m.content === `🪑 <@${id('dave')}> is back on **Turkey**.`);
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('return').some((m) => m.content.includes('as a substitute'))).toBe(false);
    expect(h.fake.buttons(call).map((b) => [b.label, b.disabled])).toEqual([['Taken', true]]);
    // Its text says so too: it no longer asks anyone to press Claim.
    expect(h.fake.channelMessages('return').find((m) => m.id === call.id)?.content).toBe(
      '🪑 **Substitute wanted for Turkey**: the seat is taken.',
    );
    // One more silent phase: the count began again at the claim, so Turkey stays theirs.
    await deadline('Spring 1902 movement');
    expect(h.fake.channelMessages('return').filter((m) => m.content.includes('Substitute wanted'))).toHaveLength(1);
    const status = await h.fake.slash('carol', 'return', 'game status');
    expect(lineOf(status.text, 'Turkey')).toContain(`Turkey (<@${id('dave')}>)`);
  });
});
