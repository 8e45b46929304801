/**
 * A map that wraps round (Warhammer's Tempest Ocean, drawn at both side edges): a move, a convoy, a support or a
 * retreat across the ocean leaves the map by the nearer edge and comes in at the other, instead of crossing the whole
 * continent (before: 1,430–1,500 px arrows over 17–24 provinces in 10 of 12 played movement maps).
 */
import { describe, expect, it } from 'vitest';
import { length } from '../../src/render/route.js';
import type { Point } from '../../src/render/geometry.js';
import type { Scene } from '../../src/render/scene.js';
import { buildScene } from '../../src/render/index.js';
import { trackAt, unitTracks } from '../../src/render/replay/tracks.js';
import { renderCaseOf } from '../../src/cli/commands/render.js';
import { parseFlags } from '../../src/cli/io.js';
import { copiesOf } from '../../src/render/wrap.js';
import { geometryOf, rectInsideShape } from '../../src/render/geometry.js';
import { getVariant } from '../../src/variants/index.js';
import { sceneOfRenderCase } from './render-case.js';
import { playedScenesOnce } from './shared-scenes.js';
import { groundOf, longLines } from './scene-checks.js';

const across = {
  variant: 'warhammer',
  phase: { season: 'spring', year: 2501, type: 'movement' },
  units: [
    { power: 'Dark Elves', type: 'F', province: 'ntem' },
    { power: 'Lizardmen', type: 'F', province: 'mtem' },
    { power: 'Nippon', type: 'A', province: 'yoto' },
    { power: 'Lizardmen', type: 'A', province: 'itza' },
    { power: 'High Elves', type: 'F', province: 'stem' },
    { power: 'Dark Elves', type: 'A', province: 'doom' },
    { power: 'Dark Elves', type: 'F', province: 'hagg' },
  ],
  orders: [
    { power: 'Dark Elves', text: 'F ntem - doom' },
    { power: 'Dark Elves', text: 'F hagg S F ntem - doom' },
    { power: 'Lizardmen', text: 'F mtem C A yoto - itza' },
    { power: 'Nippon', text: 'A yoto - itza' },
    { power: 'Lizardmen', text: 'A itza - slus' },
    { power: 'High Elves', text: 'F stem - eind' },
    { power: 'Dark Elves', text: 'A doom - nagg' },
  ],
};

/** Where a line's end shows: wrapped into the frame. */
const shown = (scene: Scene, p: Point): Point => {
  const w = scene.frame.w;
  return [((((p[0] - scene.frame.x) % w) + w) % w) + scene.frame.x, p[1]];
};

describe('lines across a wrap-around sea', () => {
  it('leave by the nearer edge and come in at the other: short, and ending in their province', async () => {
    const { scene, variant } = await sceneOfRenderCase(across);
    expect(scene.wraps).toBe(true);
    const ground = groundOf(variant, scene);
    const line = (text: string) => scene.orders.find((o) => o.order === text)!;
    for (const [text, to] of [
      ['F ntem - doom', 'doom'],
      ['A yoto - itza', 'itza'],
      ['F stem - eind', 'eind'],
    ] as const) {
      const o = line(text);
      expect(length(o.path), text).toBeLessThan(scene.frame.w * 0.35);
      expect(copiesOf({ x0: scene.frame.x, width: scene.frame.w }, o.path).length, `${text} crosses an edge`).toBe(2);
      expect(ground(shown(scene, o.head!.tip)).id, text).toBe(to);
    }
    // The convoyed army's arrow runs through the fleet in the Mid Tempest Ocean, over the edge.
    const convoyed = line('A yoto - itza');
    const fleet = scene.units.find((u) => u.location === 'mtem')!;
    expect(
      convoyed.path.some((p) => Math.hypot(shown(scene, p)[0] - fleet.at[0], shown(scene, p)[1] - fleet.at[1]) < 30),
    ).toBe(true);
    // The support joins its arrow across the edge, not after a line over the whole map.
    const support = line('F hagg S F ntem - doom');
    expect(length(support.path)).toBeLessThan(scene.frame.w * 0.3);
    expect(longLines(scene, 0.35)).toEqual([]);
  });

  it('retreat options across the ocean are short too', async () => {
    const retreat = {
      variant: 'warhammer',
      phase: { season: 'spring', year: 2501, type: 'retreat' },
      units: [{ power: 'Dark Elves', type: 'F', province: 'mtem' }],
      dislodged: [
        {
          power: 'Lizardmen',
          type: 'F',
          province: 'mtem',
          attackerFrom: 'ntem',
          retreatOptions: ['doom', 'itza', 'slus', 'yoto', 'okty', 'stem'],
        },
      ],
      orders: [],
    };
    const { scene } = await sceneOfRenderCase(retreat);
    const options = scene.orders.filter((o) => o.kind === 'retreat-option');
    expect(options).toHaveLength(6);
    for (const o of options) expect(length(o.path), o.order).toBeLessThan(scene.frame.w * 0.25);
  });

  it('no line of a played Warhammer game runs across the map (board and orders maps)', async () => {
    const long: string[] = [];
    for (const { name, scene } of await playedScenesOnce(['warhammer']))
      long.push(...longLines(scene, 0.45).map((l) => `${name}: ${l}`));
    expect(long).toEqual([]);
  });

  it('a wrapped sea’s second label lies wholly in its own strip, never over the neighbouring sea (played Warhammer)', async () => {
    const warhammer = getVariant('warhammer')!;
    const geometry = geometryOf(warhammer.data);
    if (!geometry.ok) throw new Error(geometry.error);
    const sea = new Set(warhammer.data.provinces.filter((p) => p.kind === 'sea').map((p) => p.id));
    const wrong: string[] = [];
    let seconds = 0;
    for (const { name, scene } of await playedScenesOnce(['warhammer'])) {
      // A sea's second label (an exclave's, a land's other part, is not about the wrap).
      const seas = scene.labels.filter(
        (l, i) => sea.has(l.province) && scene.labels.findIndex((x) => x.province === l.province) !== i,
      );
      seconds += seas.length;
      for (const l of seas) {
        const { x, y, w, h } = l.box;
        const [s, f] = [scene.scale, scene.frame];
        const box = { x: (x - f.x) / s, y: (y - f.y) / s, w: w / s, h: h / s };
        if (!rectInsideShape(box, geometry.geometry.shapes.get(l.province)!)) wrong.push(`${name}: ${l.text}`);
      }
    }
    expect(seconds).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('a replay moves the unit over the edge: it never leaves the map, and ends where the board after has it', async () => {
    const { scene, variant } = await sceneOfRenderCase(across);
    const c = await renderCaseOf(across, parseFlags([], []));
    const after = buildScene(variant, c.adjudication!.position, {});
    if (!after.ok) throw new Error(after.error);
    const tracks = unitTracks(scene, after.scene);
    const fleet = tracks.find((t) => t.unit.location === 'stem')!;
    expect(fleet.kind).toBe('move');
    const there = after.scene.units.find((u) => u.location === 'eind')!;
    const end = trackAt(fleet, 1).at;
    expect(Math.hypot(end[0] - there.at[0], end[1] - there.at[1])).toBeLessThan(1);
    for (let k = 0; k <= 10; k++) {
      const at = trackAt(fleet, k / 10).at;
      expect(at[0]).toBeGreaterThanOrEqual(scene.frame.x);
      expect(at[0]).toBeLessThanOrEqual(scene.frame.x + scene.frame.w);
    }
  });
});
