/**
 * Orders typed by hand in a fog game (docs/table.md "Fog of war"): they are read on the player's view, so a refusal
 * reads the same whatever stands out of sight (test/bot/fog.e2e.test.ts scans that over a whole game), and a support
 * for a unit out of sight stays legal once it names the unit's type. `/why` of a province no order in sight named says
 * so as the power's view, not that nothing was ordered there.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.js';
import { phases } from '../../src/store/schema.js';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

/** A started fog game of `variant` in channel `main`: alice plays `alice`'s power, bruno `bruno`'s, gm masters it. */
async function fogGame(variant: string, alice: string, bruno: string): Promise<Harness> {
  const h = await createHarness({ users: ['gm', 'alice', 'bruno'], channels: ['main'] });
  await h.start();
  await h.fake.slash('gm', 'main', 'game create', { variant, movement: '1h' });
  await h.fake.slash('alice', 'main', 'game join', { power: alice });
  await h.fake.slash('bruno', 'main', 'game join', { power: bruno });
  await setTableColumns(h.store, (await gameOfChannel(h.store, h.fake.channel('main').id)).id, { fog: true });
  await h.fake.slash('gm', 'main', 'game start');
  await h.bot!.outbox.idle();
  return h;
}

describe('orders typed by hand under fog of war', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await fogGame('classic', 'England', 'Germany');
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
    // A running fog game says so, as its create post did: the board the reader sees is their power's view.
    expect(status.text).toContain('🌫️ Fog of war: each power sees only what stands near its own units and centres.');
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

describe('/why under fog of war', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await fogGame('classic', 'England', 'France');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a province no order in sight named is told as the power saw it, not as if nothing was ordered there', async () => {
    // Brest is out of England's sight, the English Channel in it: France's move there is an order England never saw.
    await h.fake.slash('bruno', 'main', 'order', { orders: 'F bre - eng' });
    await h.bot!.outbox.idle();
    h.clock.offset += 3_660_000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Spring 1901 movement');
    const english = await h.fake.slash('alice', 'main', 'why', { province: 'eng' });
    expect(english.text).toBe('⚠️ Nothing has been ordered in English Channel yet, as far as England can see.');
    h.fake.setLocale('alice', 'zh-CN');
    const chinese = await h.fake.slash('alice', 'main', 'why', { province: 'eng' });
    expect(chinese.text).toMatch(/^⚠️ 在英国的视野中，English Channel ?尚无任何指令。$/);
    // France saw its own move.
    expect((await h.fake.slash('bruno', 'main', 'why', { province: 'eng' })).text).toContain('F bre - eng');
  });
});

describe('a placement out of sight under fog of war (Mandate of Heaven)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await fogGame('mandate-of-heaven', 'Hsiung-Nu', 'Qin');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a placement where a unit stands out of sight reads as one where nothing stands', async () => {
    // The Hsiung-Nu have no unit or centre yet: they see nothing. Pei Choushi's army stands in Pei Choushi, Qiang is
    // empty; both are in the placement area.
    const probe = async (orders: string, place: RegExp) => {
      await slashConfirmed(h, 'alice', 'main', 'orders clear');
      const reply = (await h.fake.slash('alice', 'main', 'order', { orders })).text;
      const shown = (await h.fake.slash('alice', 'main', 'orders show')).text;
      return [reply, shown].map((text) => text.replace(place, 'PLACE'));
    };
    const occupied = await probe('A pch B', /Pei Choushi|pch/g);
    const empty = await probe('A qia B', /Qiang|qia/g);
    expect(occupied[0]).toContain('✅ Stored: `A PLACE B`');
    // The sites still open: each list without the ordered place, so with the other (neither told apart).
    expect(occupied.map((t) => t.replace(/(Qiang|qia), /, ''))).toEqual(
      empty.map((t) => t.replace(/(Pei Choushi|pch), /, '')),
    );
  });

  it('a build in a centre out of sight is not told apart by whose centre it is', async () => {
    // Choson's centre and Wu, a province without a centre, are both far out of Qin's sight: a ballot for a neutral's
    // build there would tell whose centre it is (and whether a unit stands in it).
    const neutral = await h.fake.slash('bruno', 'main', 'order', { orders: 'A cho B' });
    const none = await h.fake.slash('bruno', 'main', 'order', { orders: 'A wu B' });
    expect(neutral.text).not.toContain('Choson:');
    expect(neutral.text.replace(/Choson|cho/g, 'PLACE')).toBe(none.text.replace(/\bWu\b|\bwu\b/g, 'PLACE'));
  });

  it('the adjudication fails a placement where a unit stands, and the armies due are placed elsewhere', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'A pch B; A qia B; A ron B' });
    await h.fake.slash('alice', 'main', 'ready');
    await h.bot!.outbox.idle();
    const open = (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
    const nomads = open.position.units.filter((u) => u.power === 'Hsiung-Nu').map((u) => u.province);
    expect(open.position.units.find((u) => u.province === 'pch')?.power).toBe('Pei Choushi');
    expect(nomads).toHaveLength(3);
    expect(nomads).toEqual(expect.arrayContaining(['qia', 'ron']));
  });
});

describe('the nomads’ placement progress under fog of war (Mandate of Heaven)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await fogGame('mandate-of-heaven', 'Hsiung-Nu', 'Qin');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('counts the placements the nomads see to make, not those the whole board leaves room for', async () => {
    // Every site of the placement area but Qiang holds a neutral army, out of the nomads' sight: on the whole board one
    // placement is left to make, on their view three.
    const open = (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
    const position = structuredClone(open.position);
    for (const province of ['ron', 'bei', 'jyu', 'lhu', 'lfa', 'ysh', 'dhu'])
      position.units.push({ power: 'Pei Choushi', type: 'A', province, coast: null });
    await h.database.db.update(phases).set({ position }).where(eq(phases.id, open.id));
    const reply = (await h.fake.slash('alice', 'main', 'order', { orders: 'A qia B' })).text;
    expect(reply).toMatch(/Still without an order: 2 builds/);
    await h.bot!.outbox.idle();
    // The status the table reads agrees with what the nomads are told: some orders, not all in.
    const nomads = (await h.fake.slash('bruno', 'main', 'game status')).text
      .split('\n')
      .find((l) => l.startsWith('Hsiung-Nu'));
    expect(nomads).toContain('some orders');
    expect(nomads).not.toContain('orders in');
  });
});

describe('the nomads’ placement area filled out of their sight (Mandate of Heaven)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await fogGame('mandate-of-heaven', 'Hsiung-Nu', 'Qin');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('they still have their placements to make: /ready and the status never say there is nothing to decide', async () => {
    // Every site of the placement area holds a neutral army, out of the nomads' sight: on the whole board no placement
    // is left to make, on their view three.
    const open = (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
    const position = structuredClone(open.position);
    for (const province of ['qia', 'ron', 'bei', 'jyu', 'lhu', 'lfa', 'ysh', 'dhu'])
      position.units.push({ power: 'Pei Choushi', type: 'A', province, coast: null });
    await h.database.db.update(phases).set({ position }).where(eq(phases.id, open.id));
    const line = async () =>
      (await h.fake.slash('bruno', 'main', 'game status')).text.split('\n').find((l) => l.startsWith('Hsiung-Nu'));
    expect(await line()).toContain('no orders');
    const reply = (await h.fake.slash('alice', 'main', 'order', { orders: 'A qia B' })).text;
    expect(reply).toMatch(/Still without an order: 2 builds/);
    await h.bot!.outbox.idle();
    expect(await line()).toContain('some orders');
    // Were they told they have nothing to decide, they would know their area is full where their map shows it free.
    const ready = (await h.fake.slash('alice', 'main', 'ready')).text;
    expect(ready).not.toMatch(/nothing to decide/);
    // Every seat ready: the placement is adjudicated, and fails where the armies stand.
    await h.bot!.outbox.idle();
    const next = (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
    expect(next.position.phase.type).toBe('movement');
    expect(next.position.units.filter((u) => u.power === 'Hsiung-Nu')).toEqual([]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});

describe('Warring States’ special orders under fog of war', () => {
  let h: Harness;
  const openPhase = async () => (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
  /** The open phase's board, changed by `edit` (a world that differs only out of Qin's sight, or a fleet of its own). */
  const setBoard = async (edit: (p: Position) => Position) => {
    const open = await openPhase();
    await h.database.db
      .update(phases)
      .set({ position: edit(structuredClone(open.position)) })
      .where(eq(phases.id, open.id));
  };

  beforeAll(async () => {
    h = await fogGame('warring-states', 'Qin', 'Chu');
    // Qin's army in Xianyang is a fleet (fleets are raised, never built): a rapid river move runs from it.
    await setBoard((p) => ({
      ...p,
      units: p.units.map((u) => (u.power === 'Qin' && u.province === 'xia' ? { ...u, type: 'F' as const } : u)),
    }));
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('a rapid river move and a raise read the same whatever stands out of sight', async () => {
    // Luoyang, the move's last space, and Zhe are out of Qin's sight; a unit stands in Luoyang at the start.
    const refusal = (text: string) => text.split('\n').find((l) => l.startsWith('❌')) ?? text;
    const probe = async () => [
      (await h.fake.slash('alice', 'main', 'order', { orders: 'F xia - any - luo' })).text,
      refusal((await h.fake.slash('alice', 'main', 'order', { orders: 'A luo R F' })).text).replace(
        /Luoyang|luo/g,
        'X',
      ),
      refusal((await h.fake.slash('alice', 'main', 'order', { orders: 'A zhe R F' })).text).replace(/Zhe\w*|zhe/g, 'X'),
    ];
    const occupied = await probe();
    expect((await openPhase()).position.units.some((u) => u.province === 'luo')).toBe(true);
    expect(occupied[0]).toContain('✅');
    expect(occupied[1]).toBe(occupied[2]);
    // The other world: nothing in Luoyang.
    await setBoard((p) => ({ ...p, units: p.units.filter((u) => u.province !== 'luo') }));
    expect(await probe()).toEqual(occupied);
  });
});
