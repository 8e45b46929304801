/**
 * The map never leaves out an order the adjudicator carried out: an order the players' vote adopted
 * for a unit no player owns is drawn in its power's colour (never a ballot), a virtual unit's move is drawn from
 * beside the province it moves into; a neutral power's units are marked as neutral. Scenes are built from
 * `cli render`'s own case handling, so the picture is what `adjudicate` decides.
 */
import { describe, expect, it } from 'vitest';
import { powerColor } from '../../src/render/palette.js';
import { mandateOfHeaven } from '../../src/variants/mandate-of-heaven/index.js';
import { warhammer } from '../../src/variants/warhammer/index.js';
import { galleryImages } from '../../src/render/gallery.js';
import { geometryOf } from '../../src/render/geometry.js';
import { buildScene, type Point, type Scene, renderMap } from '../../src/render/index.js';
import { insideProvince, toMap } from './helpers.js';
import { sceneOfRenderCase } from './render-case.js';
import { playedCases, playedScene } from './played.js';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderOptionsOf } from '../../src/cli/commands/render.js';

/** The province drawn under an output-pixel point of a Warhammer scene. */
function provinceAt(scene: Scene, p: Point): string | null {
  const g = geometryOf(warhammer.data);
  if (!g.ok) throw new Error(g.error);
  return g.geometry.locate(toMap(scene, p));
}

const ballots = (powers: string[], text: string) => powers.map((power) => ({ power, text }));

describe('orders adopted by the players’ vote (Mandate of Heaven rule 3)', () => {
  const majority = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'];
  const voteCase = {
    variant: 'mandate-of-heaven',
    phase: { season: 'spring', year: 1, type: 'movement' },
    orders: [
      ...ballots(majority, 'A lu - cao'),
      ...ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Wei'], 'A son S A lu - cao'),
      // One player's ballot for Zhou: no majority, so Zhou holds and nothing is drawn for it.
      { power: 'Han', text: 'A luo - hen' },
      { power: 'Qi', text: 'A lin - diq' },
      { power: 'Wei', text: 'A ye S A lin - diq' },
    ],
  };

  it('draws the adopted move and support in the neutral’s colour, and no ballot', async () => {
    const { scene } = await sceneOfRenderCase(voteCase);
    const lu = scene.orders.find((o) => o.order === 'A lu - cao');
    expect(lu).toMatchObject({ kind: 'move', power: 'Lu', outcome: 'success', failed: false });
    expect(lu!.color).toBe(
      powerColor(
        mandateOfHeaven.powers.find((p) => p.name === 'Lu'),
        'standard',
      ),
    );
    expect(lu!.path.length).toBeGreaterThan(1);
    expect(scene.orders.find((o) => o.order === 'A son S A lu - cao')).toMatchObject({
      kind: 'support',
      power: 'Song',
    });
    // No ballot drawn: every order mark belongs to the power that owns its unit.
    for (const o of scene.orders)
      expect(
        o.power === 'Lu' || o.power === 'Song' || o.power === 'Qi' || o.power === 'Wei' || o.kind === 'hold',
        o.order,
      ).toBe(true);
    expect(scene.orders.some((o) => o.order.startsWith('A luo -'))).toBe(false);
  });

  it('takes the case’s `players` as adjudicate does (two ballots are a majority of three seated players, not of all seven)', async () => {
    const few = { ...voteCase, orders: ballots(['Qin', 'Chu'], 'A lu - cao') };
    expect((await sceneOfRenderCase(few)).scene.orders.some((o) => o.order === 'A lu - cao')).toBe(false);
    const seated = await sceneOfRenderCase({ ...few, players: ['Qin', 'Chu', 'Qi'] });
    expect(seated.scene.orders.find((o) => o.order === 'A lu - cao')).toMatchObject({
      power: 'Lu',
      outcome: 'success',
    });
  });

  it('the attack on a neutral that held by default dislodges it on the map too', async () => {
    const { scene } = await sceneOfRenderCase(voteCase);
    expect(scene.symbols.filter((s) => s.kind === 'dislodged').map((s) => s.unit)).toContain('diq');
  });

  it('neutral powers’ units are drawn as neutral (white, ringed in their colour) and carry their mark', async () => {
    const { scene } = await sceneOfRenderCase(voteCase);
    const lu = scene.units.find((u) => u.location === 'lu')!;
    const qin = scene.units.find((u) => u.power === 'Qin')!;
    expect(lu).toMatchObject({ neutral: true, mark: 'Lu' });
    expect(qin.neutral).toBeUndefined();
    expect(qin.mark).toBe('Qn');
    expect(scene.legend.entries.find((e) => e.power === 'Lu')).toMatchObject({ neutral: true, mark: 'Lu' });
  });
});

describe('virtual units’ moves (Warhammer: the Vampire Counts’ Immortality)', () => {
  const risen = {
    variant: 'warhammer',
    phase: { season: 'fall', year: 2500, type: 'movement' },
    units: [
      { power: 'Empire', type: 'A', province: 'aver' },
      { power: 'Dwarves', type: 'A', province: 'kark' },
    ],
    supplyCenters: { Empire: ['sylv'] },
    orders: [{ power: 'Empire', text: 'A aver H' }],
  };

  it('draws the risen army outside Sylvania, in its colour with its mark, and its successful move into it', async () => {
    const { scene } = await sceneOfRenderCase(risen);
    const army = scene.units.find((u) => u.state === 'virtual')!;
    expect(army).toMatchObject({ power: 'Vampire Counts', mark: 'VC' });
    expect(insideProvince(warhammer, scene, army.at, 'sylv')).toBe(false);
    // Never in a province where a unit stands (it would read as "a Vampire army in Karak …"): on land nobody occupies.
    const ground = provinceAt(scene, army.at);
    expect(ground && warhammer.map.has(ground) && !warhammer.map.isSea(ground)).toBe(true);
    expect(risen.units.map((u) => u.province)).not.toContain(ground);
    for (const u of risen.units) expect(insideProvince(warhammer, scene, army.at, u.province), u.province).toBe(false);
    const move = scene.orders.find((o) => o.power === 'Vampire Counts' && o.kind === 'move')!;
    expect(move).toMatchObject({ outcome: 'success', failed: false });
    expect(move.path.length).toBeGreaterThan(1);
    expect(move.head).toBeDefined();
  });

  it('the risen army of the gallery’s Fall 2500 waits on land nobody occupies, its whole disc in one province, not in Karak Kadrin by the Dwarves', () => {
    const img = galleryImages().find((i) => i.file === 'warhammer-fall-2500-orders.png')!;
    const r = buildScene(img.variant, img.position, img.opts);
    if (!r.ok) throw new Error(r.error);
    const army = r.scene.units.find((u) => u.state === 'virtual' && u.power === 'Vampire Counts')!;
    const occupied = new Set(img.position.units.map((u) => u.province));
    const under = [0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
      provinceAt(r.scene, [
        army.at[0] + Math.cos((k * Math.PI) / 4) * army.size,
        army.at[1] + Math.sin((k * Math.PI) / 4) * army.size,
      ]),
    );
    under.push(provinceAt(r.scene, army.at));
    expect(new Set(under).size, under.join()).toBe(1);
    expect(occupied.has(under[0]!), under[0]!).toBe(false);
    expect(warhammer.map.isSea(under[0]!)).toBe(false);
  });

  it('S Immortality is drawn as the support it is carried out as: a line to the middle of the risen army’s arrow', async () => {
    const c = {
      ...risen,
      units: [
        ...risen.units,
        { power: 'Empire', type: 'A', province: 'sylv' },
        { power: 'Vampire Counts', type: 'A', province: 'gfor' },
      ],
      orders: [
        { power: 'Empire', text: 'A sylv H' },
        { power: 'Vampire Counts', text: 'A Gfor S Immortality' },
      ],
    };
    const { scene } = await sceneOfRenderCase(c);
    const move = scene.orders.find((o) => o.power === 'Vampire Counts' && o.kind === 'move')!;
    expect(move).toMatchObject({ outcome: 'success', failed: false });
    const support = scene.orders.find((o) => o.kind === 'support' && o.power === 'Vampire Counts')!;
    expect(support).toBeDefined();
    expect(scene.orders.filter((o) => o.power === 'Vampire Counts' && o.kind === 'hold')).toEqual([]);
    // It ends on the risen army's arrow, near its middle.
    const end = support.points[1]!;
    const onArrow = Math.min(...move.path.slice(1).map((b, k) => toSegment(end, move.path[k]!, b)));
    expect(onArrow).toBeLessThan(move.size * 0.5);
    const first = move.path[0]!;
    const last = move.path[move.path.length - 1]!;
    const fromStart = Math.hypot(end[0] - first[0], end[1] - first[1]);
    const fromEnd = Math.hypot(end[0] - last[0], end[1] - last[1]);
    const headLength = Math.hypot(move.head!.tip[0] - move.head!.base[0], move.head!.tip[1] - move.head!.base[1]);
    const length = Math.hypot(last[0] - first[0], last[1] - first[1]);
    if (length / 2 + headLength + move.size * 0.35 <= length)
      expect(Math.abs(fromStart - fromEnd)).toBeLessThan(length * 0.5);
    // A short arrow: on its shaft, behind the head (a dot beside the head would read as the supporter's move).
    else expect(fromEnd).toBeGreaterThanOrEqual(headLength);
  });

  it('S Immortality in a phase the army does not rise is drawn as the hold it is carried out as', async () => {
    const c = {
      ...risen,
      phase: { season: 'spring', year: 2501, type: 'movement' },
      units: [...risen.units, { power: 'Vampire Counts', type: 'A', province: 'gfor' }],
      orders: [{ power: 'Vampire Counts', text: 'A Gfor S Immortality' }],
    };
    const { scene } = await sceneOfRenderCase(c);
    expect(scene.orders.filter((o) => o.power === 'Vampire Counts').map((o) => o.kind)).toEqual(['hold']);
  });

  it('a move that bounces off a holding occupant is drawn failed', async () => {
    const { scene } = await sceneOfRenderCase({
      ...risen,
      units: [...risen.units, { power: 'Empire', type: 'A', province: 'sylv' }],
      orders: [{ power: 'Empire', text: 'A sylv H' }],
    });
    const move = scene.orders.find((o) => o.power === 'Vampire Counts' && o.kind === 'move')!;
    expect(move).toMatchObject({ outcome: 'failure', failed: true });
    expect(scene.symbols.some((s) => s.kind === 'failed')).toBe(true);
  });

  it('on a board with no orders (before the Fall is resolved) the move is drawn pending, never as if done', async () => {
    // A played second Fall: the Dwarves hold Sylvania, so the Immortality army will march on it at the deadline.
    const fall = playedCases('warhammer').find((c) => c.id === 'fall-2502-movement')!;
    const board = (await playedScene(fall, 'board')).scene;
    const move = board.orders.find((o) => o.power === 'Vampire Counts' && o.kind === 'move')!;
    expect(move).toMatchObject({ pending: true, outcome: null, failed: false });
    expect(board.legend.keys.map((k) => k.kind)).toContain('pending');
    expect(board.legend.keys.map((k) => k.kind)).not.toContain('move');
    // The orders map has its result: a move like any, not pending.
    const orders = (await playedScene(fall, 'orders')).scene;
    const done = orders.orders.find((o) => o.power === 'Vampire Counts' && o.kind === 'move')!;
    expect(done.pending).toBeUndefined();
    expect(done.outcome).not.toBeNull();
    expect(orders.legend.keys.map((k) => k.kind)).not.toContain('pending');
  });

  it('the virtual army is painted in its power’s very colour (see-through, crimson read as the Dwarves’ brown)', async () => {
    const fall = playedCases('warhammer').find((c) => c.id === 'fall-2502-movement')!;
    const { scene, drawn } = await playedScene(fall, 'board');
    const army = scene.units.find((u) => u.state === 'virtual' && u.power === 'Vampire Counts')!;
    const map = await renderMap(drawn.variant, drawn.position, renderOptionsOf(drawn));
    const image = await loadImage(map.png);
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const [x, y] = [Math.round(army.at[0]), Math.round(army.at[1] + army.size * 0.72)];
    const px = ctx.getImageData(x, y, 1, 1).data;
    const hex = `#${[...px.subarray(0, 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    expect(hex).toBe(
      powerColor(
        warhammer.powers.find((p) => p.name === 'Vampire Counts'),
        'standard',
      ),
    );
  });
});

/** Distance from `p` to the segment a–b. */
function toSegment(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const [dx, dy] = [b[0]! - a[0]!, b[1]! - a[1]!];
  const t = Math.max(0, Math.min(1, ((p[0]! - a[0]!) * dx + (p[1]! - a[1]!) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0]! - (a[0]! + t * dx), p[1]! - (a[1]! + t * dy));
}
