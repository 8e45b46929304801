/**
 * The outbox sender (src/bot/send.ts) against the stand-in: a repeated row is posted once (nonce), the status
 * message is edited in place and pinned (at the pin cap it goes out unpinned), a deleted status message or channel and closed DMs become permanent failures,
 * and a post longer than one message goes out as several, in order, each part once (after a failure in the middle too).
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapRenderer } from '../../src/bot/maps.js';
import { createSender, MAP_ATTEMPTS, nonceFor } from '../../src/bot/send.js';
import { channelRef, memberRef, timeRef } from '../../src/game/core/index.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import type { PermanentDeliveryError, DeliveryRow, SendFn } from '../../src/game/delivery/index.js';
import { openDatabase, type OpenedDatabase } from '../../src/store/db.js';
import { FakeDiscord, textOf, type FakeMessage } from '../support/fake-discord/index.js';
import { MAX_PINS } from '../support/fake-discord/rest.js';

describe('outbox sender', () => {
  let fake: FakeDiscord;
  let rest: REST;
  let database: OpenedDatabase;
  let send: SendFn;
  let nextId = 1;

  const row = (over: Partial<DeliveryRow> & Pick<DeliveryRow, 'payload' | 'target' | 'targetKind'>): DeliveryRow => ({
    id: nextId,
    gameId: null,
    phaseId: null,
    kind: over.payload.type,
    dedupeKey: `test:${nextId++}`,
    attempts: 0,
    statusMessageId: null,
    ...over,
  });

  beforeAll(async () => {
    fake = await FakeDiscord.start({ users: ['alice', 'bob'], channels: ['main', 'gone', 'full'] });
    rest = new REST({ api: fake.apiBase }).setToken(fake.token);
    database = openDatabase(':memory:');
    const maps = { render: async () => null };
    send = createSender({ rest, deps: { store: sqliteStoreOf(database) }, maps });
  });

  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    database.close();
    await fake.close();
  });

  it('posts a row once even when it is sent twice (crash between sending and marking it sent)', async () => {
    const notice = row({
      payload: { type: 'notice', gameId: 1, text: 'hello <@1>' },
      target: fake.channel('main').id,
      targetKind: 'channel',
    });
    await send(notice);
    await send(notice);
    expect(fake.channelMessages('main').filter((m) => m.content === 'hello <@1>')).toHaveLength(1);
    expect(fake.state.nonceRepeats).toBe(1);
  });

  it('posts the status message, then edits it in place', async () => {
    const first = await send(
      row({
        payload: { type: 'status', gameId: 1, text: 'status 1' },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    );
    const messageId = (first as { messageId: string }).messageId;
    const again = await send(
      row({
        payload: { type: 'status', gameId: 1, text: 'status 2' },
        target: fake.channel('main').id,
        targetKind: 'channel',
        statusMessageId: messageId,
      }),
    );
    expect(again).toEqual({ messageId });
    const status = fake.channelMessages('main').find((m) => m.id === messageId)!;
    expect(status.content).toBe('status 2');
    expect(status.history.map((h) => h.content)).toEqual(['status 1']);

    // A moderator deleted it: a new one is posted (once, even when the row is sent again after a crash).
    fake.deleteMessage(messageId);
    const statusRow = row({
      payload: { type: 'status', gameId: 1, text: 'status 3' },
      target: fake.channel('main').id,
      targetKind: 'channel',
      statusMessageId: messageId,
    });
    const reposted = (await send(statusRow)) as { messageId: string };
    expect(reposted.messageId).not.toBe(messageId);
    expect(await send({ ...statusRow, id: statusRow.id + 1000, dedupeKey: 'another status row' })).toEqual(reposted);
    expect(
      fake
        .channelMessages('main')
        .filter((m) => m.content === 'status 3')
        .map((m) => m.id),
    ).toEqual([reposted.messageId]);
  });

  it("still delivers a status message it cannot pin (the channel at Discord's pin cap), with one warning naming the code", async () => {
    const channel = fake.channel('full');
    for (let i = 0; i < MAX_PINS; i++) {
      fake.state.pin(
        fake.state.createMessage({
          channel,
          authorId: fake.user('alice').id,
          content: `pin ${i}`,
          embeds: [],
          attachments: [],
          flags: 0,
        }),
        fake.user('alice').id,
      );
    }
    const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
    const logged = createSender({
      rest,
      deps: { store: sqliteStoreOf(database) },
      maps: { render: async () => null },
      log: {
        warn: (fields: object, msg?: string) =>
          void warnings.push({ fields: fields as Record<string, unknown>, msg: msg ?? '' }),
      } as never,
    });
    const sent = (await logged(
      row({
        gameId: 7,
        payload: { type: 'status', gameId: 7, text: 'status of 7' },
        target: channel.id,
        targetKind: 'channel',
      }),
    )) as { messageId: string };
    const status = fake.channelMessages('full').find((m) => m.id === sent.messageId)!;
    expect(status.content).toBe('status of 7');
    expect(status.pinned).toBeFalsy();
    // The refused pin follows from the full channel this test set up: not a bug for unexpectedErrors() to report.
    for (const r of fake.state.requests) if (r.errorCode === 30003) r.expected = true;
    expect(warnings).toEqual([
      {
        fields: { gameId: 7, channel: channel.id, code: 30003, status: 400 },
        msg: "status message not pinned: the channel is at Discord's pin cap",
      },
    ]);
  });

  it("posts a game's first status message once, whichever status row sends it again after a crash", async () => {
    const first = (await send(
      row({
        gameId: 42,
        payload: { type: 'status', gameId: 42, text: 'status of 42' },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    )) as { messageId: string };
    const newer = await send(
      row({
        gameId: 42,
        payload: { type: 'status', gameId: 42, text: 'status of 42, newer' },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    );
    expect(newer).toEqual(first);
    expect(fake.channelMessages('main').filter((m) => m.content.startsWith('status of 42'))).toHaveLength(1);
    // Pinned once: the resend pinned the same message again, which Discord (and the stand-in) takes as a no-op.
    const status = fake.channelMessages('main').find((m) => m.content.startsWith('status of 42'))!;
    expect(status.pinned).toBe(true);
    expect(fake.channelMessages('main').filter((m) => m.type === 6 && m.reference === status.id)).toHaveLength(1);
  });

  it('sends DMs, and turns closed DMs and deleted channels into permanent failures', async () => {
    await send(
      row({
        payload: { type: 'dm', gameId: 1, text: 'your orders', reason: 'order_confirmation' },
        target: fake.user('alice').id,
        targetKind: 'user',
      }),
    );
    expect(fake.dms('alice').map((m) => m.content)).toEqual(['your orders']);

    fake.closeDms('bob');
    const closed = await send(
      row({
        payload: { type: 'dm', gameId: 1, text: 'x', reason: 'reminder' },
        target: fake.user('bob').id,
        targetKind: 'user',
      }),
    ).catch((e: unknown) => e);
    expect((closed as PermanentDeliveryError).reason).toBe('dm_closed');

    fake.deleteChannel('gone');
    const gone = await send(
      row({
        payload: { type: 'notice', gameId: 1, text: 'x' },
        target: fake.channel('gone').id,
        targetKind: 'channel',
      }),
    ).catch((e: unknown) => e);
    expect((gone as PermanentDeliveryError).reason).toBe('channel_gone');
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it("hands a game kind's rows to the kind they name, and refuses one no kind of this bot delivers (no attempt wasted)", async () => {
    const log = row({
      payload: { type: 'kind', gameId: 1, kind: 'cards', event: 'log', data: { text: 'Round 1 · Qin waged battle.' } },
      target: fake.channel('main').id,
      targetKind: 'channel',
    });
    // the card kind posts its log line in the game's log thread (opened on first use)
    await send(log);
    expect(fake.deliveries.map((d) => textOf(d))).toContain('Round 1 · Qin waged battle.');
    const stranger = await send(
      row({
        payload: { type: 'kind', gameId: 1, kind: 'chess', event: 'move', data: {} },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    ).catch((e: unknown) => e);
    expect([(stranger as PermanentDeliveryError).reason, (stranger as Error).message]).toEqual([
      'rejected',
      'no game kind "chess" delivers this row',
    ]);
    const unknownEvent = await send(
      row({
        payload: { type: 'kind', gameId: 1, kind: 'cards', event: 'shuffle', data: {} },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    ).catch((e: unknown) => e);
    expect((unknownEvent as PermanentDeliveryError).reason).toBe('rejected');
    const status = await send(
      row({
        payload: { type: 'status', gameId: 1, text: 'x', own: { kind: 'chess', data: {} } },
        target: fake.channel('main').id,
        targetKind: 'channel',
      }),
    ).catch((e: unknown) => e);
    expect((status as PermanentDeliveryError).reason).toBe('rejected');
  });

  it('sends a post longer than one message as several, each under 2,000 characters, in order; after a failure in the middle it goes on from the part that failed', async () => {
    // Discord deduplicates nothing here: only the outbox's record of the parts sent keeps one from going twice.
    fake.state.transport.nonceWindowMs = 0;
    const channel = fake.channel('main').id;
    const text = [
      '**Fall 1912 movement: results**',
      ...Array.from({ length: 400 }, (_, i) => `❌ \`A p${i} - q${i}\` — bounced with A r${i}`),
    ].join('\n');
    expect(text.length).toBeGreaterThan(8000);
    const recorded: number[] = [];
    const long = row({ payload: { type: 'notice', gameId: 1, text }, target: channel, targetKind: 'channel' });
    const attempt = (partsSent: number) => send({ ...long, partsSent, partSent: async (n) => void recorded.push(n) });
    const posted = () =>
      fake
        .channelMessages('main')
        .filter(
          (m) =>
            m.nonce !== undefined &&
            [
              nonceFor(long.dedupeKey),
              ...Array.from({ length: 10 }, (_, i) => nonceFor(long.dedupeKey, i + 1)),
            ].includes(m.nonce),
        );
    // Discord fails the third part (a 500 every time @discordjs/rest tries it).
    const failThird = (m: FakeMessage) => {
      if (m.channelId === channel && posted().length === 2) {
        fake.state.transport.fail(channel, 500, 4);
        fake.state.events.off('message', failThird);
      }
    };
    fake.state.events.on('message', failThird);
    await expect(attempt(0)).rejects.toThrow();
    expect(recorded).toEqual([1, 2]);
    expect(posted()).toHaveLength(2);
    await attempt(2);
    const parts = posted();
    expect(parts.length).toBeGreaterThanOrEqual(5);
    // Each part recorded once Discord had it, the third and later by the second attempt.
    expect(recorded).toEqual(Array.from({ length: parts.length }, (_, i) => i + 1));
    for (const m of parts) {
      expect(m.content.length).toBeLessThanOrEqual(2000);
      expect(m.embeds).toEqual([]);
    }
    expect(parts.map((m) => m.content).join('\n')).toBe(text);
    expect(fake.unexpectedErrors()).toEqual([]);
    fake.state.transport.nonceWindowMs = 120_000;
  });

  it('retries a map that fails to draw, then posts the text without it', async () => {
    const deps = { store: sqliteStoreOf(database), now: () => Date.now() };
    const channel = fake.channel('main').id;
    expect(
      (await createGame(deps, { channelId: channel, guildId: fake.guildId, userId: 'gm', variantId: 'classic' })).ok,
    ).toBe(true);
    await joinGame(deps, { channelId: channel, userId: fake.user('alice').id, power: 'France' });
    const started = await startGame(deps, { channelId: channel, userId: 'gm' });
    if (!started.ok) throw new Error(started.error);
    let calls = 0;
    const failing: MapRenderer = { render: async () => (calls++, null) };
    const drawing: MapRenderer = { render: async (_v, _p, _o, name) => ({ png: Buffer.from('fake png'), name }) };
    const sendWith = (maps: MapRenderer) => createSender({ rest, deps, maps });
    const startRow = (attempts: number, text: string) =>
      row({
        payload: { type: 'game_started', gameId: started.game.id, phaseId: started.phase.id, text },
        target: channel,
        targetKind: 'channel',
        attempts,
      });

    await expect(sendWith(failing)(startRow(0, 'no map yet'))).rejects.toThrow(/could not be drawn/);
    expect(fake.channelMessages('main').some((m) => m.content === 'no map yet')).toBe(false);
    await sendWith(failing)(startRow(MAP_ATTEMPTS - 1, 'text only'));
    expect(fake.channelMessages('main').find((m) => m.content === 'text only')?.attachments).toEqual([]);
    expect(calls).toBe(2);
    await sendWith(drawing)(startRow(0, 'with the map'));
    const withMap = fake.channelMessages('main').find((m) => m.content === 'with the map')!;
    expect(withMap.attachments.map((a) => [a.filename, a.contentType, a.data.toString()])).toEqual([
      ['spring-1901-movement.png', 'image/png', 'fake png'],
    ]);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  // Last: it adds to the channel's and Alice's messages the tests above count.
  it('formats the references of a game text (moments, members, channels) and sends a row written with markup, by older code, as it is', async () => {
    const main = fake.channel('main').id;
    const alice = fake.user('alice').id;
    const deadline = Date.UTC(2026, 0, 1, 12);
    const referenced = `⏰ ${memberRef(alice)}: orders for the game in ${channelRef(main)}, deadline ${timeRef(deadline, 'R')} (${timeRef(deadline, 'f')}).`;
    const rendered = `⏰ <@${alice}>: orders for the game in <#${main}>, deadline <t:1767268800:R> (<t:1767268800:f>).`;
    // A row queued before the upgrade holds Discord's markup itself: it goes out unchanged.
    const older = `⏰ <@${alice}>: orders, deadline <t:1767268800:R>. ⟦not a reference⟧`;
    await send(row({ payload: { type: 'notice', gameId: 1, text: referenced }, target: main, targetKind: 'channel' }));
    await send(row({ payload: { type: 'notice', gameId: 1, text: older }, target: main, targetKind: 'channel' }));
    await send(
      row({
        payload: { type: 'dm', gameId: 1, text: referenced, reason: 'reminder' },
        target: alice,
        targetKind: 'user',
      }),
    );
    await send(
      row({
        gameId: 9,
        payload: { type: 'status', gameId: 9, text: `**Game** · game master ${memberRef(alice)}` },
        target: main,
        targetKind: 'channel',
      }),
    );
    expect(fake.channelMessages('main').map((m) => m.content)).toEqual(
      expect.arrayContaining([rendered, older, `**Game** · game master <@${alice}>`]),
    );
    expect(fake.dms('alice').map((d) => d.content)).toContain(rendered);
  });
});
