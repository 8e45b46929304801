/**
 * Unit tests of the bot's pure parts: environment validation, Discord text limits, order autocomplete,
 * the results message layout, and how delivery errors are classified.
 */
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { envWarnings, limitsFromEnv, loadEnv } from '../../src/config/env.js';
import { limitsOf, memberRef } from '../../src/game/core/index.js';
import { PermanentDeliveryError, RetryLaterError, type DeliveryRow } from '../../src/game/delivery/index.js';
import { classify, messageWithOverflow, nonceFor, postParts } from '../../src/bot/send.js';
import { safeRoute, serializeError } from '../../src/log.js';
import { normalizeTyped, suggestOrders, unitOrdersOf } from '../../src/bot/suggest.js';
import { classic } from '../../src/variants/classic/index.js';
import { mandateOfHeaven } from '../../src/variants/mandate-of-heaven/index.js';
import { choiceName, splitMessage, truncate } from '../../src/bot/text.js';
import type { Locale } from '../../src/i18n/index.js';
import { englishWords } from '../support/english-left.js';

describe('loadEnv', () => {
  it('needs a token and says exactly what to put in .env', () => {
    const r = loadEnv({});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain('DISCORD_TOKEN is missing');
    expect(r.error).toContain('.env');
    expect(r.error).toContain('DISCORD_TOKEN=<your bot token>');
    expect(loadEnv({ DISCORD_TOKEN: '   ' }).ok).toBe(false);
  });

  it('refuses a token pasted with "Bot " or with spaces before anything is opened (docs/deploy.md)', () => {
    for (const token of ['Bot abc.def.ghi', 'abc.def\n.ghi', 'abc def']) {
      const r = loadEnv({ DISCORD_TOKEN: token });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.match(/DISCORD_TOKEN must be the token alone/g)).toHaveLength(1);
      expect(r.error).not.toContain(token);
    }
  });

  it('refuses a DATABASE_URL the PostgreSQL driver cannot read, saying how to write it', () => {
    for (const url of ['postgres://u:p#ss@db-host:5432/zhanguo', 'postgres://u:p@db-host:99999/zhanguo']) {
      const r = loadEnv({ DISCORD_TOKEN: 'abc', DATABASE_URL: url });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toContain('DATABASE_URL cannot be read as a URL');
      expect(r.error).toContain('# as %23');
      expect(r.error).not.toContain('p#ss');
    }
    for (const url of ['postgres://u:p%23ss@db-host:5432/zhanguo', 'postgres://u:p@/zhanguo', 'postgresql://u@h/z']) {
      expect(loadEnv({ DISCORD_TOKEN: 'abc', DATABASE_URL: url }).ok).toBe(true);
    }
  });

  it('refuses a PUBLIC_URL with a path: the pad lives at the root of its host', () => {
    for (const url of ['https://example.org/zhanguo', 'https://pad.example.org/?x=1']) {
      const r = loadEnv({ DISCORD_TOKEN: 'abc', PUBLIC_URL: url });
      expect(!r.ok && r.error).toContain('PUBLIC_URL must be a host alone');
    }
    const ok = loadEnv({ DISCORD_TOKEN: 'abc', PUBLIC_URL: 'https://pad.example.org:8443/' });
    expect(ok.ok && ok.env.PUBLIC_URL).toBe('https://pad.example.org:8443');
  });

  it('warns of the pad settings PUBLIC_URL would use when it is unset, and only then', () => {
    const envOf = (source: Record<string, string>) => {
      const r = loadEnv({ DISCORD_TOKEN: 'abc', ...source });
      if (!r.ok) throw new Error(r.error);
      return r.env;
    };
    const secrets = { DISCORD_CLIENT_SECRET: 'client-secret', PAD_SECRET: 'a-pad-secret-of-16+' };
    expect(envWarnings(envOf(secrets))).toEqual([
      'DISCORD_CLIENT_SECRET is set but PUBLIC_URL is not: the order pad and its Activity stay off',
      'PAD_SECRET is set but PUBLIC_URL is not: the order pad stays off, so nothing uses it',
    ]);
    expect(envWarnings(envOf({ ...secrets, PUBLIC_URL: 'https://pad.example.org' }))).toEqual([]);
    expect(envWarnings(envOf({}))).toEqual([]);
  });

  it('reads SHARD_SPAWN_DELAY_MS as milliseconds and refuses anything else, naming it', () => {
    const ok = loadEnv({ DISCORD_TOKEN: 'abc', SHARD_SPAWN_DELAY_MS: '0' });
    expect(ok.ok && ok.env.SHARD_SPAWN_DELAY_MS).toBe(0);
    const bad = loadEnv({ DISCORD_TOKEN: 'abc', SHARD_SPAWN_DELAY_MS: '5s' });
    expect(!bad.ok && bad.error).toContain('SHARD_SPAWN_DELAY_MS must be a number of milliseconds');
  });

  it('names only the problems when the token is set: no .env template for a bad LOG_LEVEL', () => {
    const r = loadEnv({ DISCORD_TOKEN: 'abc', LOG_LEVEL: 'verbose' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain('LOG_LEVEL must be one of');
    expect(r.error).not.toContain('Create a file named .env');
    expect(r.error).toContain('.env.example explains every variable');
  });

  it('fills defaults and treats blank optional values as unset', () => {
    const r = loadEnv({ DISCORD_TOKEN: 'abc', DEV_GUILD_ID: '', DISCORD_API_BASE: '', LOG_LEVEL: '' });
    expect(r).toEqual({
      ok: true,
      env: {
        DISCORD_TOKEN: 'abc',
        DATABASE_PATH: './data/zhanguo.db',
        LOG_LEVEL: 'info',
        WEB_PORT: 8080,
        WEB_HOST: '127.0.0.1',
      },
    });
  });

  it('reads the order pad’s settings: PUBLIC_URL turns it on, WEB_PORT and WEB_HOST with defaults', () => {
    const on = loadEnv({ DISCORD_TOKEN: 'abc', PUBLIC_URL: 'https://pad.example.org/', WEB_PORT: '9000' });
    expect(on.ok && on.env).toMatchObject({
      PUBLIC_URL: 'https://pad.example.org',
      WEB_PORT: 9000,
      WEB_HOST: '127.0.0.1',
    });
    const bad = loadEnv({
      DISCORD_TOKEN: 'abc',
      PUBLIC_URL: 'pad.example.org',
      WEB_PORT: '70000',
      PAD_SECRET: 'short',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('PUBLIC_URL must be the http(s) address');
    expect(bad.error).toContain('WEB_PORT must be a port number');
    expect(bad.error).toContain('PAD_SECRET must be at least 16 characters');
  });

  it('validates the optional values', () => {
    const good = loadEnv({
      DISCORD_TOKEN: 'abc',
      DEV_GUILD_ID: '123456789012345678',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api/',
      LOG_LEVEL: 'DEBUG',
      DATABASE_URL: ' postgres://zhanguo:secret@db:5432/zhanguo ',
    });
    expect(good.ok && good.env).toMatchObject({
      DATABASE_URL: 'postgres://zhanguo:secret@db:5432/zhanguo',
      DEV_GUILD_ID: '123456789012345678',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
      LOG_LEVEL: 'debug',
    });
    const bad = loadEnv({
      DISCORD_TOKEN: 'abc',
      DEV_GUILD_ID: 'my server',
      DISCORD_API_BASE: 'discord',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://db/zhanguo',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('DEV_GUILD_ID must be a server id');
    expect(bad.error).toContain('DISCORD_API_BASE must be an http(s) URL');
    expect(bad.error).toContain('LOG_LEVEL must be one of');
    expect(bad.error).toContain('DATABASE_URL must be a PostgreSQL URL');
  });

  it('reads the abuse limits, never below a one-minute phase', () => {
    const good = loadEnv({
      DISCORD_TOKEN: 'abc',
      MIN_PHASE: '5m',
      PHASES_PER_HOUR: '12',
      MAX_LIVE_GAMES_PER_SERVER: '3',
    });
    expect(good.ok && limitsFromEnv(good.env)).toEqual({
      minPhaseMs: 300_000,
      phasesPerHour: 12,
      maxLiveGamesPerServer: 3,
    });
    const bad = loadEnv({ DISCORD_TOKEN: 'abc', MIN_PHASE: '30s', PHASES_PER_HOUR: 'many' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('MIN_PHASE must be a duration from 1m to 30d');
    expect(bad.error).toContain('PHASES_PER_HOUR must be a whole number');
    // Too long is refused with the same range, not as too short.
    const long = loadEnv({ DISCORD_TOKEN: 'abc', MIN_PHASE: '31d' });
    expect(!long.ok && long.error).toContain('MIN_PHASE must be a duration from 1m to 30d');
  });

  it('reads the sandbox limits, keeping the defaults for what is unset', () => {
    const unset = loadEnv({ DISCORD_TOKEN: 'abc', SANDBOXES_PER_MEMBER: '', SANDBOX_IDLE: ' ' });
    expect(unset.ok && limitsFromEnv(unset.env)).toEqual({});
    expect(limitsOf({ limits: unset.ok ? limitsFromEnv(unset.env) : {} })).toMatchObject({
      sandboxesPerUser: 3,
      sandboxesPerServer: 50,
      sandboxIdleMs: 86_400_000,
    });
    const good = loadEnv({
      DISCORD_TOKEN: 'abc',
      SANDBOXES_PER_MEMBER: '1',
      SANDBOXES_PER_SERVER: '10',
      SANDBOX_IDLE: '2h',
    });
    expect(good.ok && limitsFromEnv(good.env)).toEqual({
      sandboxesPerUser: 1,
      sandboxesPerServer: 10,
      sandboxIdleMs: 7_200_000,
    });
    const bad = loadEnv({
      DISCORD_TOKEN: 'abc',
      SANDBOXES_PER_MEMBER: '0',
      SANDBOXES_PER_SERVER: 'lots',
      SANDBOX_IDLE: '5m',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('SANDBOXES_PER_MEMBER must be a whole number from 1 to 99999');
    expect(bad.error).toContain('SANDBOXES_PER_SERVER must be a whole number');
    expect(bad.error).toContain('SANDBOX_IDLE must be a duration from 10m to 30d');
    expect(loadEnv({ DISCORD_TOKEN: 'abc', SANDBOX_IDLE: '31d' }).ok).toBe(false);
  });
});

describe('Discord text limits', () => {
  it('truncates at a line end and marks the cut', () => {
    const text = Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n');
    const t = truncate(text, 100);
    expect(t.length).toBeLessThanOrEqual(100);
    expect(t.endsWith('\n…')).toBe(true);
    expect(truncate('short', 100)).toBe('short');
  });

  it('splits long text into messages within the limit without losing lines', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `✅ \`A x${i} - y\``);
    const parts = splitMessage(lines.join('\n'), 2000);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(2000);
    expect(parts.join('\n').split('\n')).toEqual(lines);
    expect(splitMessage('x'.repeat(4500), 2000).map((p) => p.length)).toEqual([2000, 2000, 500]);
  });

  it('keeps autocomplete names between 1 and 100 characters', () => {
    expect(choiceName('')).toBe('?');
    expect(choiceName('x'.repeat(150))).toHaveLength(100);
  });
});

describe('order autocomplete', () => {
  const units = [
    { unit: 'A par', orders: ['A par H', 'A par - bur', 'A par - pic', 'A par S A mar - bur'] },
    { unit: 'A mar', orders: ['A mar H', 'A mar - bur', 'A mar - spa'], ordered: true },
    { unit: 'F bre', orders: ['F bre H', 'F bre - mao', 'F bre - eng'] },
  ];

  it('normalizes what the player types', () => {
    expect(normalizeTyped('  A Par->Bur ')).toBe('a par - bur');
    expect(normalizeTyped('a par-bur')).toBe('a par - bur');
  });

  it('completes the order being typed, prefix matches first', () => {
    const choices = suggestOrders('a par - b', units);
    expect(choices.map((c) => c.value)).toEqual(['A par - bur', 'A par S A mar - bur']);
    const loose = suggestOrders('bur', units).map((c) => c.value);
    expect(loose).toEqual(expect.arrayContaining(['A par - bur', 'A mar - bur', 'A par S A mar - bur']));
  });

  it('keeps the earlier orders in the value, so choosing one does not erase them', () => {
    const choices = suggestOrders('A par - bur; F bre - m', units);
    expect(choices).toEqual([{ name: '… F bre - mao', value: 'A par - bur; F bre - mao' }]);
  });

  it('shows every unit when nothing is typed, units without orders first, at most 25', () => {
    const choices = suggestOrders('', units);
    expect(choices.slice(0, 3).map((c) => c.value)).toEqual(['A par H', 'F bre H', 'A mar H']);
    const many = [{ unit: 'A x', orders: Array.from({ length: 60 }, (_, i) => `A x - p${i}`) }];
    expect(suggestOrders('', many)).toHaveLength(25);
  });

  it('the spelling the rules pages document (`Build A bei`, `Disband A ysh`) finds the builds and disbands', () => {
    const winter = [
      { unit: 'A bei', orders: ['A bei B', 'WAIVE'] },
      { unit: 'A lfa', orders: ['A lfa B'] },
      { unit: 'F lin', orders: ['F lin B', 'A lin B'] },
    ];
    expect(suggestOrders('Build A bei', winter).map((c) => c.value)).toEqual(['A bei B']);
    expect(suggestOrders('build a', winter).map((c) => c.value)).toEqual(['A bei B', 'A lfa B', 'A lin B']);
    expect(suggestOrders('Build F', winter)[0]!.value).toBe('F lin B');
    expect(suggestOrders('Build', winter).map((c) => c.value)).toEqual(['A bei B', 'A lfa B', 'F lin B', 'A lin B']);
    expect(suggestOrders('Disband A ysh', [{ unit: 'A ysh', orders: ['A ysh D'] }]).map((c) => c.value)).toEqual([
      'A ysh D',
    ]);
    expect(suggestOrders('A bei B', winter).map((c) => c.value)).toEqual(['A bei B']);
  });

  // "the spelling the rules pages document is the one autocomplete finds": the rules pages and the map
  // name provinces by their full names too (`Beidi`), so a full or partial name finds the order as its id does.
  const placement = unitOrdersOf(mandateOfHeaven, mandateOfHeaven.startingPosition(), 'Hsiung-Nu');
  const france = unitOrdersOf(classic, classic.startingPosition(), 'France');
  const values = (typed: string, units: typeof placement) => suggestOrders(typed, units).map((c) => c.value);
  it.each([
    { typed: 'Build A Beidi', units: placement, first: 'A bei B' },
    { typed: 'Build A Beid', units: placement, first: 'A bei B' },
    { typed: 'Build A bei', units: placement, first: 'A bei B' },
    { typed: 'A Paris - Burgundy', units: france, first: 'A par - bur' },
    { typed: 'F Brest - Mid', units: france, first: 'F bre - mao' },
  ])('a province typed by its full name finds the order: $typed', ({ typed, units, first }) => {
    expect(values(typed, units)[0]).toBe(first);
  });

  // A later order for the same unit only replaces the earlier one, and a province is built in once: an order for a
  // province already written earlier in the same text is not offered again, however it was spelled.
  it.each([
    { typed: 'Build A bei; Build A ', units: placement, gone: 'A bei B' },
    { typed: 'Build A Beidi; Build A', units: placement, gone: 'A bei B' },
    { typed: 'A bei B; ', units: placement, gone: 'A bei B' },
    { typed: 'A bei B; A lfa B; Build A', units: placement, gone: 'A lfa B' },
    { typed: 'A par - bur; A par', units: france, gone: 'A par' },
    { typed: 'A Paris - Burgundy; ', units: france, gone: 'A par' },
  ])('a province placed earlier in the same text is not offered again: $typed', ({ typed, units, gone }) => {
    const offered = values(typed, units);
    expect(offered.length).toBeGreaterThan(0);
    const prefix = typed.slice(0, typed.lastIndexOf(';') + 1);
    expect(offered.filter((v) => v.slice(prefix.length).trim().startsWith(gone))).toEqual([]);
  });

  it('answers nothing, at once, when what was typed leaves no room for a 100-character choice', () => {
    expect(suggestOrders(`${'A par - bur; '.repeat(9)}F`, units)).toEqual([]);
    expect(suggestOrders('x '.repeat(3000), units)).toEqual([]);
  });

  it('never offers a value longer than Discord allows', () => {
    const long = 'A par - bur; '.repeat(8);
    for (const c of suggestOrders(`${long}F bre`, units)) expect(c.value.length).toBeLessThanOrEqual(100);
  });
});

describe('a long post in parts', () => {
  /** A results text of 21 powers late in a game: more than 8,000 characters, every line whole. */
  const results = (lines: number) =>
    [
      '**Fall 2512 movement: results**',
      ...Array.from({ length: lines }, (_, i) =>
        i % 6 === 0
          ? `__Power ${i}__ · ⏰ 1 missed`
          : `❌ \`A p${i} S A q${i} - r${i}\` — cut by the attack from ${'x'.repeat(i % 40)}`,
      ),
    ].join('\n');
  const map = { png: Buffer.from('png'), name: 'map.png' };

  it('cuts a results text over 8,000 characters at line boundaries into parts under 2,000, in order, the map with the first', () => {
    const text = results(220);
    expect(text.length).toBeGreaterThan(8000);
    const parts = postParts(text, map, { pingUsers: false });
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const p of parts) {
      expect(p.body.content.length).toBeLessThanOrEqual(2000);
      expect(p.body.content.length).toBeGreaterThan(0);
      expect(p.body.embeds).toBeUndefined();
      expect(p.body.allowed_mentions).toEqual({ parse: [], users: [] });
    }
    // Whole lines: joined with the line breaks they were cut at, the parts give the text back.
    expect(parts.map((p) => p.body.content).join('\n')).toBe(text);
    // Each part as full as the next line allows.
    for (const [i, p] of parts.slice(0, -1).entries())
      expect(p.body.content.length + 1 + parts[i + 1]!.body.content.split('\n')[0]!.length).toBeGreaterThan(2000);
    expect(parts[0]!.body.attachments).toEqual([{ id: 0, filename: 'map.png' }]);
    expect(parts[0]!.files.map((f) => f.name)).toEqual(['map.png']);
    for (const p of parts.slice(1)) {
      expect(p.body.attachments).toBeUndefined();
      expect(p.files).toEqual([]);
    }
    // The same text is always cut the same way (a resend after a crash sends the same parts).
    expect(postParts(text, null, { pingUsers: false }).map((p) => p.body.content)).toEqual(
      parts.map((p) => p.body.content),
    );
  });

  it('a notice notifies the members the game names by reference, never a mention typed into it', () => {
    const [notice] = postParts(
      `🔁 France is now played by ${memberRef('111')}. Reason: <@222> <@&333> @everyone`,
      null,
      {
        pingUsers: true,
      },
    );
    expect(notice!.body.content).toBe('🔁 France is now played by <@111>. Reason: <@222> <@&333> @everyone');
    expect(notice!.body.allowed_mentions).toEqual({ parse: [], users: ['111'] });
  });

  it('a post that fits is one message; the role is mentioned and pinged by the first part only', () => {
    const short = postParts('**Spring 1901 movement: results**\n✅ `A par - bur`', map, {
      pingUsers: false,
      role: '42',
    });
    expect(short).toHaveLength(1);
    expect(short[0]!.body.content).toBe('<@&42> **Spring 1901 movement: results**\n✅ `A par - bur`');
    expect(short[0]!.body.allowed_mentions).toEqual({ parse: [], users: [], roles: ['42'] });
    const long = postParts(results(220), null, { pingUsers: true, role: '42' });
    expect(long[0]!.body.content.startsWith('<@&42> **Fall 2512 movement: results**')).toBe(true);
    expect(long[0]!.body.allowed_mentions).toEqual({ parse: [], users: [], roles: ['42'] });
    for (const p of long.slice(1)) expect(p.body.allowed_mentions).toEqual({ parse: [], users: [] });
    expect(long.map((p) => p.body.content).join('\n')).toBe(`<@&42> ${results(220)}`);
  });

  it('splitMessage: whole lines up to the limit; a line longer than the limit is cut at a space', () => {
    expect(splitMessage('aaa\nbbb\nccc', 7)).toEqual(['aaa\nbbb', 'ccc']);
    expect(splitMessage('aaa\nbbb\nccc', 11)).toEqual(['aaa\nbbb\nccc']);
    expect(splitMessage('aaaa bbbb cccc\nd', 10)).toEqual(['aaaa bbbb', 'cccc\nd']);
    expect(splitMessage('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitMessage('', 10)).toEqual(['']);
  });
});

describe('status message layout', () => {
  it('puts everything in one message: 2000 characters of content, the rest in embeds, the map attached', () => {
    const text = Array.from({ length: 200 }, (_, i) => `✅ \`A p${i} - q${i}\``).join('\n');
    const { body, files } = messageWithOverflow(text, { png: Buffer.from('png'), name: 'map.png' }, false);
    expect(body.content.length).toBeLessThanOrEqual(2000);
    const embeds = body.embeds ?? [];
    expect(embeds.length).toBeGreaterThan(0);
    const all = [body.content, ...embeds.map((e) => e.description)].join('\n');
    expect(all.split('\n')).toEqual(text.split('\n'));
    expect(files).toEqual([{ name: 'map.png', data: Buffer.from('png'), contentType: 'image/png' }]);
    expect(body.attachments).toEqual([{ id: 0, filename: 'map.png' }]);
    expect(body.allowed_mentions).toEqual({ parse: [], users: [] });
  });

  it('a long status (21 powers) keeps every Discord limit and never cuts a line in two', () => {
    const line = (i: number) => `✅ \`A p${i} - q${i}\` ${'·'.repeat(i % 37)}`;
    for (const count of [60, 150, 400, 900]) {
      const text = Array.from({ length: count }, (_, i) => line(i)).join('\n');
      const { body } = messageWithOverflow(text, null, false);
      const embeds = body.embeds ?? [];
      expect(body.content.length).toBeLessThanOrEqual(2000);
      expect(embeds.length).toBeLessThanOrEqual(10);
      for (const e of embeds) expect((e.description ?? '').length).toBeLessThanOrEqual(4096);
      for (const e of embeds) expect((e.description ?? '').length).toBeGreaterThan(0);
      expect(embeds.reduce((n, e) => n + (e.description?.length ?? 0), 0)).toBeLessThanOrEqual(6000);
      // Every line shown is a whole line of the text, in order; what does not fit is named once, at the end.
      const shown = [body.content, ...embeds.map((e) => e.description ?? '')].join('\n').split('\n');
      const cut = shown.at(-1) === '… (the rest: `/history`)';
      expect(shown.slice(0, cut ? -1 : undefined)).toEqual(text.split('\n').slice(0, shown.length - (cut ? 1 : 0)));
      expect(cut).toBe(text.length > 2000 + 6000);
    }
  });

  it('stays within the 6000-character embed total for huge summaries', () => {
    const text = 'x'.repeat(20_000);
    const embeds = messageWithOverflow(text, null, true).body.embeds ?? [];
    expect(embeds.reduce((n, e) => n + (e.description?.length ?? 0), 0)).toBeLessThanOrEqual(6000);
    expect(embeds.at(-1)?.description).toContain('/history');
  });

  it('names the rest of a cut status in the status’s language (docs/locales.md "Who reads which locale")', () => {
    const text = 'x'.repeat(20_000);
    const last = (locale: Locale) => messageWithOverflow(text, null, false, locale).body.embeds?.at(-1)?.description;
    expect(last('fr')).toMatch(/… \(la suite : `\/historique`\)$/);
    expect(last('zh-CN')).toMatch(/……（其余内容：`\/历史`）$/);
    expect(last('zh-TW')).toMatch(/……（其餘內容：`\/歷史`）$/);
    for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const) expect(englishWords(last(locale)!)).toEqual([]);
  });
});

describe('delivery error classification', () => {
  const row = (targetKind: 'channel' | 'user', kind: DeliveryRow['kind']): DeliveryRow => ({
    id: 1,
    gameId: 1,
    phaseId: 1,
    kind,
    targetKind,
    target: '1',
    payload: { type: 'notice', gameId: 1, text: 'x' },
    dedupeKey: 'k',
    attempts: 0,
    statusMessageId: null,
  });
  const apiError = (status: number, code: number) =>
    new DiscordAPIError({ code, message: 'm' }, code, status, 'POST', '/x', { body: undefined, files: undefined });

  it.each([
    ['user', 'dm', 403, 50007, 'dm_closed'],
    ['channel', 'phase_results', 404, 10003, 'channel_gone'],
    ['channel', 'notice', 403, 50001, 'channel_gone'],
    ['channel', 'status', 404, 10008, 'message_gone'],
    ['channel', 'notice', 400, 50035, 'rejected'],
  ] as const)('%s %s: %i %i is permanent (%s)', (target, kind, status, code, reason) => {
    const out = classify(apiError(status, code), row(target, kind));
    expect(out).toBeInstanceOf(PermanentDeliveryError);
    expect((out as PermanentDeliveryError).reason).toBe(reason);
  });

  it('lets rate limits, server errors and network failures be retried', () => {
    for (const err of [apiError(429, 0), apiError(502, 0), new Error('ECONNRESET')]) {
      expect(classify(err, row('channel', 'notice'))).toBe(err);
    }
  });
});

describe('rate limits and nonces', () => {
  const row: DeliveryRow = {
    id: 1,
    gameId: 1,
    phaseId: 1,
    kind: 'dm',
    targetKind: 'user',
    target: '1',
    payload: { type: 'dm', gameId: 1, text: 'x', reason: 'reminder' },
    dedupeKey: 'k',
    attempts: 0,
    statusMessageId: null,
  };

  it('turns a long rate limit into a later retry that keeps its attempt', () => {
    const limited = new RateLimitError({
      global: false,
      method: 'post',
      url: 'http://x/api/v10/channels/1/messages',
      route: '/channels/:id/messages',
      majorParameter: '1',
      hash: 'h',
      limit: 5,
      timeToReset: 4200,
      retryAfter: 4200,
      sublimitTimeout: 0,
      scope: 'user',
    });
    const out = classify(limited, row);
    expect(out).toBeInstanceOf(RetryLaterError);
    expect((out as RetryLaterError).retryAfterMs).toBe(4200);
  });

  it('gives every part of a split DM its own nonce of at most 25 characters, stable across restarts', () => {
    const nonces = [nonceFor('dm:1'), nonceFor('dm:1', 0), nonceFor('dm:1', 1), nonceFor('dm:2')];
    expect(new Set(nonces).size).toBe(4);
    expect(nonces.every((n) => n.length <= 25)).toBe(true);
    expect(nonceFor('dm:1', 1)).toBe(nonces[2]);
  });
});

describe('error serializer (no request or response bodies in logs)', () => {
  it('keeps type, message, Discord code, status, method and route; drops bodies and tokens', () => {
    const body = { files: [], json: { data: { content: 'Your orders: A par - bur' } } };
    const api = new DiscordAPIError(
      { code: 10062, message: 'Unknown interaction' },
      10062,
      404,
      'POST',
      'http://127.0.0.1:1/api/v10/interactions/123/secret-token/callback?with_response=false',
      body,
    );
    expect(serializeError(api)).toEqual({
      type: 'DiscordAPIError',
      message: 'Unknown interaction',
      code: 10062,
      status: 404,
      method: 'POST',
      route: '/interactions/123/:token/callback',
    });
    const http = new HTTPError(
      500,
      'Internal Server Error',
      'post',
      'https://discord.com/api/v10/channels/9/messages',
      body,
    );
    expect(JSON.stringify(serializeError(http))).not.toContain('A par');
    expect(serializeError(http)).toMatchObject({
      type: 'HTTPError',
      status: 500,
      method: 'POST',
      route: '/channels/9/messages',
    });
    expect(safeRoute('/webhooks/1/tok/messages/@original')).toBe('/webhooks/1/:token/messages/@original');
    const own = serializeError(new Error('boom', { cause: 'why' }));
    expect(own).toMatchObject({ type: 'Error', message: 'boom', cause: { type: 'string', message: 'why' } });
    expect(own.stack).toMatch(/^\s+at /);
  });
});
