/**
 * The final post's supply-centre chart (src/bot/send.ts `sendGameOver`) when it cannot be drawn: the post goes out at
 * once without it, and the log has one warning naming the game, never the post's text.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSender } from '../../src/bot/send.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { createLogger } from '../../src/log.js';
import { openDatabase, type OpenedDatabase } from '../../src/store/db.js';
import { FakeDiscord } from '../support/fake-discord/index.js';

const drawing = vi.hoisted(() => ({ fail: false }));
vi.mock('../../src/render/sc-chart.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/render/sc-chart.js')>();
  return {
    ...real,
    renderScChartOffThread: async (input: Parameters<typeof real.renderScChartOffThread>[0]) => {
      if (drawing.fail) throw new Error('the render worker fell over');
      return real.renderScChart(input);
    },
  };
});

describe('the final post when its chart cannot be drawn', () => {
  let fake: FakeDiscord;
  let rest: REST;
  let database: OpenedDatabase;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ users: ['alice'], channels: ['main'] });
    rest = new REST({ api: fake.apiBase }).setToken(fake.token);
    database = openDatabase(':memory:');
  });

  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    database.close();
    await fake.close();
  });

  it('goes out without the chart, with a warning that holds no text of it', async () => {
    const deps = { store: sqliteStoreOf(database), now: () => Date.now() };
    const channel = fake.channel('main').id;
    const created = await createGame(deps, {
      channelId: channel,
      guildId: fake.guildId,
      userId: 'gm',
      variantId: 'classic',
    });
    if (!created.ok) throw new Error(created.error);
    await joinGame(deps, { channelId: channel, userId: fake.user('alice').id, power: 'France' });
    const started = await startGame(deps, { channelId: channel, userId: 'gm' });
    if (!started.ok) throw new Error(started.error);
    const lines: string[] = [];
    const log = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const send = createSender({ rest, deps, maps: { render: async () => null }, log });
    const row = (n: number, text: string) => ({
      id: n,
      gameId: started.game.id,
      phaseId: null,
      kind: 'game_over' as const,
      dedupeKey: `over:${n}`,
      attempts: 0,
      statusMessageId: null,
      payload: { type: 'game_over' as const, gameId: started.game.id, text },
      target: channel,
      targetKind: 'channel' as const,
    });

    drawing.fail = true;
    await send(row(1, '🏁 **Game over** secret-ish final words'));
    const plain = fake.channelMessages('main').find((m) => m.content.includes('secret-ish final words'))!;
    expect(plain.attachments).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ gameId: started.game.id, msg: expect.stringMatching(/chart/) });
    expect(lines[0]).not.toContain('final words');

    drawing.fail = false;
    await send(row(2, '🏁 **Game over** again'));
    const charted = fake.channelMessages('main').find((m) => m.content.includes('again'))!;
    expect(charted.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`game-${started.game.id}-classic-supply-centres.png`, 'image/png'],
    ]);
    expect(fake.unexpectedErrors()).toEqual([]);
  });
});
