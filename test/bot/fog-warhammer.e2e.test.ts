/**
 * Fog of war in a Warhammer game through the Discord stand-in (docs/rules/warhammer.md "Warhammer under fog of war"):
 * the leak scan of test/bot/fog.e2e.test.ts over Warhammer's own steps. The same fog game (decisive battles reported by
 * the game master) is played twice through the Dogs of War muster, the provisional results and declarations, a
 * decisive battle in the Wasteland and its outcome. Between the worlds only what the far powers cannot see differs:
 * Tilea's muster (a fleet in Remas, or an army in Miragliano), the Empire's fleet, and who wins the Wasteland. The
 * Lizardmen's and Cathay's players and a member who plays nothing must read exactly the same in both worlds (posts, DMs,
 * replies, autocomplete, `/why`, `/history`, exports, the order pad, pictures by their render input); a planted leak
 * (the game master's whole-board DMs) is found. Then what the sides, Tilea and the game master do read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOfChannel } from '../support/table-columns.js';
import { waitForResults } from './harness.js';
import { startPadHarness } from '../web/pad-support.js';
import { lastStatus, leaksBetween, readPad, readSoFar, seamMaps, type Drawn, type ScanWorld } from './fog-scan.js';

const GM = 'ottokar';
const SEATS = {
  Bretonnia: 'anneliese',
  Empire: 'bartholomew',
  Tilea: 'cordelia',
  Lizardmen: 'desmond',
  Cathay: 'florian',
} as const;
const OUTSIDER = 'evangeline';
/** Watches Bretonnia, allowed by its player (without its orders). */
const SPECTATOR = 'gustav';
const USERS = [GM, ...Object.values(SEATS), OUTSIDER, SPECTATOR];
/** Who sees neither the Wasteland nor Tilea: they read the same in both worlds. */
const OBSERVERS = [SEATS.Lizardmen, SEATS.Cathay, OUTSIDER];
const isStatus = (content: string) => content.startsWith('**Warhammer Diplomacy');
const SCAN = { observers: OBSERVERS, isStatus };

/** What differs between the worlds: all of it out of the Lizardmen's and Cathay's sight. */
const WORLDS = {
  A: { muster: { choice: 'rema', detail: 'fleet' }, tilea: 'F rema H', midd: 'F midd H', winner: 'Empire' },
  B: { muster: { choice: 'mira', detail: 'army' }, tilea: 'A mira H', midd: 'F midd - claw', winner: 'Bretonnia' },
} as const;

interface World extends ScanWorld {
  drawn: Drawn[];
}

/**
 * Every observer looks: the order pad, the map, the status, `/why` about the Wasteland, the action choices; after a
 * phase, its history, the export and a sandbox of the board.
 */
async function everyoneLooks(w: Pick<World, 'h' | 'pad' | 'padReads'>, phase: string | null): Promise<void> {
  const { h } = w;
  for (const member of OBSERVERS) {
    if (member !== OUTSIDER) await readPad(w, member);
    await h.fake.slash(member, 'main', 'map');
    await h.fake.slash(member, 'main', 'game status');
    await h.fake.slash(member, 'main', 'why', { province: 'wast' });
    await h.fake.autocomplete(member, 'main', 'act', { action: '' }, 'action');
    if (!phase) continue;
    await h.fake.slash(member, 'main', 'history show', { phase, map: 'after' });
    await h.fake.slash(member, 'main', 'history export');
    await h.fake.slash(member, 'main', 'sandbox start');
    await h.fake.slash(member, 'main', 'sandbox map');
  }
  await h.bot!.outbox.idle();
}

async function playWorld(world: 'A' | 'B'): Promise<World> {
  const facts = WORLDS[world];
  const seam = seamMaps();
  const pad = await startPadHarness({ users: USERS, channels: ['main'] }, { bot: { maps: seam.maps } });
  const h = pad.h;
  const looking = { h, pad, padReads: new Map<string, string[]>() };
  const created = await h.fake.slash(GM, 'main', 'game create', {
    variant: 'warhammer',
    options: 'decisiveBattles=gm',
    movement: '1h',
    retreat: '1h',
    adjustment: '1h',
    fog: 'on',
  });
  expect(created.text).toContain('**Warhammer Diplomacy');
  for (const [power, user] of Object.entries(SEATS)) await h.fake.slash(user, 'main', 'game join', { power });
  expect((await gameOfChannel(h.store, h.fake.channel('main').id)).fog).toBe(true);
  await h.fake.slash(GM, 'main', 'game start');
  await h.bot!.outbox.idle();
  const asked = await h.fake.slash(SPECTATOR, 'main', 'spectate', { power: 'Bretonnia' });
  expect(asked.text).toContain('the player of **Bretonnia** decides');
  const request = await h.fake.waitForDm(SEATS.Bretonnia, (m) => m.content.includes('asks to watch **Bretonnia**'));
  await h.fake.click(SEATS.Bretonnia, request, { label: 'Allow' });
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  // The Dogs of War muster: Tilea chooses, privately; the Spring orders open.
  const mustered = await h.fake.slash(SEATS.Tilea, 'main', 'act', { action: 'muster', ...facts.muster });
  expect(mustered.text).toContain('Every Dogs of War player has chosen');
  await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🐕 **The Dogs of War have mustered**'));
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  // Spring 2500: the Wasteland bounce lets Bretonnia and the Empire declare.
  const orders: Record<keyof typeof SEATS, string> = {
    Bretonnia: 'A cour - wast; F lang H',
    Empire: `A altd - wast; A nuln H; ${facts.midd}`,
    Tilea: facts.tilea,
    Lizardmen: 'A tlax H; F xlan H',
    Cathay: 'A baij H; A hong H; F cali H',
  };
  for (const [power, user] of Object.entries(SEATS)) {
    const r = await h.fake.slash(user, 'main', 'order', { orders: orders[power as keyof typeof SEATS] });
    expect(r.text, `${power}: ${r.text}`).not.toContain('❌');
  }
  await h.bot!.outbox.idle();
  for (const user of Object.values(SEATS)) await h.fake.slash(user, 'main', 'ready');
  await h.fake.waitForChannelMessage('main', (m) =>
    m.content.startsWith('**Spring 2500 movement: provisional results**'),
  );
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  await h.fake.slash(SEATS.Bretonnia, 'main', 'act', { action: 'declare', choice: 'move A cour' });
  await h.fake.slash(SEATS.Empire, 'main', 'act', { action: 'declare', choice: 'move A altd' });
  await h.fake.waitForChannelMessage('main', (m) => m.content.includes('decisive battle declarations are closed'));
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  // The game master reports the battle; the outcomes and the results follow.
  const reported = await h.fake.slash(GM, 'main', 'gm act', {
    action: 'battle',
    choice: 'wast',
    detail: facts.winner,
  });
  expect(reported.text).toContain('Every battle is reported');
  await waitForResults(h, 'main', 'Spring 2500 movement');
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, 'S2500M');
  return {
    ...looking,
    drawn: seam.drawn,
    ...readSoFar(h),
  };
}

describe('fog of war in Warhammer: the leak scan through the muster, the declarations and a decisive battle', () => {
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await playWorld('A');
    b = await playWorld('B');
  }, 300_000);

  afterAll(async () => {
    await a?.pad.close();
    await b?.pad.close();
  });

  const dmsOf = (w: World, member: string) => w.h.fake.dms(member).map((m) => m.content);

  it('the steps were played: the muster, the provisional results, the battle and its outcome, the results', () => {
    for (const w of [a, b]) {
      const main = w.h.fake.channelMessages('main').map((m) => m.content);
      for (const start of [
        '🐕 **The Dogs of War have mustered**: Tilea',
        '**Spring 2500 movement: provisional results**',
        '⚔️ **Spring 2500 movement**: the decisive battle declarations are closed',
        '⚔️ **Spring 2500 movement**: the battle outcomes are in',
        '**Spring 2500 movement: results**',
      ])
        expect(
          main.some((m) => m.startsWith(start)),
          start,
        ).toBe(true);
    }
  });

  it('the observers looked: a sandbox of their view, its map drawn with the fog', () => {
    const maps = a.h.fake
      .interactions()
      .filter((i) => i.command === 'sandbox map' && i.userId === a.h.fake.user(SEATS.Lizardmen).id);
    expect(maps.length).toBe(1);
    expect(maps[0]!.attachments?.length).toBe(1);
  });

  it('the channel names the phase and the powers only: no place, no unit, no picture before the end', () => {
    for (const w of [a, b]) {
      const posts = w.h.fake.deliveries.filter((d) => d.audience.kind === 'channel' && d.via === 'channel');
      expect(posts.flatMap((d) => d.attachments)).toEqual([]);
      const text = posts.map((d) => d.content).join('\n');
      expect(text).not.toMatch(/\b(wast|rema|mira|cour|altd)\b|Wasteland|Remas|Miragliano/);
      expect(text).toContain('May declare: Empire; Bretonnia');
    }
  });

  it('no observer reads anything that differs between the worlds', () => {
    expect(leaksBetween(a, b, SCAN)).toEqual([]);
    expect(lastStatus(a, isStatus)).toBe(lastStatus(b, isStatus));
    expect(lastStatus(a, isStatus)).toContain('Fall 2500 movement');
  });

  it('a planted leak is found (the scan can fail): the game master’s whole-board DMs', () => {
    const plant = (w: World, member: string) => (member === SEATS.Cathay ? dmsOf(w, GM) : []);
    const found = leaksBetween(a, b, SCAN, plant);
    expect(found.join('\n')).toContain('Tilea: fleet in Remas (rema)');
    expect(found.join('\n')).toContain('**Empire** (A altd) won');
  });

  it('Bretonnia’s spectator gets its view of the steps, never its possible declarations', () => {
    const watched = dmsOf(a, SPECTATOR).join('\n');
    expect(watched).toContain('Watching **Bretonnia**');
    expect(watched).toContain('**Spring 2500 movement: provisional results** as Bretonnia sees them');
    expect(watched).toContain('the decisive battles Bretonnia fights or sees');
    expect(watched).toContain('• The Wasteland (wast): **Empire** (A altd) won.');
    expect(watched).not.toContain('Decisive Battle phase has begun');
    // The copies address the spectator as a spectator, never as the player (docs/table.md "Spectators").
    expect(watched).not.toMatch(/in your sight|Your decisive|Your choice|fights for you/);
  });

  it('each power reads what it sees: the sides their battle, Tilea its unit, the game master everything', () => {
    const bretonnia = dmsOf(a, SEATS.Bretonnia).join('\n');
    expect(bretonnia).toContain('**Spring 2500 movement: provisional results** as Bretonnia sees them');
    expect(bretonnia).toContain('**The Wasteland (wast)**');
    expect(bretonnia).toContain('Empire A altd (declared)');
    expect(bretonnia).toContain('• The Wasteland (wast): **Empire** (A altd) won.');
    expect(bretonnia).not.toMatch(/rema|Remas/);
    const tilea = dmsOf(a, SEATS.Tilea).join('\n');
    expect(tilea).toContain('What Tilea sees of their units:\n• Tilea: fleet in Remas (rema)');
    expect(tilea).not.toContain('Wasteland');
    const far = dmsOf(a, SEATS.Lizardmen).join('\n');
    expect(far).toContain('What Lizardmen sees of their units:\nNothing of it is in your sight.');
    const gm = dmsOf(a, GM).join('\n');
    expect(gm).toContain('Tilea: fleet in Remas (rema)');
    expect(gm).toContain('__Bretonnia__: decisive move A cour → The Wasteland (wast)');
    expect(gm).toContain('⚔️ **Spring 2500 movement: decisive battles** (1)');
    // The muster DMs carry each power's map of its view: Tilea's shows its fleet, the Lizardmen's no Tilean unit.
    const views = a.drawn.filter((d) => d.opts.fog && d.opts.fog.length > 0);
    expect(views.some((d) => d.name.includes('tilea') && d.position.units.some((u) => u.province === 'rema'))).toBe(
      true,
    );
    for (const d of a.drawn.filter((x) => x.name.includes('lizardmen')))
      expect(d.position.units.some((u) => u.power === 'Tilea' || u.province === 'wast')).toBe(false);
  });
});
