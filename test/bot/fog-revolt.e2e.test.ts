/**
 * A Sepoy's revolt under fog of war through the Discord stand-in (docs/rules/warhammer.md "Warhammer under fog of war",
 * the row "a Sepoy's revolt"): the channel says which power revolted (not against whom); the place and unit go to the
 * powers that see the place after it (the Sepoy itself always) and the game master. The same fog game is played twice
 * with the leak scan of test/bot/fog-scan.ts: Kislev is conquered on the stored board (the Empire holds its centres:
 * years of play a test need not replay, as test/bot/warhammer-followers.e2e.test.ts does), its player follows the
 * Empire as a Sepoy with `/act action:follow`, three won battles are set on the board, and in Winter 2500 it revolts
 * with `/act action:revolt`: an army in Praag in world A, a fleet in Kislev in world B. The Lizardmen's and Cathay's
 * players and a member who plays nothing see neither place: they read exactly the same in both worlds (posts, DMs,
 * replies, `/map`, `/game status`, `/why`, `/history`, exports, the order pad); a planted leak (the game master's
 * DMs) is found. Then the Sepoy, the Empire (which sees both places) and the game master read the place and the unit.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedToAct } from '../../src/game/phase/duties.js';
import { phases } from '../../src/store/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { startPadHarness } from '../web/pad-support.js';
import { lastStatus, leaksBetween, readPad, readSoFar, seamMaps, type Drawn, type ScanWorld } from './fog-scan.js';
import { waitForResults } from './harness.js';

const variant = getVariant('warhammer')!;
const GM = 'ottokar';
const SEATS = { Empire: 'bartholomew', Kislev: 'cordelia', Lizardmen: 'desmond', Cathay: 'florian' } as const;
const OUTSIDER = 'evangeline';
const USERS = [GM, ...Object.values(SEATS), OUTSIDER];
/** Who sees neither Praag nor Kislev: they read the same in both worlds. */
const OBSERVERS = [SEATS.Lizardmen, SEATS.Cathay, OUTSIDER];
const isStatus = (content: string) => content.startsWith('**Warhammer Diplomacy');
const SCAN = { observers: OBSERVERS, isStatus };

/** What differs between the worlds: where the Sepoy revolts, and with which unit. */
const WORLDS = {
  A: { choice: 'praa', detail: 'army', place: 'Praag (praa)', unit: 'an army' },
  B: { choice: 'kisl', detail: 'fleet', place: 'Kislev (kisl)', unit: 'a fleet' },
} as const;

interface World extends ScanWorld {
  drawn: Drawn[];
}

/**
 * Every observer looks: the order pad, the map, the status, `/why` about both places, the action choices; after a
 * phase, its history and the export.
 */
async function everyoneLooks(w: Pick<World, 'h' | 'pad' | 'padReads'>, phase: string | null): Promise<void> {
  const { h } = w;
  for (const member of OBSERVERS) {
    if (member !== OUTSIDER) await readPad(w, member);
    await h.fake.slash(member, 'main', 'map');
    await h.fake.slash(member, 'main', 'game status');
    for (const province of ['praa', 'kisl']) await h.fake.slash(member, 'main', 'why', { province });
    await h.fake.autocomplete(member, 'main', 'act', { action: '' }, 'action');
    if (!phase) continue;
    await h.fake.slash(member, 'main', 'history show', { phase, map: 'after' });
    await h.fake.slash(member, 'main', 'history export');
  }
  await h.bot!.outbox.idle();
}

async function playWorld(world: 'A' | 'B'): Promise<World> {
  const seam = seamMaps();
  const pad = await startPadHarness({ users: USERS, channels: ['main'] }, { bot: { maps: seam.maps } });
  const h = pad.h;
  const looking = { h, pad, padReads: new Map<string, string[]>() };
  const openPhase = async () =>
    (await h.database.db.select().from(phases).where(isNull(phases.resolvedAt))).sort((x, y) => y.idx - x.idx)[0]!;
  /** Every seated power with something to decide says it is ready. */
  const readyActing = async () => {
    const { position } = await openPhase();
    for (const power of seatedToAct(variant, position, Object.keys(SEATS))) {
      await h.fake.slash(SEATS[power as keyof typeof SEATS], 'main', 'ready');
    }
  };
  await h.fake.slash(GM, 'main', 'game create', {
    variant: 'warhammer',
    options: 'decisiveBattles=gm',
    movement: '1h',
    retreat: '1h',
    adjustment: '1h',
    fog: 'on',
  });
  for (const [power, user] of Object.entries(SEATS)) await h.fake.slash(user, 'main', 'game join', { power });
  await h.fake.slash(GM, 'main', 'game start');
  // The opening DMs are drawn from the board as it starts: sent before the board is set below, in both worlds.
  await h.bot!.outbox.idle();
  // Kislev is conquered (set on the stored board): the Empire holds its centres; its player follows as a Sepoy.
  const spring = await openPhase();
  const conquered = structuredClone(spring.position);
  conquered.units = conquered.units.filter((u) => u.power !== 'Kislev');
  conquered.supplyCenters.Empire = [...conquered.supplyCenters.Empire!, ...conquered.supplyCenters.Kislev!];
  conquered.supplyCenters.Kislev = [];
  await h.database.db.update(phases).set({ position: conquered }).where(eq(phases.id, spring.id));
  const followed = await h.fake.slash(SEATS.Kislev, 'main', 'act', { action: 'follow', choice: 'sepoy' });
  expect(followed.text).toContain('Kislev now fights as a Sepoy of Empire');
  // Three battles already won (set on the board): it may revolt in the next adjustment phase.
  const withWins = structuredClone((await openPhase()).position);
  (withWins.variantState as { followers: Record<string, { wins: number }> }).followers.Kislev!.wins = 3;
  await h.database.db.update(phases).set({ position: withWins }).where(eq(phases.id, spring.id));
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  // The Empire leaves Altdorf, so that it has a build and the winter is played (not skipped).
  expect((await h.fake.slash(SEATS.Empire, 'main', 'order', { orders: 'A altd - wast' })).text).not.toContain('❌');
  await readyActing();
  await waitForResults(h, 'main', 'Spring 2500 movement');
  await readyActing();
  await waitForResults(h, 'main', 'Fall 2500 movement');
  expect((await openPhase()).type).toBe('adjustment');
  const { choice, detail } = WORLDS[world];
  const revolted = await h.fake.slash(SEATS.Kislev, 'main', 'act', { action: 'revolt', choice, detail });
  expect(revolted.text).toContain('🔥 Kislev revolts');
  await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🔥 Kislev, a Sepoy, revolts'));
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, 'F2500M');
  await readyActing();
  await waitForResults(h, 'main', 'Winter 2500 adjustment');
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, 'W2500A');
  return {
    ...looking,
    drawn: seam.drawn,
    ...readSoFar(h),
  };
}

describe('fog of war in Warhammer: the leak scan through a Sepoy’s revolt', () => {
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await playWorld('A');
    b = await playWorld('B');
  }, 120_000);

  afterAll(async () => {
    await a?.pad.close();
    await b?.pad.close();
  });

  const dmsOf = (w: World, member: string) => w.h.fake.dms(member).map((m) => m.content);
  const revoltPost = (w: World) =>
    w.h.fake.channelMessages('main').find((m) => m.content.startsWith('🔥 Kislev, a Sepoy, revolts'));

  it('the channel says who revolted, not against whom, once, without the place or the unit', () => {
    for (const w of [a, b]) {
      const posts = w.h.fake.channelMessages('main').filter((m) => m.content.startsWith('🔥'));
      expect(posts.map((m) => m.content)).toEqual([
        '🔥 Kislev, a Sepoy, revolts in **Winter 2500 adjustment** and takes a new capital. Under the fog of ' +
          'war, only the powers that see it learn where.',
      ]);
    }
    expect(revoltPost(a)?.content).toBe(revoltPost(b)?.content);
  });

  it('the revolt is on the board: the Sepoy is a power again in Spring 2501', async () => {
    for (const [w, world] of [
      [a, 'A'],
      [b, 'B'],
    ] as const) {
      const open = (await w.h.database.db.select().from(phases).where(isNull(phases.resolvedAt)))[0]!;
      expect(open.year).toBe(2501);
      const type = WORLDS[world].detail === 'army' ? 'A' : 'F';
      expect(open.position.units).toContainEqual(
        expect.objectContaining({ power: 'Kislev', type, province: WORLDS[world].choice }),
      );
    }
  });

  it('the observers looked: the history of the winter and the export of three phases, after the revolt', () => {
    const me = a.h.fake.user(SEATS.Cathay).id;
    const replies = a.h.fake.deliveries
      .filter((d) => d.audience.kind !== 'channel' && d.audience.userId === me && d.via !== 'dm')
      .map((d) => d.content);
    expect(replies.some((r) => r.startsWith('**Winter 2500 adjustment: results**'))).toBe(true);
    expect(replies.some((r) => r.startsWith('**The game as a file** (3 played phases'))).toBe(true);
  });

  it('no observer reads anything that differs between the worlds', () => {
    expect(leaksBetween(a, b, SCAN)).toEqual([]);
    expect(lastStatus(a, isStatus)).toBe(lastStatus(b, isStatus));
    expect(lastStatus(a, isStatus)).toContain('Spring 2501 movement');
  });

  it('a planted leak is found (the scan can fail): the game master’s DMs', () => {
    const plant = (w: World, member: string) => (member === SEATS.Cathay ? dmsOf(w, GM) : []);
    const found = leaksBetween(a, b, SCAN, plant).join('\n');
    expect(found).toContain(WORLDS.A.place);
    expect(found).toContain(WORLDS.B.place);
  });

  it('the Sepoy, the game master and the Empire (which sees the place) read the place and the unit', () => {
    for (const [w, world] of [
      [a, 'A'],
      [b, 'B'],
    ] as const) {
      const { place, unit } = WORLDS[world];
      const told = `${place} is its new capital, with ${unit}`;
      for (const member of [SEATS.Kislev, GM, SEATS.Empire])
        expect(dmsOf(w, member).join('\n'), `${world} ${member}`).toContain(told);
      for (const member of OBSERVERS) expect(dmsOf(w, member).join('\n'), `${world} ${member}`).not.toContain(place);
    }
  });
});
