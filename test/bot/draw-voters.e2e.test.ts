/**
 * Who votes on a draw in a game that hides who plays whom (docs/table.md "Pauses that cannot freeze a game", a draw
 * alike): `/draw` and the scheduler's sweep count the voters by one rule (`seatsWithVote`): a seat claimed since the
 * last mark of the clock votes at once, so no sweep ends the game without the new holder's vote; a seat left since
 * the mark still needs its vote until the mark, so no `/draw` ends the game, telling the leave, before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/marks.js';
import { gameOfChannel } from '../support/table-columns.js';
import { createHarness, joinSeats, slashConfirmed, type Harness } from './harness.js';

describe('draw voters in a gunboat game: one rule for /draw and the sweep', () => {
  let h: Harness;
  const status = async (channel: string) => (await gameOfChannel(h.store, h.fake.channel(channel).id)).status;
  const toNextMark = async () => {
    await h.bot!.outbox.idle();
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  };
  const sweep = async () => {
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
  };
  const start = async (channel: string) => {
    await h.fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '20d', press: 'gunboat' });
    await joinSeats(h, channel, { alice: 'England', bob: 'France', carol: 'Germany' });
    await h.fake.slash('gm', channel, 'game start');
    await toNextMark();
  };

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol', 'dave'], channels: ['claim', 'leave', 'pause'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a seat claimed since the mark needs its new holder’s vote: the sweep does not end the game without it', async () => {
    await start('claim');
    await slashConfirmed(h, 'carol', 'claim', 'game leave');
    await toNextMark();
    const call = await h.fake.waitForChannelMessage('claim', (m) =>
      m.content.includes('Substitute wanted for Germany'),
    );
    await h.fake.click('dave', call, { label: 'Claim' });
    await h.bot!.outbox.idle();
    await h.fake.slash('alice', 'claim', 'draw');
    await h.fake.slash('bob', 'claim', 'draw');
    await sweep();
    expect(await status('claim')).toBe('active');
    await toNextMark();
    await sweep();
    expect(await status('claim')).toBe('active');
    expect((await h.fake.slash('dave', 'claim', 'draw')).text).toMatch(/Your vote made it unanimous/);
    expect(await status('claim')).toBe('finished');
  });

  it('a pause vote counts alike: a seat claimed since the mark needs its new holder’s vote', async () => {
    await start('pause');
    await slashConfirmed(h, 'carol', 'pause', 'game leave');
    await toNextMark();
    const call = await h.fake.waitForChannelMessage('pause', (m) =>
      m.content.includes('Substitute wanted for Germany'),
    );
    await h.fake.click('dave', call, { label: 'Claim' });
    await h.bot!.outbox.idle();
    await h.fake.slash('alice', 'pause', 'game pause-vote');
    expect((await h.fake.slash('bob', 'pause', 'game pause-vote')).text).not.toMatch(/last one needed/);
    await sweep();
    expect(await status('pause')).toBe('active');
    expect((await h.fake.slash('dave', 'pause', 'game pause-vote')).text).toMatch(/last one needed/);
    expect(await status('pause')).toBe('paused');
  });

  it('a seat left since the mark still needs its vote: the last /draw ends nothing until the mark shows the leave', async () => {
    await start('leave');
    await h.fake.slash('alice', 'leave', 'draw');
    await slashConfirmed(h, 'carol', 'leave', 'game leave');
    await h.fake.slash('bob', 'leave', 'draw');
    await sweep();
    expect(await status('leave')).toBe('active');
    await toNextMark();
    await sweep();
    expect(await status('leave')).toBe('finished');
  });
});
