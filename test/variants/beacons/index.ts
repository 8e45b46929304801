/**
 * Beacons: the small test variant — proof that a variant is a folder. Six land provinces, two powers,
 * Classic's rules, and one rule of its own carried entirely by its plug-in (./plugin.ts): after the orders of each
 * movement phase close, each player secretly lights a beacon in a province (a step before the claim, with a secret
 * input, through one action, `/act action:light`); the status says so in one line, the results map rings the
 * beacons that burned, and `/why` tells of one.
 *
 * Nothing outside this folder and its test (test/bot/beacons.e2e.test.ts) knows it: the test registers it with
 * `registerVariant(beacons, beaconsPlugin)` from the registry, and the bot offers and plays it like a bundled one.
 *
 *     a — b — c          Red starts in a (home centre), Blue in f (home centre);
 *     |   |   |          b and e are neutral centres; 3 centres win.
 *     d — e — f
 */
import type { Variant } from '../../../src/engine/variant.js';
import { buildVariant, parseVariantData } from '../../../src/variants/build.js';

export { beaconsPlugin } from './plugin.js';

const province = (id: string, name: string, supplyCenter = false, home: string | null = null) => ({
  id,
  name,
  abbreviation: id.toUpperCase(),
  kind: 'land' as const,
  supplyCenter,
  home,
});

export const beacons: Variant = buildVariant(
  parseVariantData(
    {
      id: 'beacons',
      name: 'Beacons (test variant)',
      powers: [
        { name: 'Red', color: '#c0392b' },
        { name: 'Blue', color: '#2c3e91' },
      ],
      provinces: [
        province('a', 'Ashford', true, 'Red'),
        province('b', 'Brindle', true),
        province('c', 'Carrow'),
        province('d', 'Dunmere'),
        province('e', 'Eastfold', true),
        province('f', 'Fennick', true, 'Blue'),
      ],
      armyAdjacency: {
        a: ['b', 'd'],
        b: ['a', 'c', 'e'],
        c: ['b', 'f'],
        d: ['a', 'e'],
        e: ['b', 'd', 'f'],
        f: ['c', 'e'],
      },
      fleetAdjacency: {},
      startingPhase: { season: 'spring', year: 1901, type: 'movement' },
      startingUnits: [
        { power: 'Red', type: 'A', province: 'a' },
        { power: 'Blue', type: 'A', province: 'f' },
      ],
      victory: { centers: 3 },
      geometry: {
        width: 900,
        height: 600,
        points: {
          a: [[150, 150]],
          b: [[450, 150]],
          c: [[750, 150]],
          d: [[150, 450]],
          e: [[450, 450]],
          f: [[750, 450]],
        },
      },
    },
    'the Beacons test variant',
  ),
);
