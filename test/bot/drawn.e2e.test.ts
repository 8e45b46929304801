/**
 * A gunboat game's lobby through the bot (docs/decisions.md "Hidden identities"): `/game join` takes a place, its
 * reply, `/game status`, `/game leave` and the join's autocomplete name no power, a `power:` choice is refused with the
 * reason, `/spectate` waits for the start, and the start DMs tell each member the power the start drew. An open game's
 * members still choose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from './harness.js';
import { players } from '../../src/store/schema.js';
import { gameIdOfChannel } from '../support/table-columns.js';

const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];
const MEMBERS = ['alice', 'bob', 'carol'];
/** The power names a text holds. */
const powersIn = (text: string) => POWERS.filter((p) => text.includes(p));

describe('the lobby of a game that hides who plays whom', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'dave', ...MEMBERS], channels: ['hidden', 'open'] });
    await h.start();
  });
  afterAll(async () => await h.close());

  it('joins without a power, names none before the start, and the start DMs tell the drawn ones', async () => {
    const created = await h.fake.slash('gm', 'hidden', 'game create', { variant: 'classic', press: 'gunboat' });
    expect(created.text).toContain('without choosing a power: the powers are drawn at random when you start');
    const replies: string[] = [];
    for (const m of MEMBERS) {
      expect(await h.fake.autocomplete(m, 'hidden', 'game join', { power: '' }, 'power')).toEqual([]);
      const joined = await h.fake.slash(m, 'hidden', 'game join');
      expect(joined.ephemeral).toBe(true);
      expect(joined.text).toContain('You joined the game. The powers are drawn at random when it starts');
      replies.push(joined.text, (await h.fake.slash(m, 'hidden', 'game status')).text);
    }
    const chosen = await h.fake.slash('bob', 'hidden', 'game join', { power: 'France' });
    expect(chosen.text).toContain('the powers are drawn at random when it starts: join without choosing one');
    replies.push((await h.fake.slash('alice', 'hidden', 'game join')).text);
    const left = await h.fake.slash('carol', 'hidden', 'game leave');
    expect(left.text).toBe('👋 You left the game; your place is free again.');
    replies.push(left.text, (await h.fake.slash('carol', 'hidden', 'game join')).text);
    // Nor may a non-member probe which powers are taken by asking to watch them: nothing to watch before the draw.
    for (const power of ['France', 'Turkey']) {
      const watch = await h.fake.slash('dave', 'hidden', 'spectate', { power });
      expect(watch.text).toMatch(/^⚠️ This game hides who plays whom and draws its powers when it starts: ask/);
    }
    expect(await h.fake.autocomplete('dave', 'hidden', 'spectate', { power: '' }, 'power')).toEqual([]);
    expect(replies.filter((r) => powersIn(r).length > 0)).toEqual([]);
    await h.fake.slash('gm', 'hidden', 'game start');
    await h.bot!.outbox.idle();
    const gameId = await gameIdOfChannel(h.store, h.fake.channel('hidden').id);
    const seated = await h.store.db.select().from(players).where(eq(players.gameId, gameId));
    for (const m of MEMBERS) {
      const power = seated.find((p) => p.userId === h.fake.user(m).id)!.power;
      const dm = await h.fake.waitForDm(m, (d) => d.content.includes('You play'));
      expect(dm.content).toContain(`You play **${power}**`);
    }
    expect(new Set(seated.map((p) => p.power)).size).toBe(MEMBERS.length);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('an open game still lets a member choose, the autocomplete listing the free powers', async () => {
    await h.fake.slash('gm', 'open', 'game create', { variant: 'classic' });
    const choices = await h.fake.autocomplete('alice', 'open', 'game join', { power: '' }, 'power');
    expect(choices.map((c) => c.value)).toEqual(POWERS);
    const joined = await h.fake.slash('alice', 'open', 'game join', { power: 'France' });
    expect(joined.text).toContain('joined the game as **France**');
    const status = await h.fake.slash('bob', 'open', 'game status');
    expect(status.text).toContain('Free powers: Austria, England, Germany, Italy, Russia, Turkey');
  });
});
