/**
 * Seats and the end of a game through the bot and the Discord stand-in, as players meet them (docs/bot.md "Seats that
 * never stall", "The end of a game"): a computer seat never blocks a concession or a draw the people agree on; the
 * final post names every power's players in order (a member who left and the substitute who claimed the seat), with
 * centres, results, rating changes and the final board, and every one of them gets the game-over DM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, partsOfPost, slashConfirmed, type Harness } from './harness.js';

describe('seats and the end of a game', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;
  const gameOver = (channel: string) =>
    h.fake.waitForChannelMessage(channel, (m) => m.content.startsWith('🏁 **Game over**'), 20_000);

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin', 'frank'],
      channels: ['concede', 'draw'],
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
});
