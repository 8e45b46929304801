/**
 * The interaction router and logging through the real bot: a handler that throws gets a polite failure
 * reply (before or after deferring) and never takes the bot down; order text never reaches the log above
 * debug level, nor does a secret act's command name with its member and time (docs/deploy.md "What to watch").
 */
import { SlashCommandBuilder } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotCommand } from '../../src/bot/command.js';
import { commands } from '../../src/bot/commands/index.js';
import { genericFailure } from '../../src/bot/router.js';
import { createLogger } from '../../src/log.js';
import { createHarness, slashConfirmed, type Harness } from './harness.js';
import { gameStatus } from '../../src/game/history/index.js';

const GENERIC_FAILURE = genericFailure('en');

const throwing: BotCommand = {
  data: new SlashCommandBuilder()
    .setName('boom')
    .setDescription('throws')
    .addBooleanOption((o) => o.setName('deferred').setDescription('defer first'))
    .addStringOption((o) => o.setName('what').setDescription('autocomplete that throws').setAutocomplete(true))
    .toJSON(),
  async execute(_ctx, interaction) {
    if (interaction.options.getBoolean('deferred')) await interaction.deferReply();
    throw new Error('handler bug');
  },
  async autocomplete() {
    throw new Error('autocomplete bug');
  },
};

/** Defers, waits for the test's word, then reads the store and answers: a command half-way through as the bot stops. */
let goOn = () => {};
const slow: BotCommand = {
  data: new SlashCommandBuilder().setName('slow').setDescription('waits, then reads the store').toJSON(),
  async execute(ctx, interaction) {
    await interaction.deferReply();
    await new Promise<void>((resolve) => (goOn = resolve));
    const status = await gameStatus(ctx.deps, interaction.channelId);
    await interaction.editReply(status.ok ? 'a game' : 'read the store: no game here');
  },
};

describe('router and logging', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('answers a failing handler with a failure reply and keeps serving', async () => {
    h = await createHarness({ users: ['alice'], channels: ['main'] }, { commands: [...commands, throwing] });
    await h.start();
    const before = await h.fake.slash('alice', 'main', 'boom');
    expect(before.ephemeral).toBe(true);
    expect(before.text).toBe(GENERIC_FAILURE);
    const after = await h.fake.slash('alice', 'main', 'boom', { deferred: true });
    expect(after.responses.map((r) => r.kind)).toEqual(['defer', 'edit']);
    expect(after.finalText).toBe(GENERIC_FAILURE);
    expect(await h.fake.autocomplete('alice', 'main', 'boom', { what: 'x' }, 'what')).toEqual([]);
    const still = await h.fake.slash('alice', 'main', 'game status');
    expect(still.text).toMatch(/no game/);
    // In the member's language.
    h.fake.setLocale('alice', 'fr');
    const french = await h.fake.slash('alice', 'main', 'boom');
    expect(french.text).toBe(genericFailure('fr'));
    expect(french.text).toMatch(/^Un problème est survenu/);
    h.fake.setLocale('alice', 'zh-TW');
    expect((await h.fake.slash('alice', 'main', 'boom')).text).toBe(genericFailure('zh-TW'));
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('a stop waits for the commands being handled, which finish before the store closes; none is taken after', async () => {
    h = await createHarness({ users: ['alice'], channels: ['main'] }, { commands: [...commands, slow] });
    await h.start();
    const pending = h.fake.slashNoWait('alice', 'main', 'slow');
    await pending.waitForResponse((r) => r.kind === 'defer', 5000);
    let stopped = false;
    const stopping = h.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    goOn();
    await stopping;
    expect(pending.text).toBe('read the store: no game here');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('acknowledges a burst of private commands at once by deferring, then answers each privately', async () => {
    const powers = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];
    h = await createHarness({ users: ['gm', ...powers.map((p) => p.toLowerCase())], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic' });
    for (const p of powers) await h.fake.slash(p.toLowerCase(), 'main', 'game join', { power: p });
    await h.fake.slash('gm', 'main', 'game start');
    const units: Record<string, string> = {
      austria: 'A vie H',
      england: 'F lon H',
      france: 'A par H',
      germany: 'A ber H',
      italy: 'A rom H',
      russia: 'A mos H',
      turkey: 'A con H',
    };
    const burst = Object.entries(units).map(([user, order]) =>
      h!.fake.slashNoWait(user, 'main', 'order', { orders: order }),
    );
    await Promise.all(burst.map((i) => i.waitForResponse((r) => r.kind === 'reply' || r.kind === 'edit', 30_000)));
    expect(burst.filter((i) => i.deferred).length).toBeGreaterThan(0);
    for (const [n, i] of burst.entries()) {
      expect(i.ephemeral).toBe(true);
      expect(i.text).toContain(`✅ Stored: \`${Object.values(units)[n]}\``);
    }
    expect(h.fake.publicDeliveries().some((d) => d.content.includes('A vie H'))).toBe(false);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it.each([
    ['info', false],
    ['debug', true],
  ] as const)('at %s level, order text is logged: %s', async (level, logged) => {
    const lines: string[] = [];
    const log = createLogger(level, { write: (line: string) => void lines.push(line) });
    h = await createHarness({ users: ['gm', 'alice'], channels: ['main'] }, { log });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'main', 'game start');
    const reply = await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur; F bre - mao' });
    expect(reply.text).toContain('`F bre - mao`');
    await h.bot!.outbox.idle();
    const all = lines.join('');
    expect(all).toContain('command handled');
    expect(all.includes('F bre - mao')).toBe(logged);
    expect(all).not.toContain(h.fake.token);
  });

  it('logs a secret act (an order, a draw vote, a concession, press, readiness) at debug only', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const parsed = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; command?: string });
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main'] }, { log });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', press: 'anonymous' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'England' });
    await h.fake.slash('gm', 'main', 'game start');
    await h.bot!.outbox.idle();
    const alice = h.fake.user('alice').id;
    await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur' });
    await h.fake.slash('alice', 'main', 'orders show');
    await h.fake.slash('alice', 'main', 'draw');
    await slashConfirmed(h, 'alice', 'main', 'concede', { to: 'England' });
    await h.fake.slash('alice', 'main', 'press send', { to: 'England', text: 'hello' });
    await h.fake.slash('alice', 'main', 'ready');
    await h.fake.slash('alice', 'main', 'game status');
    await h.bot!.outbox.idle();
    // The router logs after the reply: wait for each act's line (at debug).
    const acts = ['order', 'orders show', 'draw', 'concede', 'press send', 'ready', 'game status'];
    await expect
      .poll(() => acts.filter((c) => parsed().some((l) => l.msg === 'command handled' && l.command === c)))
      .toEqual(acts);
    // Each act reads at info as "this member did this at this time": none is there. A public command is, without
    // its member (a seat left or claimed in a game that hides who plays whom would pair them).
    const visible = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 30);
    for (const line of visible) expect(line).not.toContain(alice);
    expect(visible.join('')).not.toMatch(/"(command|component)":"(order|orders|draw|concede|press|ready)\b/);
    expect(visible.some((l) => l.includes('"command":"game status"'))).toBe(true);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
