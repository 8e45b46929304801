/**
 * `/history replay share:` when the router acknowledged it privately first (a burst: docs/bot.md "Acknowledge
 * fast"): on Discord the first follow-up of a deferral not yet edited becomes that deferral's message, private as it
 * was (docs/testing.md "The Discord stand-in"). So the private deferral says where the replay went before the replay
 * follows in the channel, for everyone.
 */
import { SlashCommandBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotCommand } from '../../src/bot/command.js';
import { commands } from '../../src/bot/commands/index.js';
import { tr } from '../../src/i18n/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

/** Defers and waits for the test's word: a command still being handled, so the next one finds the router busy. */
let release = () => {};
const hold: BotCommand = {
  data: new SlashCommandBuilder().setName('hold').setDescription('waits for the test').toJSON(),
  async execute(_ctx, interaction) {
    await interaction.deferReply();
    await new Promise<void>((resolve) => (release = resolve));
    await interaction.editReply('released');
  },
};

describe('a shared replay after a private deferral', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'alice', 'bob', 'carol'], channels: ['main'] },
      {
        commands: [...commands, hold],
      },
    );
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    await waitForResults(h, 'main', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    release();
    await h?.close();
  });

  it('is posted in the channel for everyone, and the private deferral says so', async () => {
    const held = h.fake.slashNoWait('gm', 'main', 'hold');
    await held.waitForResponse((r) => r.kind === 'defer', 5000);
    const shared = h.fake.slashNoWait('carol', 'main', 'history replay', { share: true });
    // Its deferral, then two more answers: the private line and the public post, in either order.
    await expect.poll(() => shared.responses.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    // The router, busy with `hold`, acknowledged privately.
    expect(shared.deferred).toBe(true);
    expect(shared.ephemeral).toBe(true);
    const post = h.fake.channelMessages('main').find((m) => m.attachments.some((a) => a.filename.endsWith('.gif')));
    expect(post, 'the replay in the channel').toBeDefined();
    expect(post!.flags & 64).toBe(0);
    expect(post!.content).toMatch(/Spring 1901/);
    expect(h.fake.seenBy('alice').some((d) => d.messageId === post!.id)).toBe(true);
    // The private deferral holds the line saying where it went, without the replay.
    const own = h.fake.replyMessage(shared);
    expect(own.id).not.toBe(post!.id);
    expect(own.content).toBe(tr('en', 'history.replay.shared'));
    expect(own.attachments).toEqual([]);
    release();
    await held.waitForResponse((r) => r.kind === 'edit', 30_000);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  }, 90_000);
});
