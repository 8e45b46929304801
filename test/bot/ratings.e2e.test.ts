/**
 * Scoring and ratings through the bot and the Discord stand-in (docs/bot.md "Scoring", "Ratings"):
 * `/game create scoring:sum-of-squares`, a draw whose final post carries the scores, a second game won by a
 * concession, then `/server leaderboard` (overall, by kind, a kind nobody is rated in) and `/server player` showing
 * the ratings, every answer private.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

describe('scores in the final post, ratings on the leaderboard', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;
  const gameOver = (channel: string) =>
    h.fake.waitForChannelMessage(channel, (m) => m.content.startsWith('🏁 **Game over**'));

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main', 'second'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('/game create scoring:sum-of-squares says how the game is scored; a draw posts the scores', async () => {
    const created = await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', scoring: 'sum-of-squares' });
    expect(created.text).toContain('📊 Scoring: sum-of-squares.');
    await h.fake.slash('alice', 'main', 'game join', { power: 'England' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'France' });
    await h.fake.slash('carol', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    for (const user of ['alice', 'bob', 'carol']) await h.fake.slash(user, 'main', 'draw');
    const over = await gameOver('main');
    // Every survivor is in the draw (the four powers in civil disorder too), on the starting board: Russia 4 centres,
    // the others 3. Σc² = 16 + 6 × 9 = 70: Russia 100 × 16/70 = 22.86, each other 100 × 9/70 = 12.86.
    expect(over.content).toContain(
      '\n📊 Scores (sum-of-squares): Russia 22.86, Austria 12.86, England 12.86, France 12.86, Germany 12.86, Italy 12.86, Turkey 12.86',
    );
  });

  it('a second game, conceded to England, posts its draw-size scores (the winner 100)', async () => {
    const created = await h.fake.slash('gm', 'second', 'game create', { variant: 'classic', 'rate-computers': true });
    expect(created.text).toContain('📊 Scoring: draw-size; computer players count as opponents in the ratings.');
    await h.fake.slash('alice', 'second', 'game join', { power: 'England' });
    await h.fake.slash('bob', 'second', 'game join', { power: 'France' });
    await h.fake.slash('carol', 'second', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'second', 'game start');
    for (const user of ['bob', 'carol']) await slashConfirmed(h, user, 'second', 'concede', { to: 'England' });
    const over = await gameOver('second');
    // The solo of the power conceded to; the others by place: Russia (4 centres), then the 3-centre powers tied.
    expect(over.content).toContain(
      '📊 Scores (draw-size): England 100, Russia 0, Austria 0, France 0, Germany 0, Italy 0, Turkey 0',
    );
  });

  it('/server leaderboard lists the rated members privately, best first, overall by default and by kind', async () => {
    const overall = await h.fake.slash('bob', 'main', 'server leaderboard');
    expect(overall.ephemeral).toBe(true);
    const lines = overall.text.split('\n');
    expect(lines[0]).toBe('**Leaderboard of this server: every game** (top 3 of 3 rated)');
    // Alice won the second game; Bob and Carol tied in both, so they share place #2 ("2." would start a Discord list,
    // which numbers its lines itself: the tie would read 2 and 3).
    expect(lines[1]).toMatch(new RegExp(`^#1 · <@${id('alice')}> — \\*\\*\\d+\\.\\d\\d\\*\\* \\(2 games\\)$`));
    expect(lines.slice(2, 4).sort()).toEqual(
      [id('bob'), id('carol')].map((u) =>
        expect.stringMatching(new RegExp(`^#2 · <@${u}> — \\*\\*[\\d.-]+\\*\\* \\(2 games\\)$`)),
      ),
    );
    const diplomacy = await h.fake.slash('bob', 'main', 'server leaderboard', { kind: 'diplomacy' });
    expect(diplomacy.text.split('\n')[0]).toBe('**Leaderboard of this server: Diplomacy** (top 3 of 3 rated)');
    expect(diplomacy.text.split('\n').slice(1, 4)).toEqual(lines.slice(1, 4));
    const cards = await h.fake.slash('bob', 'main', 'server leaderboard', { kind: 'cards' });
    expect(cards.ephemeral).toBe(true);
    expect(cards.text).toMatch(/^Nobody is rated in .+ on this server yet/);
    // Nobody is pinged by a leaderboard.
    expect(h.fake.interactions().filter((i) => i.command === 'server leaderboard' && !i.ephemeral)).toEqual([]);
  });

  it('/server player shows the member’s ratings with their place', async () => {
    const alice = await h.fake.slash('carol', 'main', 'server player', { user: 'alice' });
    expect(alice.ephemeral).toBe(true);
    expect(alice.text).toMatch(
      /\nRatings: Diplomacy \*\*\d+\.\d\d\*\* \(#1, 2 games\) · every game \*\*\d+\.\d\d\*\* \(#1, 2 games\)$/,
    );
    const gm = await h.fake.slash('gm', 'main', 'server player');
    expect(gm.text).toContain('Ratings: none yet');
  });

  it('a French member reads the ratings with a decimal comma (docs/locales.md "Numbers")', async () => {
    h.fake.setLocale('carol', 'fr');
    try {
      const board = await h.fake.slash('carol', 'main', 'server leaderboard');
      expect(board.text.split('\n')[1]).toMatch(new RegExp(`^#1 · <@${id('alice')}> — \\*\\*\\d+,\\d\\d\\*\\* `));
      const alice = await h.fake.slash('carol', 'main', 'server player', { user: 'alice' });
      expect(alice.text).toMatch(/\*\*\d+,\d\d\*\*/);
      expect(alice.text).not.toMatch(/\d\.\d/);
    } finally {
      h.fake.setLocale('carol', 'en-US');
    }
  });
});
