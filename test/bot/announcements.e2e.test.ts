/**
 * Every game-master action is said once in the channel: through the real bot and the stand-in, each
 * action of a Classic game, of a card game and of a Warhammer game (a start that opens a start step, an advance out of
 * a step, and `/gm act` battle reports, refused and accepted), one after the other, counting the channel's new posts (the status or
 * table message, which is edited in place, and Discord's own "pinned a message" notices aside). The master's own
 * acknowledgement is private, unless it is the announcement (`/game create`). A refused action posts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeInteraction, type FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

describe('each game-master action is said once in the channel', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin', 'ann', 'ben', 'cid'],
      channels: ['diplo', 'cards', 'wh'],
    });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  /**
   * The posts a channel shows (not the status or table message, edited in place; not Discord's system notices; not
   * a card game's turn pings, which tell the player to act that it is their turn, docs/bot.md "Card game turns").
   */
  const turnPing = (m: FakeMessage) =>
    h.fake.pings(m).users.length > 0 && buttonsOf(m).some((b) => b.customId?.startsWith('cards:t:'));
  const posts = (channel: string): FakeMessage[] =>
    h.fake.channelMessages(channel).filter((m) => !m.pinned && (m.type ?? 0) === 0 && !turnPing(m));

  /** Runs an action and returns the master's reply and what the channel (and the card game's log thread) gained. */
  async function act(
    channel: string,
    action: () => Promise<FakeInteraction>,
  ): Promise<{ reply: FakeInteraction; said: string[]; logged: string[] }> {
    await h.bot!.outbox.idle();
    const thread = () => h.fake.state.threadsOf(h.fake.channel(channel).id)[0];
    const before = new Set(
      [...posts(channel), ...(thread() ? h.fake.channelMessages(thread()!.id) : [])].map((m) => m.id),
    );
    const reply = await action();
    await h.bot!.outbox.idle();
    const said = posts(channel)
      .filter((m) => !before.has(m.id))
      .map((m) => m.content);
    const logged = thread()
      ? h.fake
          .channelMessages(thread()!.id)
          .filter((m) => !before.has(m.id) && h.fake.pings(m).users.length === 0)
          .map((m) => m.content)
      : [];
    return { reply, said, logged };
  }

  const slash =
    (user: string, channel: string, command: string, options = {}) =>
    () =>
      h.fake.slash(user, channel, command, options);
  const confirmed = (user: string, channel: string, command: string) => () => slashConfirmed(h, user, channel, command);

  it('Classic: create, kick, transfer, start, pause, extend, resume, replace, advance, rollback and cancel', async () => {
    const created = await act('diplo', slash('gm', 'diplo', 'game create', { variant: 'classic', movement: '1h' }));
    // The creation's announcement is the master's public reply itself.
    expect(created.reply.ephemeral).toBe(false);
    expect(created.said).toEqual([created.reply.text]);
    expect(created.said[0]).toMatch(/^🆕 <@\d+> created a \*\*Classic Diplomacy\*\* game here/);
    for (const [user, power] of [
      ['alice', 'France'],
      ['bob', 'Germany'],
      ['carol', 'Italy'],
    ] as const)
      await h.fake.slash(user, 'diplo', 'game join', { power });

    const once = (r: { reply: FakeInteraction; said: string[] }, announcement: RegExp) => {
      expect(r.reply.ephemeral, r.reply.text).toBe(true);
      expect(r.said, r.said.join('\n---\n')).toHaveLength(1);
      expect(r.said[0]).toMatch(announcement);
    };
    once(
      await act('diplo', slash('gm', 'diplo', 'gm kick', { power: 'Italy' })),
      /^👢 The game master removed <@\d+> from \*\*Italy\*\*/,
    );
    once(
      await act('diplo', slash('gm', 'diplo', 'gm transfer', { user: 'erin' })),
      /^👑 <@\d+> is now the game master/,
    );
    once(
      await act('diplo', slash('erin', 'diplo', 'gm transfer', { user: 'gm' })),
      /^👑 <@\d+> is now the game master/,
    );

    const refused = await act('diplo', slash('alice', 'diplo', 'game start'));
    expect(refused.reply.text).toMatch(/⚠️ Only the game master/);
    expect(refused.said).toEqual([]);

    // The start used to be said twice (the master's public "🎲 The game starts with…" and the start post).
    const started = await act('diplo', slash('gm', 'diplo', 'game start'));
    once(started, /^🎲 \*\*Classic Diplomacy\*\* has started!/);
    expect(started.reply.text).toMatch(
      /^🎲 The game starts with 2 players\..* The start post with the map is going to the channel/,
    );

    once(await act('diplo', slash('gm', 'diplo', 'gm pause')), /^⏸️ The game master paused the game/);
    once(
      await act('diplo', slash('gm', 'diplo', 'gm extend', { duration: '1h' })),
      /^⏱️ The game master added 1h to the paused clock/,
    );
    once(await act('diplo', slash('gm', 'diplo', 'gm resume')), /^▶️ The game master resumed the game/);
    once(
      await act('diplo', slash('gm', 'diplo', 'gm extend', { duration: '2h' })),
      /^⏱️ The game master extended the deadline by 2h/,
    );
    once(
      await act('diplo', slash('gm', 'diplo', 'gm replace', { power: 'Italy', user: 'dave' })),
      /^🔁 Italy is now played by <@\d+>\.$/,
    );

    // Advance: said once, then the results it causes (not a second announcement).
    const advanced = await act('diplo', confirmed('gm', 'diplo', 'gm advance'));
    expect(advanced.reply.ephemeral).toBe(true);
    expect(advanced.said).toHaveLength(3);
    expect(advanced.said[0]).toBe(
      '⏩ The game master resolved **Spring 1901 movement** before its deadline; the results follow.',
    );
    expect(advanced.said[1]).toMatch(/^\*\*Spring 1901 movement: results\*\*/);
    expect(advanced.said[2]).toBe('**The board after the results above**');

    once(
      await act('diplo', confirmed('gm', 'diplo', 'gm rollback')),
      /^⏪ The game master rolled the game back to \*\*Spring 1901 movement\*\*/,
    );
    once(
      await act('diplo', confirmed('gm', 'diplo', 'gm cancel')),
      /^🛑 <@\d+> \(the game master\) cancelled this game/,
    );
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('card game: create, kick, start, pause, extend, resume, replace, transfer, skip, rollback, kick and cancel', async () => {
    const created = await act(
      'cards',
      slash('ann', 'cards', 'game create', { variant: 'warring-states-cards', seats: 2 }),
    );
    expect(created.reply.ephemeral).toBe(false);
    expect(created.said).toEqual([created.reply.text]);
    for (const user of ['ann', 'ben']) await h.fake.slash(user, 'cards', 'game join');
    // A kick in the lobby (by the player: no dynasty chosen yet) frees the seat; ben joins again.
    const lobbyKick = await act('cards', slash('ann', 'cards', 'gm kick', { power: `<@${h.fake.user('ben').id}>` }));
    expect(lobbyKick.reply.ephemeral, lobbyKick.reply.text).toBe(true);
    expect(lobbyKick.reply.text).toMatch(/^👢 Removed <@\d+>; the seat is free again\./);
    expect(lobbyKick.said).toEqual([
      `👢 The game master removed <@${h.fake.user('ben').id}> from the table; the seat is free again.`,
    ]);
    await h.fake.slash('ben', 'cards', 'game join');

    // `/game start` used to add a public "🎲 The card game starts…" to what the Start button says: the
    // table (edited in place) and the first line of the log thread.
    const started = await act('cards', slash('ann', 'cards', 'game start'));
    expect(started.reply.ephemeral, started.reply.text).toBe(true);
    expect(started.said).toEqual([]);
    expect(started.logged).toHaveLength(1);
    expect(started.logged[0]).toMatch(/The game starts: /);

    const once = (r: { reply: FakeInteraction; said: string[]; logged: string[] }, announcement: RegExp) => {
      expect(r.reply.ephemeral, r.reply.text).toBe(true);
      expect(r.said, r.said.join('\n---\n')).toHaveLength(1);
      expect(r.said[0]).toMatch(announcement);
      expect(r.logged).toEqual([]);
    };
    once(await act('cards', slash('ann', 'cards', 'gm pause')), /^The game master paused the game/);
    once(
      await act('cards', slash('ann', 'cards', 'gm extend', { duration: '1h' })),
      /^The game master extended the turn by 1h/,
    );
    once(await act('cards', slash('ann', 'cards', 'gm resume')), /^The game master resumed the game/);
    const benSeat = h.database.sqlite
      .prepare('select dynasty from card_seats where user_id = ?')
      .get(h.fake.user('ben').id) as { dynasty: string };
    // `power:` offers the dynasties at this 2-seat table, not all five
    const seated = (
      h.database.sqlite.prepare('select dynasty from card_seats order by seat').all() as { dynasty: string }[]
    ).map((x) => x.dynasty);
    expect(seated).toHaveLength(2);
    expect(
      (await h.fake.autocomplete('ann', 'cards', 'gm kick', { power: '' }, 'power')).map((c) => c.value).sort(),
    ).toEqual([...seated].sort());
    once(
      await act('cards', slash('ann', 'cards', 'gm replace', { power: benSeat.dynasty, user: 'cid' })),
      /^The game master handed .+ to <@\d+>\.$/,
    );
    once(
      await act('cards', slash('ann', 'cards', 'gm transfer', { user: 'erin' })),
      /^👑 <@\d+> is now the game master/,
    );
    once(
      await act('cards', slash('erin', 'cards', 'gm transfer', { user: 'ann' })),
      /^👑 <@\d+> is now the game master/,
    );

    // A skip applies the default action of each seat to act: said where every action is, once per seat, in the
    // log thread (the give: both seats).
    const skipped = await act('cards', confirmed('ann', 'cards', 'gm advance'));
    expect(skipped.reply.ephemeral).toBe(true);
    expect(skipped.reply.finalText).toMatch(/^⏩ Skipped: the default action was applied/);
    expect(skipped.said).toEqual([]);
    expect(skipped.logged).toHaveLength(2);
    for (const line of skipped.logged) expect(line).toMatch(/skipped by the game master/);
    // Past the give and the choice, into the battle, and one turn of it: something to roll back.
    await act('cards', confirmed('ann', 'cards', 'gm advance'));
    // Nothing played yet in the battle: refused at once, never asked first and refused after the confirmation.
    const early = await h.fake.slash('ann', 'cards', 'gm rollback');
    expect(early.text).toMatch(/^⚠️ Nothing to roll back/);
    expect(h.fake.buttons(early)).toEqual([]);
    await act('cards', confirmed('ann', 'cards', 'gm advance'));
    expect((await h.fake.slash('ann', 'cards', 'gm rollback')).text).toMatch(/^⏪ Go back to the start of round 1\?/);

    const rolled = await act('cards', confirmed('ann', 'cards', 'gm rollback'));
    expect(rolled.reply.ephemeral).toBe(true);
    expect(rolled.said, rolled.said.join('\n---\n')).toHaveLength(1);
    expect(rolled.said[0]).toMatch(/^The game master rolled the game back to the start of round \d/);
    // The log thread records the rollback among the actions it undoes (a record, not a second announcement).
    expect(rolled.logged).toHaveLength(1);

    // A kick during play: the seat stays at the table with nobody holding it; its turns play at once with the
    // defaults (the log thread says so for each), and the channel is told once.
    const kicked = await act('cards', slash('ann', 'cards', 'gm kick', { power: benSeat.dynasty }));
    expect(kicked.reply.ephemeral, kicked.reply.text).toBe(true);
    expect(kicked.reply.text).toMatch(
      /^👢 Removed <@\d+> from \*\*.+\*\*; its turns now play at once with the defaults/,
    );
    expect(kicked.said, kicked.said.join('\n---\n')).toHaveLength(1);
    expect(kicked.said[0]).toMatch(
      /^👢 The game master removed <@\d+> from .+\. Nobody holds the seat now: its turns play at once with the defaults/,
    );
    for (const line of kicked.logged) expect(line).toMatch(/nobody holds the seat: default/);
    expect(
      h.database.sqlite.prepare('select count(*) as n from card_seats where user_id = ?').get(h.fake.user('cid').id),
    ).toEqual({ n: 0 });

    const cancelled = await act('cards', confirmed('ann', 'cards', 'gm cancel'));
    expect(cancelled.reply.ephemeral).toBe(true);
    expect(cancelled.said).toHaveLength(1);
    expect(cancelled.said[0]).toMatch(/^🛑 <@\d+> \(the game master\) cancelled this game/);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('Warhammer: a start with a Dogs of War seat (a start step), an advance into the battles, and /gm act battle reports', async () => {
    const created = await act(
      'wh',
      slash('gm', 'wh', 'game create', {
        variant: 'warhammer',
        options: 'decisiveBattles=gm',
        movement: '1h',
        retreat: '1h',
        adjustment: '1h',
      }),
    );
    expect(created.reply.ephemeral).toBe(false);
    expect(created.said).toEqual([created.reply.text]);
    for (const [user, power] of [
      ['alice', 'Bretonnia'],
      ['bob', 'Empire'],
      ['carol', 'Tilea'],
    ] as const)
      await h.fake.slash(user, 'wh', 'game join', { power });
    const once = (r: { reply: FakeInteraction; said: string[] }, announcement: RegExp) => {
      expect(r.reply.ephemeral, r.reply.finalText).toBe(true);
      expect(r.said, r.said.join('\n---\n')).toHaveLength(1);
      expect(r.said[0]).toMatch(announcement);
    };

    // The start opens the Dogs of War's start step: the start post says both (one post), the master's reply is private.
    const started = await act('wh', slash('gm', 'wh', 'game start'));
    once(started, /^🎲 \*\*Warhammer Diplomacy \(fm05\)\*\* has started!\n/);
    expect(started.said[0]).toContain('Tilea: <@');
    expect(started.said[0]).toContain('🐕 First the Dogs of War choose their city and unit (`/act action:muster`)');
    expect(started.reply.finalText).toMatch(
      /^🎲 The game starts with 3 players\..* The start post with the map is going to the channel/,
    );

    await h.fake.slash('carol', 'wh', 'act', { action: 'muster', choice: 'mira', detail: 'army' });
    await h.fake.slash('alice', 'wh', 'order', { orders: 'A cour - wast' });
    await h.fake.slash('bob', 'wh', 'order', { orders: 'A altd - wast' });
    for (const user of ['alice', 'bob', 'carol']) await h.fake.slash(user, 'wh', 'ready');
    await h.fake.waitForChannelMessage(
      'wh',
      (m) => m.content.startsWith('**Spring 2500 movement: provisional results**'),
      20_000,
    );
    await h.fake.slash('alice', 'wh', 'act', { action: 'declare', choice: 'move A cour' });

    // `/gm act` before its step: refused, nothing said.
    const early = await act(
      'wh',
      slash('gm', 'wh', 'gm act', { action: 'battle', choice: 'wast', detail: 'Bretonnia' }),
    );
    expect(early.reply.finalText).toMatch(/^⚠️ The players are still declaring/);
    expect(early.said).toEqual([]);

    // Advance out of the declarations: said once, then the battles post it causes.
    const advanced = await act('wh', confirmed('gm', 'wh', 'gm advance'));
    expect(advanced.reply.ephemeral).toBe(true);
    expect(advanced.said, advanced.said.join('\n---\n')).toHaveLength(2);
    expect(advanced.said[0]).toBe(
      '⏩ The game master closed the decisive battle declarations of **Spring 2500 movement** before its deadline; the battles follow.',
    );
    expect(advanced.said[1]).toMatch(/^⚔️ \*\*Spring 2500 movement: decisive battles\*\* \(1\)/);

    // A refused report says nothing.
    const wrong = await act('wh', slash('gm', 'wh', 'gm act', { action: 'battle', choice: 'wast', detail: 'Kislev' }));
    expect(wrong.reply.ephemeral).toBe(true);
    expect(wrong.reply.finalText).toMatch(/^⚠️ "Kislev" is not a side of the battle/);
    expect(wrong.said).toEqual([]);

    // The report that closes the step: said once by the outcomes post, then the results it causes.
    const reported = await act(
      'wh',
      slash('gm', 'wh', 'gm act', { action: 'battle', choice: 'wast', detail: 'Bretonnia' }),
    );
    expect(reported.reply.ephemeral).toBe(true);
    expect(reported.reply.finalText).toBe(
      '⚔️ Recorded: **Bretonnia** won the battle in The Wasteland (wast). Every battle is reported: the final results are being posted.',
    );
    expect(reported.said, reported.said.join('\n---\n')).toHaveLength(3);
    expect(reported.said[0]).toBe(
      '⚔️ **Spring 2500 movement: battle outcomes**\n• The Wasteland (wast): **Bretonnia** (A cour) won.\nThe final results follow.',
    );
    expect(reported.said[1]).toMatch(/^\*\*Spring 2500 movement: results\*\*/);
    expect(reported.said[2]).toBe('**The board after the results above**');

    const again = await act('wh', slash('gm', 'wh', 'gm act', { action: 'battle', choice: 'wast', detail: 'Empire' }));
    expect(again.reply.finalText).toBe('⚠️ There are no decisive battles waiting for a report.');
    expect(again.said).toEqual([]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
