/**
 * Mandate of Heaven's calendar in the reader's language everywhere a year is shown (docs/locales.md "Names"): the
 * channel's posts and their pictures' alt text, `/game status`, `/history list`, `/map`'s title and the supply-centre
 * chart's points (`369 av. J.-C.`, `公元前369年`), never the English `369 BC` in a French or Chinese text.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chartInLocale } from '../../src/bot/charts.js';
import { createMapRenderer } from '../../src/bot/maps.js';
import { scChartForGame } from '../../src/game/history/index.js';
import type { Locale } from '../../src/i18n/index.js';
import { createLogger } from '../../src/log.js';
import type { RenderOptions } from '../../src/render/index.js';
import type { ReplayPhase } from '../../src/render/replay/index.js';
import { createHarness, type Harness } from './harness.js';

/** The pictures each `/history replay` was asked to animate (the GIF itself is a stand-in). */
const replayed = vi.hoisted(() => [] as ReplayPhase[][]);
vi.mock('../../src/render/replay/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/render/replay/index.js')>()),
  renderReplay: async (_variant: unknown, phases: ReplayPhase[]) => {
    replayed.push(phases);
    return { gif: Buffer.from('GIF89a stand-in'), width: 1, height: 1, frames: 1, duration: 1, warnings: [] };
  },
}));

const CHANNELS = { fr: 'partie', 'zh-TW': 'duiju', 'zh-CN': 'duiju-cn' } as const;
const USERS = { fr: 'anne', 'zh-TW': 'lin', 'zh-CN': 'chen' } as const;
type Reader = keyof typeof CHANNELS;
const READERS = Object.keys(CHANNELS) as Reader[];

describe('Mandate of Heaven’s years in French and Chinese', () => {
  let h: Harness;
  const drawn: RenderOptions[] = [];

  beforeAll(async () => {
    const renderPng = async (_v: unknown, _p: unknown, opts: RenderOptions) => {
      drawn.push(opts);
      return { png: Buffer.from('stand-in png'), warnings: [] };
    };
    const maps = createMapRenderer(createLogger('silent'), { renderPng, skipPrepare: true, cacheSize: 0 });
    h = await createHarness({ users: Object.values(USERS), channels: Object.values(CHANNELS) }, { maps });
    await h.start();
    for (const reader of READERS) {
      h.fake.setLocale(USERS[reader], reader);
      const channel = CHANNELS[reader];
      await h.fake.slash(USERS[reader], channel, 'game create', {
        variant: 'mandate-of-heaven',
        locale: reader,
        demonstration: true,
      });
      await h.fake.slash(USERS[reader], channel, 'game start');
    }
    // The computer players play on, past the first year: its results, then 368 BC's first results (the three
    // tables at once).
    await Promise.all(
      READERS.map((reader) =>
        h.fake.waitForChannelMessage(
          CHANNELS[reader],
          (m) => /résultats|結果|结果/.test(m.content) && m.content.includes('368'),
          120_000,
        ),
      ),
    );
    await h.bot!.outbox.idle();
  }, 240_000);

  afterAll(async () => {
    await h?.close();
  });

  it.each(READERS)('%s: no `BC` in the posts, the status, the history, the map or the chart', async (reader) => {
    const [user, channel] = [USERS[reader], CHANNELS[reader]];
    const texts: string[] = [];
    for (const m of h.fake.channelMessages(channel))
      texts.push(m.content, ...m.attachments.map((a) => a.description ?? ''));
    const commands: [string, Record<string, string>][] = [
      ['game status', {}],
      ['history list', {}],
      ['history show', { phase: 'S1M' }],
      ['map', {}],
    ];
    for (const [command, options] of commands) {
      const reply = await h.fake.slash(user, channel, command, options);
      texts.push(reply.finalText, ...reply.attachments.map((a) => a.description ?? ''));
    }
    texts.push(...drawn.filter((d) => d.locale === reader).map((d) => d.title ?? ''));
    // The replay's frames: titled in the reader's locale.
    const before = replayed.length;
    await h.fake.slash(user, channel, 'history replay', { from: 'S1M', to: 'S1M' });
    expect(replayed.length).toBe(before + 1);
    const frames = replayed.at(-1)!.flatMap((p) => [p.orders.opts, p.after.opts]);
    expect(frames.every((o) => o.locale === reader)).toBe(true);
    expect(frames[0]!.title).toContain(reader === 'fr' ? '369 av. J.-C.' : '公元前369年');
    texts.push(...frames.map((o) => o.title ?? ''));
    const gameId = READERS.indexOf(reader) + 1;
    const chart = chartInLocale((await scChartForGame({ store: h.store }, gameId))!, reader as Locale);
    const points = chart.years.map((y) => y.label);
    expect(points.length).toBeGreaterThan(1);
    texts.push(...points);
    const year = reader === 'fr' ? '369 av. J.-C.' : '公元前369年';
    expect(texts.join('\n')).toContain(year);
    expect(points.slice(1).some((p) => p.includes(reader === 'fr' ? 'av. J.-C.' : '公元前'))).toBe(true);
    expect(texts.filter((text) => /\bBC\b/.test(text))).toEqual([]);
  });
});
