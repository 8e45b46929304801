/**
 * Tried as a hostile member would: each flood is contained by its limit, and the
 * other game in the server goes on unaffected. Assertions are on orders and counts, never on timings.
 * This harness keeps the real per-user budgets and a 15 s quiet period for order confirmations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/game/core/index.js';
import { PLAIN_MEMBER, SERVER_MANAGER, textOf } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const budgets = DEFAULT_LIMITS.budgets;

describe('abuse: floods are contained and the other game is unaffected', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      {
        users: ['gm', 'gm2', 'gm3', 'alice', 'bob', 'carol', 'dave', 'mallory', 'erin', 'frank'],
        channels: ['alpha', 'beta', 'lobby', 'spare', 'spare2', 'spare3'],
      },
      { limits: { confirmationQuietMs: 15_000, phasesPerHour: 2 } },
    );
    await h.start();
    for (const [gm, channel, players] of [
      [
        'gm',
        'alpha',
        [
          ['alice', 'France'],
          ['bob', 'Germany'],
        ],
      ],
      [
        'gm2',
        'beta',
        [
          ['carol', 'England'],
          ['dave', 'Russia'],
          ['frank', 'Turkey'],
        ],
      ],
    ] as const) {
      expect(
        (
          await h.fake.slash(gm, channel, 'game create', {
            variant: 'classic',
            movement: '1h',
            retreat: '1h',
            adjustment: '1h',
          })
        ).text,
      ).toContain('created');
      for (const [user, power] of players) await h.fake.slash(user, channel, 'game join', { power });
      await h.fake.slash(gm, channel, 'game start');
    }
    await h.fake.slash('gm3', 'lobby', 'game create', { variant: 'classic' });
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses tiny phases, a second forming game and a create storm, creating nothing', async () => {
    const tiny = await h.fake.slash('mallory', 'spare', 'game create', { variant: 'classic', movement: '0.001s' });
    expect(tiny.ephemeral).toBe(true);
    expect(tiny.text).toMatch(/movement phase cannot be shorter than 1m/);
    const ok = await h.fake.slash('mallory', 'spare', 'game create', {
      variant: 'classic',
      movement: '1m',
      retreat: '1m',
      adjustment: '1m',
    });
    expect(ok.text).toContain('created');
    const storm = [];
    for (let i = 0; i < 5; i++)
      storm.push(await h.fake.slash('mallory', 'spare2', 'game create', { variant: 'classic' }));
    // The create budget (2 per 10 min) was spent by the two calls above: every further call waits.
    for (const r of storm) expect(r.text).toMatch(/⚠️ You are going too fast: try again in [\dhms ]+\./);
    const spare2 = h.fake.channelMessages('spare2');
    expect(spare2).toEqual([]);
  });

  it('contains a join/leave flood to its budget: at most 4 public posts, and other members still join', async () => {
    await h.bot!.outbox.idle();
    const before = h.fake.channelMessages('lobby').filter((m) => /joined|left/.test(m.content)).length;
    const replies = [];
    for (let i = 0; i < 20; i++)
      replies.push(await h.fake.slash('mallory', 'lobby', i % 2 === 0 ? 'game join' : 'game leave'));
    const refused = replies.filter((r) => /try again in \d+ s/.test(r.text));
    expect(replies.length - refused.length).toBe(budgets.lobby.uses);
    expect(refused.every((r) => r.ephemeral)).toBe(true);
    const erin = await h.fake.slash('erin', 'lobby', 'game join', { power: 'Italy' });
    expect(erin.text).toContain('joined the game as **Italy**');
    const posts = h.fake.channelMessages('lobby').filter((m) => /joined|left/.test(m.content)).length - before;
    expect(posts).toBe(budgets.lobby.uses + 1);
  });

  it('bounds /order input before parsing: too many characters or orders get a clear error and store nothing', async () => {
    const long = await h.fake.slash('alice', 'alpha', 'order', { orders: 'A par - bur; '.repeat(400) });
    expect(long.text).toMatch(/too long: \d+ characters, at most 4000/);
    const many = await h.fake.slash('alice', 'alpha', 'order', {
      orders: Array.from({ length: 61 }, () => 'A par H').join('; '),
    });
    expect(many.text).toMatch(/too many orders at once: at most 60/);
    const mine = await h.fake.slash('alice', 'alpha', 'orders show');
    expect(mine.text).toContain('(no orders)');
  });

  it('contains an /order flood: its budget, then "try again"; one confirmation DM with the final orders; the other game is answered', async () => {
    await h.fake.waitForDm('bob', (m) => m.content.includes('You play **Germany**'));
    const dmsBefore = h.fake.dms('bob').length;
    const replies = [];
    for (let i = 0; i < 20; i++) {
      replies.push(
        await h.fake.slash('bob', 'alpha', 'order', { orders: i % 2 === 0 ? 'A mun - ruh' : 'A mun - bur' }),
      );
    }
    const stored = replies.filter((r) => r.text.includes('✅'));
    expect(stored).toHaveLength(budgets.order.uses);
    expect(
      replies.slice(budgets.order.uses).every((r) => /You are going too fast: try again in \d+ s/.test(r.text)),
    ).toBe(true);
    // The other game's player is answered at once and their game goes on.
    const carol = await h.fake.slash('carol', 'beta', 'order', { orders: 'F lon - nth' });
    expect(carol.text).toContain('✅ Stored: `F lon - nth`');
    // Confirmations wait for a quiet period, then one DM per player carries the final order set.
    await h.bot!.outbox.idle();
    expect(h.fake.dms('bob')).toHaveLength(dmsBefore);
    h.clock.offset += 60_000;
    h.bot!.outbox.kick();
    await h.fake.waitForDm('carol', (m) => m.content.includes('F lon - nth'));
    await h.fake.waitForDm('bob', (m) => m.content.includes('Your orders for Germany'));
    await h.bot!.outbox.idle();
    const bobDms = h.fake.dms('bob').slice(dmsBefore);
    expect(bobDms).toHaveLength(1);
    expect(bobDms[0]!.content).toContain(budgets.order.uses % 2 === 0 ? '`A mun - bur`' : '`A mun - ruh`');
  });

  it('contains a /map storm from an outsider: three maps, then "try again"; a player of the other game still gets theirs', async () => {
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await h.fake.slash('mallory', 'alpha', 'map'));
    const drawn = replies.filter((r) => r.attachments.length === 1);
    expect(drawn).toHaveLength(budgets.map.uses);
    expect(replies.filter((r) => /try again in \d+ s/.test(r.text))).toHaveLength(8 - budgets.map.uses);
    const dave = await h.fake.slash('dave', 'beta', 'map');
    expect(dave.attachments).toHaveLength(1);
  });

  it('caps the phases one game resolves early per hour, while the other game resolves at once', async () => {
    const readyAll = async () => {
      await h.fake.slash('alice', 'alpha', 'ready');
      return h.fake.slash('bob', 'alpha', 'ready');
    };
    const first = await readyAll();
    expect(first.text).toMatch(/Everyone is: Spring 1901 movement resolved/);
    await waitForResults(h, 'alpha', 'Spring 1901 movement');
    const second = await readyAll();
    expect(second.text).toMatch(/Everyone is: Fall 1901 movement/);
    await waitForResults(h, 'alpha', 'Fall 1901 movement');
    const third = await readyAll();
    expect(third.text).toMatch(
      /already resolved \d+ phases in the last hour, the most one game may, so the phase resolves at its deadline/,
    );
    const advance = await slashConfirmed(h, 'gm', 'alpha', 'gm advance');
    expect(advance.text).toMatch(
      /resolved \d+ phases in the last hour, the most one game may; the phase keeps its deadline, or try again in/,
    );
    // The other game is not touched by alpha's cap.
    const beta = await slashConfirmed(h, 'gm2', 'beta', 'gm advance');
    expect(beta.text).toContain('Resolved Spring 1901 movement');
    const results = await waitForResults(h, 'beta', 'Spring 1901 movement');
    expect(textOf(results)).toContain('F lon - nth');
    expect(h.fake.channelMessages('alpha').filter((m) => m.content.startsWith('**Spring 1902'))).toEqual([]);
  });

  it('keeps draw votes and concessions secret, lets a concession be withdrawn, and asks which power when none is given', async () => {
    const draw = await h.fake.slash('carol', 'beta', 'draw');
    expect(draw.text).toMatch(/England votes for a draw\. Votes are secret/);
    const asked = await h.fake.slash('dave', 'beta', 'concede');
    expect(asked.ephemeral).toBe(true);
    expect(asked.text).toContain('Russia has not conceded');
    expect(asked.text).not.toMatch(/England/); // nothing about carol's vote
    const picked = await h.fake.select('dave', asked, 'concede:pick', ['England']);
    expect(picked.text).toMatch(/Concede the game to \*\*England\*\*, as Russia\?/);
    const confirm = h.fake.buttons(asked).find((b) => b.label === 'Concede to England')!;
    const conceded = await h.fake.click('dave', asked, confirm.customId!);
    expect(conceded.text).toMatch(/Russia concedes to England\. It stays secret/);
    const again = await h.fake.slash('dave', 'beta', 'concede');
    expect(again.text).toContain('Russia has conceded to **England**');
    const withdrawn = await h.fake.click('dave', again, { label: 'Withdraw my concession to England' });
    expect(withdrawn.text).toBe('↩️ Russia withdrew its concession to England.');
    // Nothing public, no status line, says who voted or conceded.
    await h.bot!.outbox.idle();
    const publicText = h.fake
      .publicDeliveries()
      .map((d) => d.content)
      .join('\n');
    expect(publicText).not.toMatch(/votes draw|concede/i);
  });

  it('clears the orders of a power that changes hands and tells its previous holder; a GM cannot take a second power', async () => {
    await h.fake.slash('gm', 'alpha', 'game status'); // gm holds no power in alpha
    const give = await h.fake.slash('gm', 'alpha', 'gm replace', { power: 'Germany', user: 'gm' });
    expect(give.text).toMatch(/now plays \*\*Germany\*\*, replacing <@\d+>, who is told by DM\./);
    const shown = await h.fake.slash('gm', 'alpha', 'orders show');
    expect(shown.text).toContain('(no orders)');
    await h.fake.waitForDm('bob', (m) => m.content.includes('you no longer play it'));
    const second = await h.fake.slash('gm', 'alpha', 'gm replace', { power: 'Italy', user: 'gm' });
    expect(second.text).toMatch(/You already play Germany in this game; a game master cannot take a second power/);
  });

  it('lets anyone with Manage Server cancel a game, and nobody else but its game master', async () => {
    h.fake.setPermissions('mallory', PLAIN_MEMBER);
    h.fake.setPermissions('carol', SERVER_MANAGER);
    const refused = await h.fake.slash('mallory', 'lobby', 'gm cancel');
    expect(refused.text).toMatch(/Only the game master, or a member with Manage Server/);
    const byAdmin = await slashConfirmed(h, 'carol', 'lobby', 'gm cancel');
    expect(byAdmin.text).toBe('🛑 The game is cancelled. The channel has been told.');
    await h.fake.waitForChannelMessage('lobby', (m) => m.content.includes('(a server manager) cancelled this game'));
    const recreate = await h.fake.slash('gm', 'lobby', 'game create', { variant: 'classic' });
    expect(recreate.text).toContain('created');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('allows one forming game per member per server and caps live games; a server manager sets the limits', async () => {
    expect((await h.fake.slash('erin', 'spare2', 'game create', { variant: 'classic' })).text).toContain('created');
    const second = await h.fake.slash('erin', 'spare3', 'game create', { variant: 'classic' });
    expect(second.text).toContain(`You already have a game forming in <#${h.fake.channel('spare2').id}>`);

    const byMember = await h.fake.slash('mallory', 'alpha', 'server limits', { live_games: 1 });
    expect(byMember.text).toMatch(/Only members with the Manage Server permission/);
    // alpha, beta, spare, lobby and spare2 are live.
    const set = await h.fake.slash('carol', 'alpha', 'server limits', { live_games: 5, min_phase: '10m' });
    expect(set.ephemeral).toBe(true);
    expect(set.text).toMatch(/Shortest phase: 10m\nLive games: 5 of at most 5/);
    const capped = await h.fake.slash('gm2', 'spare3', 'game create', { variant: 'classic' });
    expect(capped.text).toMatch(/This server already has 5 live games, its limit/);
    await h.fake.slash('carol', 'alpha', 'server limits', { live_games: 10 });
    // refused in the member's language, nothing changed
    h.fake.setLocale('carol', 'fr');
    const tooLong = await h.fake.slash('carol', 'alpha', 'server limits', { min_phase: '2d' });
    expect(tooLong.text).toContain('La phase la plus courte peut durer au plus 1 jour.');
    h.fake.setLocale('carol', 'en-US');
    const short = await h.fake.slash('gm3', 'spare3', 'game create', { variant: 'classic', movement: '5m' });
    expect(short.text).toMatch(/movement phase cannot be shorter than 10m in this server/);
    expect(h.fake.channelMessages('spare3')).toEqual([]);
  });
});
