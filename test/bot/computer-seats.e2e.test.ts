import { first } from '../../src/store/store.js';
/**
 * Computer players in the seats through the real bot and the Discord stand-in: the game master hands a
 * power in civil disorder to a computer player (the channel is told, the seat is named as a computer player); at
 * each phase opening its orders are computed in the AI's worker thread and stored like anyone's before the deadline,
 * it counts as ready, nobody sees its orders before the results (every delivery and every log line at info or
 * above is scanned), it goes along with the humans' draw, and the power goes back to a person.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { games, orders, phases, readiness } from '../../src/store/schema.js';
import { textOf } from '../support/fake-discord/index.js';
import { createHarness, waitForResults, type Harness } from './harness.js';

const CHANNEL = 'main';

async function until<T>(
  what: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  label: string,
): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await what();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${label}`);
}

describe('computer players in the seats of a Classic game', () => {
  let h: Harness;
  const raw: string[] = [];

  beforeAll(async () => {
    const log = createLogger('debug', { write: (s: string) => void raw.push(s) });
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'dave'], channels: [CHANNEL] }, { log });
    await h.start();
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
      // Players stay silent for phases here; seats going to substitutes is test/bot/seats.e2e.test.ts.
      'vacate-after': 0,
    });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', CHANNEL, 'game start');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const db = () => h.database.db;
  const currentPhase = async () => {
    const game = first(await db().select().from(games).limit(1))!;
    return first(await db().select().from(phases).where(eq(phases.id, game.currentPhaseId!)).limit(1))!;
  };
  const italyOrders = async (phaseId: number) =>
    await db()
      .select()
      .from(orders)
      .where(and(eq(orders.phaseId, phaseId), eq(orders.power, 'Italy')));
  const italyReady = async (phaseId: number) =>
    first(
      await db()
        .select()
        .from(readiness)
        .where(and(eq(readiness.phaseId, phaseId), eq(readiness.power, 'Italy'))),
    )?.ready === true;

  /** No delivery since `since` and no log line at info or above carries one of `texts`. */
  function expectUnseen(texts: string[], since: number): void {
    for (const delivery of h.fake.deliveries.slice(since)) {
      const text = textOf(delivery);
      for (const t of texts) expect(text.includes(t), `computer order "${t}" leaked (${delivery.via})`).toBe(false);
    }
    for (const line of raw) {
      const parsed = JSON.parse(line) as { level: number };
      if (parsed.level < 30) continue;
      for (const t of texts)
        expect(line.includes(t), `computer order "${t}" in a log line at level ${parsed.level}`).toBe(false);
    }
  }

  /** Waits until the computer seat stored its orders for the current phase and is ready; returns their texts. */
  async function computerPlayed(): Promise<{ phaseId: number; texts: string[] }> {
    const phase = await currentPhase();
    await until(async () => await italyReady(phase.id), `Italy ready in phase ${phase.idx}`);
    const rows = await italyOrders(phase.id);
    for (const r of rows) expect(r.submittedBy).toBe('computer:normal:Italy');
    // Stored before the deadline, while the phase is still open.
    expect((await currentPhase()).id).toBe(phase.id);
    expect((await currentPhase()).resolvedAt).toBeNull();
    return { phaseId: phase.id, texts: rows.map((r) => `\`${r.text}\``) };
  }

  it('a game master hands a power in civil disorder to a computer player; the channel is told', async () => {
    const user = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy', user: 'dave', computer: true });
    expect(user.text).toContain('either to a user or to a computer player');
    const none = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy' });
    expect(none.text).toContain('or choose the `computer` option');
    const levelAlone = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy', user: 'dave', level: 'easy' });
    expect(levelAlone.text).toContain('`level:` is how well a computer player plays');
    const notMaster = await h.fake.slash('alice', CHANNEL, 'gm replace', { power: 'Italy', computer: true });
    expect(notMaster.text).toMatch(/❌|⚠️/);
    const replaced = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy', computer: true });
    expect(replaced.ephemeral).toBe(true);
    expect(replaced.text).toContain('A computer player (normal) now plays **Italy**');
    await h.fake.waitForChannelMessage(
      CHANNEL,
      (m) => m.content === '🔁 Italy is now played by a computer player (normal).',
    );
    // The game's status message names the seat's player as a computer player.
    await until(
      () =>
        h.fake
          .channelMessages(CHANNEL)
          .find(
            (m) =>
              m.content.startsWith('**Classic Diplomacy** · game master') &&
              /Italy[^\n]*computer player/.test(m.content),
          ),
      'the status message naming the computer player',
    );
  });

  it('plays its orders at each phase opening, secret until the results, and counts as ready', async () => {
    const since = 0;
    const spring = await computerPlayed();
    expect(spring.texts.length).toBe(3); // Italy's three units
    expectUnseen(spring.texts, since);
    await h.fake.slash('alice', CHANNEL, 'ready');
    await h.fake.slash('bob', CHANNEL, 'ready');
    const results = await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    for (const t of spring.texts) expect(results.content).toContain(t);

    const fallSince = h.fake.deliveries.length;
    const fall = await computerPlayed();
    expect(fall.phaseId).not.toBe(spring.phaseId);
    expectUnseen(
      fall.texts.filter((t) => !spring.texts.includes(t)),
      fallSince,
    );
    await h.fake.slash('alice', CHANNEL, 'ready');
    await h.fake.slash('bob', CHANNEL, 'ready');
    await waitForResults(h, CHANNEL, 'Fall 1901 movement');
    // A computer player reads no DMs: nothing was ever sent to a user that is not a member.
    for (const d of h.fake.deliveries) expect(JSON.stringify(d.audience)).not.toContain('computer:');
  }, 120_000);

  it('the power goes back to a person, who is named; the computer player is not told by DM', async () => {
    const back = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy', user: 'dave' });
    // Whether the computer player had stored Italy's orders yet depends on its worker's timing: the reply counts them.
    expect(back.text).toMatch(
      new RegExp(
        `<@${h.fake.user('dave').id}> now plays \\*\\*Italy\\*\\*, replacing a computer player \\(normal\\)(; its (order|\\d+ orders) for this phase (was|were) cleared)?\\. The channel has been told\\.`,
      ),
    );
    await h.fake.waitForChannelMessage(
      CHANNEL,
      (m) =>
        m.content === `🔁 Italy is now played by <@${h.fake.user('dave').id}>, replacing a computer player (normal).`,
    );
    await h.fake.waitForDm('dave', (m) => m.content.includes('You now play **Italy**'));
  });

  it('a game of only computer players is refused; a computer seat goes along with the humans\u2019 draw', async () => {
    const computerAgain = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Italy', computer: true });
    expect(computerAgain.text).toContain('A computer player (normal) now plays **Italy**');
    const france = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'France', computer: true });
    expect(france.text).toMatch(
      new RegExp(
        `A computer player \\(normal\\) now plays \\*\\*France\\*\\*, replacing <@${h.fake.user('alice').id}>, who is told by DM(; its (order|\\d+ orders) for this phase (was|were) cleared)?\\. The channel has been told\\.`,
      ),
    );
    // Germany is the last power a person plays.
    const germany = await h.fake.slash('gm', CHANNEL, 'gm replace', { power: 'Germany', computer: true });
    expect(germany.text).toContain(
      'Germany is the last power a person plays; a game of only computer players is refused.',
    );
    // The computer seats never block a draw: Germany's vote, the only human one, ends the game.
    const draw = await h.fake.slash('bob', CHANNEL, 'draw');
    expect(draw.ephemeral).toBe(true);
    await until(async () => first(await db().select().from(games).limit(1))!.status === 'finished', 'the draw');
    expect(first(await db().select().from(games).limit(1))!.end).toMatchObject({ kind: 'draw' });
  });
});
