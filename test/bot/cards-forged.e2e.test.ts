/**
 * A member whose client edits the card game's custom ids (docs/bot.md "Card game turns"): every step that names a
 * card or a seat in its custom id or values checks it against the seat's own legal plays, so an edited id gets one
 * clear refusal ("The table changed — reopen", with the button that reopens the wizard), never an internal error,
 * and the table does not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGameState } from '../../src/cardgame/index.js';
import { buttonsOf, type FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const CH = 'forged';

describe('edited custom ids at a card table', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['eve', 'bob'], channels: [CH] });
    await h.start();
    await h.fake.slash('bob', CH, 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      preset: 'live',
      'dynasty-cards': true,
      'vacate-after': 0,
    });
    await h.fake.slash('bob', CH, 'game join', { power: 'Qin 秦' });
    await h.fake.slash('eve', CH, 'game join', { power: 'Yan 燕' });
    await h.fake.slash('bob', CH, 'game start');
    await h.bot!.outbox.idle();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const row = () =>
    h.database.sqlite
      .prepare('SELECT game_id AS game, state, version FROM card_games ORDER BY game_id DESC LIMIT 1')
      .get() as { game: number; state: string; version: number };
  const seatOf = (user: string) =>
    (
      h.database.sqlite.prepare('SELECT seat FROM card_seats WHERE user_id = ?').get(h.fake.user(user).id) as {
        seat: number;
      }
    ).seat;
  const table = (): FakeMessage =>
    h.fake
      .channelMessages(CH)
      .filter((m) => buttonsOf(m).some((b) => b.customId?.startsWith('cards:t:')) && h.fake.pings(m).users.length === 0)
      .at(-1)!;

  /** Sends the edited id from the table message; expects the stale refusal and an unchanged table. */
  async function refusedAsStale(customId: string, values?: string[]): Promise<void> {
    const before = row();
    const i = await h.fake.forge('eve', table(), customId, values);
    expect(i.ephemeral, customId).toBe(true);
    expect(i.text, customId).toBe('⚠️ The table changed — reopen.');
    expect(row(), customId).toEqual(before);
  }

  it('a play wizard step naming a card the seat cannot play (none, or another hand’s) is refused as stale', async () => {
    const { game, version, state } = row();
    const other = (JSON.parse(state) as CardGameState).seats[seatOf('bob')]!.hand[0]!;
    await refusedAsStale(`cards:pk:${game}:${version}:XYZ`);
    await refusedAsStale(`cards:pk:${game}:${version}:${other}`);
    await refusedAsStale(`cards:pq:${game}:${version}:${other}`, ['XYZ']);
  });

  it('a start seat that is no seat, or offered when no Spy claim lets the chooser pick one, is refused as stale', async () => {
    h.clock.offset += 100_000; // the setup give's deadline: the defaults, then the choice of the first battle
    await expect.poll(() => (JSON.parse(row().state) as CardGameState).phase, { timeout: 10_000 }).toBe('choose');
    await h.bot!.outbox.idle();
    const { game, version } = row();
    await refusedAsStale(`cards:cs:${game}:${version}`, ['99']);
    await refusedAsStale(`cards:cs:${game}:${version}`, ['0']);
  });
});
