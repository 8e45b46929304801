/**
 * Orders typed by hand in a fog game (docs/table.md "Fog of war"): they are read on the player's view, so a refusal
 * reads the same whatever stands out of sight (test/bot/fog.e2e.test.ts scans that over a whole game), and a support
 * for a unit out of sight stays legal once it names the unit's type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, type Harness } from './harness.js';

describe('orders typed by hand under fog of war', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bruno'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'England' });
    await h.fake.slash('bruno', 'main', 'game join', { power: 'Germany' });
    await setTableColumns(h.store, (await gameOfChannel(h.store, h.fake.channel('main').id)).id, { fog: true });
    await h.fake.slash('gm', 'main', 'game start');
    await h.bot!.outbox.idle();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a unit out of sight is not told apart from an empty province, nor its owner or type', async () => {
    // Kiel holds Germany's fleet, Holland nothing: both out of England's sight.
    const kiel = await h.fake.slash('alice', 'main', 'order', { orders: 'F kie - hol' });
    const holland = await h.fake.slash('alice', 'main', 'order', { orders: 'F hol - kie' });
    expect(kiel.text).toContain('England has no unit in Kiel');
    expect(holland.text).toContain('England has no unit in Holland');
    expect(kiel.text).not.toContain('Germany');
    const typed = await h.fake.slash('alice', 'main', 'order', { orders: 'A kie H' });
    expect(typed.text).not.toMatch(/fleet|Germany/);
  });

  it('a support for a unit out of sight asks for its type, then is stored as before', async () => {
    const untyped = await h.fake.slash('alice', 'main', 'order', { orders: 'F edi S hol - nth' });
    expect(untyped.text).toContain('Holland is out of sight: say which unit to support there, A (army) or F (fleet)');
    const typed = await h.fake.slash('alice', 'main', 'order', { orders: 'F edi S F hol - nth' });
    expect(typed.text).not.toContain('❌');
    const shown = await h.fake.slash('alice', 'main', 'orders show');
    expect(shown.text).toContain('F edi S F hol - nth');
    // Germany sees Kiel and Holland: its own refusal names what it sees, as in any game.
    const german = await h.fake.slash('bruno', 'main', 'order', { orders: 'A ber S hol - kie' });
    expect(german.text).toContain('there is no unit in Holland to support');
  });
});

describe('a retreat phase under fog of war', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bruno', 'carla', 'dario'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    const seats = { alice: 'England', bruno: 'Germany', carla: 'Russia', dario: 'Turkey' };
    for (const [user, power] of Object.entries(seats)) await h.fake.slash(user, 'main', 'game join', { power });
    await setTableColumns(h.store, (await gameOfChannel(h.store, h.fake.channel('main').id)).id, { fog: true });
    await h.fake.slash('gm', 'main', 'game start');
    const turn = async (orders: Record<string, string>) => {
      for (const [user, text] of Object.entries(orders)) await h.fake.slash(user, 'main', 'order', { orders: text });
      for (const user of Object.keys(seats)) await h.fake.slash(user, 'main', 'ready');
      await h.bot!.outbox.idle();
    };
    // Germany dislodges Russia's army in Warsaw, far out of England's sight.
    await turn({ alice: 'F lon H', bruno: 'A ber - pru; A mun - sil', carla: 'A war H', dario: 'A con H' });
    await turn({ alice: 'F lon H', bruno: 'A sil - war; A pru S A sil - war', carla: 'A war H', dario: 'A con H' });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('the status does not tell which power has a retreat to make', async () => {
    const status = await h.fake.slash('alice', 'main', 'game status');
    expect(status.text).toContain('Fall 1901 retreat');
    const line = (power: string) =>
      status.text
        .split('\n')
        .find((l) => l.startsWith(power))
        ?.replace(/^\w+ \([^)]*\) · /, '');
    // Russia, its army in Warsaw dislodged, reads like Turkey, which has nothing to retreat: its unit still counts.
    expect(line('Russia')?.replace(/\d+/g, 'N')).toBe(line('Turkey')?.replace(/\d+/g, 'N'));
    expect(line('Russia')).toBe('4 centres, 4 units');
  });
});
