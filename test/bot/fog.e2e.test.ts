/**
 * Fog of war end to end through the Discord stand-in (docs/table.md "Fog of war"): the leak scan over a whole game.
 *
 * The same fog game is played twice, the same orders everywhere but Turkey's: in world B Turkey's fleet and one army go
 * elsewhere, far from England, France and Germany (the same centres, so the public counts agree). Every member who
 * cannot see Turkey's corner (England's, France's and Germany's players, a member who plays nothing) must read exactly
 * the same in both worlds until the game ends: every post, DM, ephemeral reply (orders typed by hand about Turkey's
 * corner among them), autocomplete choice, file (an export's text) and picture. Pictures are drawn by a test seam that turns the render input (board, orders, results, fog) into
 * the PNG's bytes, so a picture differs exactly when what it was drawn from differs. A planted leak (the unfiltered
 * results, a map drawn from the whole board) is found, so the scan can fail. Then what each power does see, and the
 * full history once the game is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResultsSummary } from '../../src/game/core/summary.js';
import { getVariant } from '../../src/variants/index.js';
import { phasesOf } from '../../src/store/queries.js';
import { gameOfChannel } from '../support/table-columns.js';
import { slashConfirmed, waitForResults, type Harness } from './harness.js';
import { startPadHarness } from '../web/pad-support.js';
import {
  lastStatus,
  leaksBetween,
  readPad,
  seamMaps,
  viewsOf as scanViews,
  type Drawn,
  type ScanWorld,
  readSoFar,
} from './fog-scan.js';

const HOUR = 3_600_000;
const GM = 'ottokar';
const SEATS = { England: 'anneliese', France: 'bartholomew', Germany: 'cordelia', Turkey: 'desmond' } as const;
const OUTSIDER = 'evangeline';
const USERS = [GM, ...Object.values(SEATS), OUTSIDER];
/** Who cannot see Turkey's corner: they read the same in both worlds. */
const OBSERVERS = [SEATS.England, SEATS.France, SEATS.Germany, OUTSIDER];

/** Turkey's orders, the only thing that differs between the worlds (the same centres: Bulgaria in the fall). */
const TURKEY = {
  A: { spring: 'F ank - bla; A con - bul; A smy - arm', fall: 'F bla H; A bul H; A arm H' },
  B: { spring: 'F ank H; A con - bul; A smy - syr', fall: 'F ank H; A bul H; A syr H' },
} as const;

interface World extends ScanWorld {
  drawn: Drawn[];
  gameId: number;
}

const isStatusMessage = (content: string) => content.startsWith('**Classic Diplomacy** · game master');
const SCAN = { observers: OBSERVERS, isStatus: isStatusMessage };
const viewsOf = (w: World, member: string) => scanViews(w, member, isStatusMessage);

/** What an observer reads in one world and not the other: each is a leak of Turkey's corner. */
function leaks(a: World, b: World, plant?: (w: World, member: string) => string[]): string[] {
  return leaksBetween(a, b, SCAN, plant);
}

/**
 * Orders typed by hand that name Turkey's corner, from a unit of the prober's own (a support or convoy from it): each is
 * refused, for a reason that must read the same whatever stands there.
 */
const PROBES: ((own: string) => string)[] = [
  () => 'A arm H',
  () => 'bla H',
  () => 'F ank - con',
  () => 'A syr - arm',
  (own) => `${own} S arm - sev`,
  (own) => `${own} S A bla`,
  (own) => `${own} S F ank - bla`,
  (own) => `${own} C syr - arm`,
];
/** A unit of each observer's power: at the start, and on every board after Spring 1901 (Winter's builds are waived). */
const ownUnit = (phase: string | null): Record<string, string> => ({
  [SEATS.England]: phase ? 'yor' : 'lvp',
  [SEATS.France]: phase ? 'bur' : 'par',
  [SEATS.Germany]: phase ? 'den' : 'kie',
});

/** Moves the clock past the phase's deadline and waits for its results post. */
async function resolveNow(h: Harness, label: string, hours = 1): Promise<void> {
  // The order confirmations go out first (one still queued when its phase resolves is dropped: a timing, not a leak).
  await h.bot!.outbox.idle();
  h.clock.offset += hours * HOUR + 60_000;
  await h.bot!.scheduler.poke();
  await waitForResults(h, 'main', label);
  await h.bot!.outbox.idle();
}

/** Every observer looks: the map, the status, `/why`, the history and its maps, the export, a sandbox, autocomplete. */
async function everyoneLooks(w: Pick<World, 'h' | 'pad' | 'padReads'>, phase: string | null): Promise<void> {
  const { h } = w;
  for (const member of OBSERVERS) {
    if (member !== OUTSIDER) await readPad(w, member);
    await h.fake.slash(member, 'main', 'map');
    await h.fake.slash(member, 'main', 'game status');
    await h.fake.autocomplete(member, 'main', 'order', { orders: '' }, 'orders');
    await h.fake.slash(member, 'main', 'why', { province: 'bla' });
    await h.fake.slash(member, 'main', 'why', { province: 'arm' });
    // Orders typed by hand about Turkey's corner: a refusal must not tell what stands there (docs/table.md "Fog of war").
    if (member !== OUTSIDER)
      for (const probe of PROBES)
        await h.fake.slash(member, 'main', 'order', { orders: probe(ownUnit(phase)[member]!) });
    if (!phase) continue;
    await h.fake.slash(member, 'main', 'history show', { phase, map: 'orders' });
    await h.fake.slash(member, 'main', 'history show', { phase, map: 'after' });
    await h.fake.slash(member, 'main', 'history export');
    await h.fake.slash(member, 'main', 'sandbox start');
    await h.fake.slash(member, 'main', 'sandbox map');
    await h.fake.slash(member, 'main', 'sandbox share');
    await h.fake.slash(member, 'main', 'history replay', { share: true });
  }
  await h.bot!.outbox.idle();
}

async function playWorld(world: 'A' | 'B'): Promise<World> {
  const seam = seamMaps();
  const pad = await startPadHarness({ users: USERS, channels: ['main'] }, { bot: { maps: seam.maps } });
  const h = pad.h;
  const looking = { h, pad, padReads: new Map<string, string[]>() };
  // Fog of war as the game master asks for it: `/game create fog:on`.
  await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', movement: '1h', fog: 'on' });
  for (const [power, user] of Object.entries(SEATS)) await h.fake.slash(user, 'main', 'game join', { power });
  const gameId = (await gameOfChannel(h.store, h.fake.channel('main').id)).id;
  expect((await gameOfChannel(h.store, h.fake.channel('main').id)).fog).toBe(true);
  await h.fake.slash(GM, 'main', 'game start');
  await h.bot!.outbox.idle();
  await everyoneLooks(looking, null);
  // Spring 1901.
  await h.fake.slash(SEATS.England, 'main', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
  await h.fake.slash(SEATS.France, 'main', 'order', { orders: 'A par - bur; F bre - mao; A mar - spa' });
  await h.fake.slash(SEATS.Germany, 'main', 'order', { orders: 'A mun - ruh; A ber - kie; F kie - den' });
  await h.fake.slash(SEATS.Turkey, 'main', 'order', { orders: TURKEY[world].spring });
  await resolveNow(h, 'Spring 1901 movement');
  await everyoneLooks(looking, 'S1901M');
  // Fall 1901.
  await h.fake.slash(SEATS.England, 'main', 'order', { orders: 'F nth - nwy; F nwg H; A yor H' });
  await h.fake.slash(SEATS.France, 'main', 'order', { orders: 'F mao - por; A bur H; A spa H' });
  await h.fake.slash(SEATS.Germany, 'main', 'order', { orders: 'A kie - hol; A ruh - bel; F den H' });
  await h.fake.slash(SEATS.Turkey, 'main', 'order', { orders: TURKEY[world].fall });
  await resolveNow(h, 'Fall 1901 movement');
  await everyoneLooks(looking, 'F1901M');
  // Winter 1901: builds left to their deadline (waived).
  await resolveNow(h, 'Winter 1901 adjustment', 25);
  await everyoneLooks(looking, 'W1901A');
  // Spring 1902: the game master moves Turkey's army out of sight of the observers, each world the other way (the same
  // counts); the edit's notice and the edited phase's history and export must not tell where (docs/table.md).
  const [from, to] = world === 'A' ? ['arm', 'syr'] : ['syr', 'arm'];
  expect((await h.fake.slash(GM, 'main', 'gm edit move', { from, to })).text).toContain('moved');
  await h.bot!.outbox.idle();
  for (const [user, order] of [
    [SEATS.England, 'A yor H'],
    [SEATS.France, 'A bur H'],
    [SEATS.Germany, 'F den H'],
    [SEATS.Turkey, 'A bul H'],
  ] as const)
    await h.fake.slash(user, 'main', 'order', { orders: order });
  await resolveNow(h, 'Spring 1902 movement');
  await everyoneLooks(looking, 'S1902M');
  // Turkey's player leaves: the substitute call tells the channel what a claimer takes on, not where its units stand.
  await slashConfirmed(h, SEATS.Turkey, 'main', 'game leave');
  await h.bot!.outbox.idle();
  // A private replay, drawn for real (a GIF of Germany's view of each phase): part of what the scan compares.
  await h.fake.slash(SEATS.Germany, 'main', 'history replay');
  const w: World = {
    ...looking,
    drawn: seam.drawn,
    gameId,
    ...readSoFar(h),
  };
  // The end: a draw; the fog lifts.
  for (const user of Object.values(SEATS)) await h.fake.slash(user, 'main', 'draw');
  await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🏁 **Game over**'));
  await h.bot!.outbox.idle();
  // The fog lifted: the same replay is now of the whole board.
  await h.fake.slash(SEATS.Germany, 'main', 'history replay');
  return w;
}

/** The results of every resolved phase as the channel of a game without fog would show them (the truth). */
async function unfilteredResults(w: World): Promise<string[]> {
  const classic = getVariant('classic')!;
  const rows = await w.h.store.transaction(async (tx) => await phasesOf(tx, w.gameId));
  return rows.flatMap((r) => (r.adjudication ? [formatResultsSummary(classic, r.adjudication)] : []));
}

describe('fog of war: the leak scan over a whole game, played twice with Turkey moving differently', () => {
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await playWorld('A');
    b = await playWorld('B');
  }, 240_000);

  afterAll(async () => {
    await a?.pad.close();
    await b?.pad.close();
  });

  it('the game was played: four phases, results DMs with two maps each, fogged maps, exports and sandboxes', () => {
    for (const w of [a, b]) {
      const main = w.h.fake.channelMessages('main');
      for (const label of [
        'Spring 1901 movement',
        'Fall 1901 movement',
        'Winter 1901 adjustment',
        'Spring 1902 movement',
      ])
        expect(main.some((m) => m.content.startsWith(`**${label}: results**`))).toBe(true);
      const dms = w.h.fake.dms(SEATS.England);
      expect(dms.filter((m) => m.content.includes("**England**'s view")).length).toBe(4);
      expect(dms.some((m) => m.attachments.some((f) => f.filename.includes('orders-england')))).toBe(true);
      expect(w.drawn.filter((d) => d.opts.fog && d.opts.fog.length > 0).length).toBeGreaterThan(20);
      const exports = w.h.fake
        .interactions()
        .filter((i) => i.command === 'history export' && i.userId === w.h.fake.user(SEATS.England).id);
      expect(exports.length).toBe(4);
    }
    expect(viewsOf(a, SEATS.England).length).toBeGreaterThan(40);
  });

  it('a player’s private replay is their view: a GIF the same in both worlds, unlike the whole board’s', () => {
    const gifOf = (w: World) =>
      w.h.fake
        .interactions()
        .filter((i) => i.command === 'history replay' && i.userId === w.h.fake.user(SEATS.Germany).id)
        .flatMap((i) => i.attachments ?? [])
        .filter((f) => f.contentType === 'image/gif');
    const [gifA, gifB] = [gifOf(a), gifOf(b)];
    expect(gifA).toHaveLength(2);
    expect(gifB).toHaveLength(2);
    expect(gifA[0]!.data.length).toBeGreaterThan(1000);
    expect(Buffer.compare(gifA[0]!.data, gifB[0]!.data)).toBe(0);
    // After the end the same request shows Turkey's moves, which differ between the worlds: the comparison can fail.
    expect(Buffer.compare(gifA[1]!.data, gifB[1]!.data)).not.toBe(0);
  });

  it('the channel shows no board while the fog is up: no picture before the final post', () => {
    for (const w of [a, b]) {
      const posts = w.h.fake.deliveries
        .slice(0, w.deliveriesBefore)
        .filter((d) => d.audience.kind === 'channel' && d.via === 'channel');
      expect(posts.length).toBeGreaterThan(3);
      expect(posts.flatMap((d) => d.attachments)).toEqual([]);
      expect(posts.some((d) => d.content.includes('Still in (7)'))).toBe(true);
      // The game master's edit is told as an edit, not where (the game master's own reply says where).
      expect(posts.some((d) => d.content.startsWith('🛠️ The game master edited the board.'))).toBe(true);
      // Turkey's substitute call counts its units, never where they stand.
      expect(posts.some((d) => d.content.includes('4 supply centres; 3 units, out of sight under the fog'))).toBe(true);
      const reply = w.h.fake.interactions().find((i) => i.command === 'gm edit move');
      expect(reply?.text).toMatch(/moved the army of Turkey from (Armenia|Syria)/);
    }
  });

  it('no observer reads anything that differs between the worlds: nothing of Turkey leaks', () => {
    expect(leaks(a, b)).toEqual([]);
    expect(lastStatus(a, isStatusMessage)).toContain('Fall 1902 movement');
    expect(lastStatus(a, isStatusMessage)).toBe(lastStatus(b, isStatusMessage));
  });

  it('a planted leak is found (the scan can fail): the unfiltered results, or a map of the whole board', async () => {
    const truth = { A: await unfilteredResults(a), B: await unfilteredResults(b) };
    const text = leaks(a, b, (w, member) => (member === SEATS.England ? (w === a ? truth.A : truth.B) : []));
    expect(text.length).toBeGreaterThan(0);
    expect(text.join('\n')).toContain('F ank - bla');
    const whole = (w: World) =>
      w.drawn
        .filter((d) => !d.opts.fog && d.position.units.some((u) => u.power === 'Turkey'))
        .map((d) => d.png.toString('hex'));
    const image = leaks(a, b, (w, member) => (member === SEATS.Germany ? whole(w) : []));
    expect(image.length).toBeGreaterThan(0);
  });

  it('each power sees its own corner: Germany reads France’s army in Burgundy, its maps hold no Turkish unit', () => {
    const germany = a.h.fake
      .dms(SEATS.Germany)
      .map((m) => m.content)
      .join('\n');
    expect(germany).toContain('A bur H');
    expect(germany).not.toMatch(/\b(ank|con|smy|bla|arm)\b/);
    const germanMaps = a.drawn.filter((d) => d.name.includes('germany'));
    expect(germanMaps.length).toBeGreaterThan(0);
    for (const d of germanMaps) {
      expect(d.position.units.some((u) => u.power === 'Turkey')).toBe(false);
      expect(d.opts.fog).toContain('con');
    }
    // The order pad: England's board and legal orders never show a Turkish unit; Germany's show France's army.
    const state = (member: string) => (a.padReads.get(member) ?? []).filter((r) => r.startsWith('/api/view'));
    expect(state(SEATS.England).length).toBe(5);
    for (const r of state(SEATS.England)) expect(r).not.toContain('"power":"Turkey"');
    expect(state(SEATS.Germany).some((r) => /"province":"bur"[^}]*"power":"France"/.test(r))).toBe(true);
    // Nothing of a running fog game is shared in the channel: a replay, a sandbox.
    const shares = a.h.fake
      .interactions()
      .filter(
        (i) =>
          i.command === 'sandbox share' ||
          (i.command === 'history replay' && JSON.stringify(i.payload).includes('"name":"share"')),
      );
    expect(shares.length).toBe(2 * 4 * OBSERVERS.length);
    const outsider = a.h.fake.user(OUTSIDER).id;
    for (const i of shares) {
      // The member who plays nothing has no sandbox to share (they may copy none while the fog is up).
      if (i.userId === outsider && i.command === 'sandbox share') continue;
      expect(i.text, i.command).toContain('fog of war');
      // Refused privately: a public refusal would tell the channel whether its asker plays (test/bot/identities.e2e).
      expect(i.ephemeral, i.command).toBe(true);
    }
    const turkey = a.h.fake
      .dms(SEATS.Turkey)
      .map((m) => m.content)
      .join('\n');
    expect(turkey).toContain('F ank - bla');
  });

  it('a member who plays nothing sees no board; once the game is over the whole history opens', async () => {
    const refused = a.h.fake
      .interactions()
      .slice(0, a.interactionsBefore)
      .filter((i) => i.userId === a.h.fake.user(OUTSIDER).id && i.command === 'map');
    expect(refused.every((i) => i.text.includes('fog of war'))).toBe(true);
    const after = await a.h.fake.slash(SEATS.England, 'main', 'history show', { phase: 'S1901M' });
    expect(after.text).toContain('F ank - bla');
    const map = await a.h.fake.slash(OUTSIDER, 'main', 'map');
    expect(map.attachments.length).toBe(1);
  });
});
