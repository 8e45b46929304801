/**
 * Spectators' copies (src/game/outbox/watchers.ts, docs/table.md "Spectators"): a row that shows the watched seat's
 * player the game is copied, as queued, to the power's allowed spectators, the same payload headed by whose view it
 * is; the hook a fog game's per-power results DM (reason `results`) goes through. Orders before the results only with
 * `show_orders`; nothing for another power, a reminder, a stopped spectator or a seat that changed hands.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enqueue, worded, type DmReason } from '../../../src/game/outbox/index.js';
import { answerRequest, askToWatch, stopWatching } from '../../../src/game/spectators/index.js';
import { msg, t, type Msg } from '../../../src/i18n/index.js';
import { outbox, players, spectators } from '../../../src/store/schema.js';
import { CHANNEL, makeEnv, ok, outboxRows, startedGame, userOf, type TestEnv } from '../helpers.js';

const SPECTATOR = 'user-dave';

describe("spectators' copies", () => {
  let env: TestEnv;
  let gameId: number;

  /** Queues a DM to a power's player, as a feature would. */
  async function dmTo(power: string, reason: string, key: string): Promise<void> {
    await env.deps.store.transaction(async (tx) => {
      await enqueue(tx, {
        gameId,
        payload: {
          type: 'dm',
          gameId,
          reason: reason as DmReason,
          ...worded([msg('text.plain', { text: `${power}'s own view` })]),
        },
        target: { kind: 'user', id: userOf(power) },
        dedupeKey: key,
        now: env.clock.t,
      });
    });
  }
  const copies = async () => (await outboxRows(env.deps)).filter((r) => r.target === SPECTATOR && r.kind === 'dm');

  beforeEach(async () => {
    env = await makeEnv();
    gameId = ok(await startedGame(env.deps, ['England', 'France'])).game.id;
    const asked = ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: SPECTATOR, power: 'England' }));
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('England'), answer: 'allow' }));
  });

  afterEach(async () => {
    await env.close();
  });

  it("copies a fog game's results DM to the power's spectator, the same payload headed by whose view it is", async () => {
    await dmTo('England', 'results', 'fog-results:1:England:t');
    const [copy, ...more] = (await copies()).filter((r) => r.dedupeKey.startsWith('fog-results:'));
    expect(more).toEqual([]);
    expect(copy!.dedupeKey).toBe('fog-results:1:England:t|watch:1');
    const payload = copy!.payload as { reason: string; watch: unknown; lines: { key: string }[]; text: string };
    expect(payload.reason).toBe('results');
    expect(payload.watch).toEqual({ power: 'England' });
    expect(payload.lines.map((l) => l.key)).toEqual(['spectate.copy.head', 'text.plain']);
    expect(payload.text).toMatch(/^👁 Watching \*\*England\*\* in .*\nEngland's own view$/);
  });

  it('copies nothing of another power, a reminder, or orders before the results without show_orders', async () => {
    await dmTo('France', 'results', 'fog-results:1:France:t');
    await dmTo('England', 'reminder', 'reminder:1:England');
    await dmTo('England', 'order_confirmation', 'confirm:1:England:t');
    expect((await copies()).filter((r) => !r.dedupeKey.startsWith('spectate-'))).toEqual([]);
  });

  it('stops copying once stopped, and drops the copies not sent yet', async () => {
    await dmTo('England', 'results', 'fog-results:1:England:a');
    ok(await stopWatching(env.deps, { channelId: CHANNEL, userId: SPECTATOR }));
    await dmTo('England', 'results', 'fog-results:2:England:b');
    const rows = (await copies()).filter((r) => r.dedupeKey.startsWith('fog-results:'));
    expect(rows.map((r) => [r.dedupeKey, r.failedAt !== null])).toEqual([['fog-results:1:England:a|watch:1', true]]);
  });

  it("words a variant's lines that address the player for the spectator, in every line, not just the first", async () => {
    await env.deps.store.transaction(async (tx) => {
      await enqueue(tx, {
        gameId,
        payload: {
          type: 'dm',
          gameId,
          reason: 'results',
          ...worded([
            msg('text.plain', { text: 'What England sees:' }),
            { key: 'variant.warhammer.fog.nothingSeen' } as unknown as ReturnType<typeof msg>,
          ]),
        },
        target: { kind: 'user', id: userOf('England') },
        dedupeKey: 'fog-view:1:England',
        now: env.clock.t,
      });
    });
    const [copy] = (await copies()).filter((r) => r.dedupeKey.startsWith('fog-view:'));
    const payload = copy!.payload as { lines: { key: string }[]; text: string };
    expect(payload.lines.map((l) => l.key)).toEqual([
      'spectate.copy.head',
      'text.plain',
      'variant.warhammer.watched.fog.nothingSeen',
    ]);
    expect(payload.text).not.toMatch(/\byour\b/i);
    expect(payload.text).toContain("Nothing of it is in this power's sight.");
  });

  it("words Warhammer's Decisive Battle opening DM for a spectator allowed the orders, in every locale", async () => {
    await env.deps.store.transaction((tx) => tx.update(spectators).set({ showOrders: true }));
    const params = { phase: 'Spring 2500', channel: '#war', power: 'England', count: 2, commanders: 'England, Kislev' };
    const open = {
      key: 'variant.warhammer.dm.open',
      params: { ...params, date: 'today', relative: 'soon' },
    } as unknown as Msg;
    await env.deps.store.transaction(async (tx) => {
      await enqueue(tx, {
        gameId,
        payload: { type: 'dm', gameId, reason: 'variant', ...worded([open]) },
        target: { kind: 'user', id: userOf('England') },
        dedupeKey: 'variant:open:England',
        now: env.clock.t,
      });
    });
    const [copy] = (await copies()).filter((r) => r.dedupeKey.startsWith('variant:open'));
    const payload = copy!.payload as { lines: Msg[]; text: string };
    expect(payload.lines.map((l) => l.key)).toEqual(['spectate.copy.head', 'variant.warhammer.watched.dm.open']);
    expect(payload.text).toContain('The player of England may declare 2 decisive battles');
    // The spectator is told neither to declare nor how: the `/act` commands are the player's.
    for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const) {
      const text = t(locale, payload.lines[1]!);
      expect(text).not.toMatch(/\/(act|agir|行动|行動)|choice:none|detail:/);
      expect(text).toMatch(/England/);
    }
    expect(t('fr', payload.lines[1]!)).toContain('Le joueur d’England peut déclarer');
  });

  it('copies nothing once the seat changed hands after the consent', async () => {
    await env.deps.store.transaction((tx) =>
      tx
        .update(players)
        .set({ joinedAt: env.clock.t + 1 })
        .where(and(eq(players.gameId, gameId), eq(players.power, 'England'))),
    );
    await dmTo('England', 'results', 'fog-results:1:England:t');
    const rows = await env.deps.store.db.select().from(outbox).where(eq(outbox.target, SPECTATOR));
    expect(rows.filter((r) => r.dedupeKey.startsWith('fog-results:'))).toEqual([]);
  });
});
