/**
 * Warhammer's decisive battles on its maps (src/variants/warhammer/plugin/map-overlays.ts), rebuilt on
 * the seed's Example Turn: the provisional map marks where a battle may be declared, the final map each battle
 * fought in its winner's colour; the scene places each mark clear of labels and units and lists it in the legend.
 */
import { describe, expect, it } from 'vitest';
import { renderCaseOf } from '../../../src/cli/commands/render.js';
import { parseFlags } from '../../../src/cli/io.js';
import { contrastRatio } from '../../../src/render/color-science.js';
import { overlaps, rectAround } from '../../../src/render/placement.js';
import { pluginOf } from '../../../src/variants/index.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';
import { sceneOfRenderCase } from '../../render/render-case.js';
import { exampleTurnCase } from './example-turn.js';

describe('decisive battles on the map', () => {
  it('provisional result: swords (no power) where a battle may be declared — the two bounces and the dislodged fleet', async () => {
    const { scene } = await sceneOfRenderCase(exampleTurnCase);
    expect(scene.overlays.map((o) => [o.province, o.glyph, o.legend]).sort()).toEqual([
      ['altd', 'swords', 'a decisive battle may be declared here'],
      ['midd', 'swords', 'a decisive battle may be declared here'],
      ['reik', 'swords', 'a decisive battle may be declared here'],
    ]);
    expect(scene.legend.keys.filter((k) => k.kind === 'overlay').map((k) => k.text)).toEqual([
      'a decisive battle may be declared here',
    ]);
  });

  it('final result: swords in the winner’s colour where each battle was fought, one legend line per winner', async () => {
    const { scene } = await sceneOfRenderCase({
      ...exampleTurnCase,
      battles: [
        { province: 'midd', winner: 'Empire' },
        { province: 'reik', winner: 'Bretonnia' },
      ],
    });
    const marks = scene.overlays.map((o) => [o.province, o.legend]).sort();
    expect(marks).toEqual([
      ['midd', 'decisive battle won by Empire'],
      ['reik', 'decisive battle won by Bretonnia'],
    ]);
    const colour = (power: string) => scene.legend.entries.find((e) => e.power === power)!.color;
    expect(scene.overlays.find((o) => o.province === 'midd')!.color).toBe(colour('Empire'));
    // The fleet whose battle was won is not dislodged; Kislev's attack failed.
    expect(scene.orders.find((o) => o.order === 'F claw - midd')).toMatchObject({ failed: true });
  });

  it('every glyph reads on its disc: a light winner’s colour (the Empire’s yellow, Bretonnia’s pink) on a dark disc, the dark grey of "may be declared" on white', async () => {
    for (const raw of [
      exampleTurnCase,
      {
        ...exampleTurnCase,
        battles: [
          { province: 'midd', winner: 'Empire' },
          { province: 'reik', winner: 'Bretonnia' },
        ],
      },
    ]) {
      const { scene } = await sceneOfRenderCase(raw);
      for (const o of scene.overlays)
        expect(contrastRatio(o.color, o.disc!), `${o.province} ${o.legend}`).toBeGreaterThanOrEqual(3);
    }
    const { scene } = await sceneOfRenderCase({
      ...exampleTurnCase,
      battles: [{ province: 'midd', winner: 'Empire' }],
    });
    expect(scene.overlays.find((o) => o.province === 'midd')!.disc).not.toBe('#ffffff');
    expect((await sceneOfRenderCase(exampleTurnCase)).scene.overlays.every((o) => o.disc === '#ffffff')).toBe(true);
  });

  it('marks cover no label and no unit', async () => {
    for (const raw of [exampleTurnCase, { ...exampleTurnCase, battles: [{ province: 'midd', winner: 'Kislev' }] }]) {
      const { scene } = await sceneOfRenderCase(raw);
      for (const o of scene.overlays) {
        const box = rectAround(o.at, o.radius * 2.3, o.radius * 2.3);
        for (const l of scene.labels) expect(overlaps(box, l.box), `${o.province} mark on label ${l.text}`).toBe(false);
        // A mark may sit against its own province's unit like a badge (a crowded province), never over a unit's shape.
        for (const u of scene.units) {
          if (u.location === o.province)
            expect(
              Math.hypot(o.at[0] - u.at[0], o.at[1] - u.at[1]),
              `${o.province} mark on unit ${u.location}`,
            ).toBeGreaterThanOrEqual(u.size * 1.2 + o.radius);
          else
            expect(
              overlaps(box, rectAround(u.at, u.size * 2.4, u.size * 2.2)),
              `${o.province} mark on unit ${u.location}`,
            ).toBe(false);
        }
      }
    }
  });

  it('in a game, from the Decisive Battle step: the allowed declarations on the provisional picture, the winners on the final one', async () => {
    const c = await renderCaseOf(exampleTurnCase, parseFlags([], []));
    const step = {
      mode: 'gm' as const,
      provisional: c.adjudication!,
      allowed: [
        { power: 'Empire', unit: 'A nuln', kind: 'move' as const, province: 'reik' },
        { power: 'Empire', unit: 'F midd', kind: 'hold' as const, province: 'midd' },
      ],
      battles: [
        {
          id: 'midd',
          provinces: ['midd'],
          declarations: [],
          sides: [
            { lead: 'F midd', power: 'Empire' },
            { lead: 'F claw', power: 'Kislev' },
          ],
        },
      ] as never,
      outcomes: { midd: 'F claw' },
      declarationDeadlineMs: 0,
      battleDeadlineMs: null,
    };
    const records = { get: (kind: string) => (kind === 'battle-step' ? step : undefined), list: () => [] } as never;
    const ctx = (picture: string) => ({
      variant: warhammer,
      picture,
      options: {},
      records,
      phase: { index: 1, position: c.position, adjudication: c.adjudication!, orders: c.orders },
    });
    const overlaysOf = pluginOf('warhammer').mapOverlays!;
    expect(overlaysOf(ctx('provisional')).map((o) => [o.province, o.legend])).toEqual([
      ['midd', 'a decisive battle may be declared here'],
      ['reik', 'a decisive battle may be declared here'],
    ]);
    expect(overlaysOf(ctx('orders'))).toEqual([
      { kind: 'mark', glyph: 'swords', province: 'midd', power: 'Kislev', legend: 'decisive battle won by Kislev' },
    ]);
    expect(overlaysOf(ctx('after'))).toEqual([]);
  });

  it('nothing with battles off, on the board pictures, or in a phase that is not a movement', async () => {
    expect((await sceneOfRenderCase({ ...exampleTurnCase, options: { decisiveBattles: 'off' } })).overlays).toBe(0);
    const position = warhammer.startingPosition();
    const overlaysOf = pluginOf('warhammer').mapOverlays!;
    for (const picture of ['board', 'after'] as const) {
      expect(
        overlaysOf({
          variant: warhammer,
          picture,
          options: {},
          records: { get: () => undefined, list: () => [] },
          phase: { index: 0, position, adjudication: null },
        }),
      ).toEqual([]);
    }
  });
});
