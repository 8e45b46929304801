/**
 * The seed's optional campaign rules ("Variants") as game options. Each one is a configuration of the variant:
 * `warhammer.configure(options)` returns the variant with its map data and rules set for those options (the engine's
 * `Variant.configure`), so every caller (CLI, bot, renderer) sees the same board.
 * Interpretations with the seed sentences: docs/rules/warhammer.md §7.
 */
import type { GameOptionSpec } from '../../engine/rules.js';
import type { Position, Power, ProvinceId } from '../../engine/types.js';
import type { VariantData } from '../../engine/variant-data.js';
import { readState } from './state.js';
import { ORCS, SYLVANIA, VAMPIRE_COUNTS, EMPIRE } from './features.js';

const ON_OFF = ['off', 'on'] as const;

export const campaignOptions: Record<string, GameOptionSpec> = {
  strongCapitals: {
    values: ON_OFF,
    default: 'off',
    description: 'Strong Capitals: a unit holding on a capital holds with one more strength (the Illusion too)',
  },
  greaterEmpire: {
    values: ON_OFF,
    default: 'off',
    description: 'The Greater Empire: no Vampire Counts player; Sylvania is an Empire home centre',
  },
  orcsInTheHills: {
    values: ['off', 'pale', 'wrld', 'both'],
    default: 'off',
    description:
      "Orcs in the Hills: extra Orc armies in the Pale Sisters and/or the World's Edge Mountains, needing no centre, never rebuilt",
  },
  oldWorldOnly: {
    values: ON_OFF,
    default: 'off',
    description:
      "Old World only: the board inside the seed's edge ring; Karak Eight Peaks and the Ziggurat are not centres",
  },
  worthlessAbsentCentres: {
    values: ON_OFF,
    default: 'off',
    description: 'Absent powers: their home centres give no supply when taken',
  },
  cataclysmicBattles: {
    values: ON_OFF,
    default: 'off',
    description: "Cataclysmic Battles: the game master may mark a decisive battle's loser destroyed (gm mode)",
  },
};

export interface Campaign {
  strongCapitals: boolean;
  greaterEmpire: boolean;
  hills: ProvinceId[];
  oldWorldOnly: boolean;
  worthlessAbsentCentres: boolean;
  cataclysmicBattles: boolean;
  decisiveBattles: string;
}

export function campaignOf(options: Record<string, string>): Campaign {
  const hills = options.orcsInTheHills ?? 'off';
  return {
    strongCapitals: options.strongCapitals === 'on',
    greaterEmpire: options.greaterEmpire === 'on',
    hills: hills === 'both' ? ['pale', 'wrld'] : hills === 'off' ? [] : [hills],
    oldWorldOnly: options.oldWorldOnly === 'on',
    worthlessAbsentCentres: options.worthlessAbsentCentres === 'on',
    cataclysmicBattles: options.cataclysmicBattles === 'on',
    decisiveBattles: options.decisiveBattles ?? 'gm',
  };
}

/** Seed's Old World edge ring (brief §4.3) and the 38 provinces inside it. */
export const OLD_WORLD = [
  'grae',
  'sjok',
  'mtns',
  'edge',
  'zigg',
  'mgun',
  'kare',
  'bblo',
  'blag',
  'sths',
  'ngwo',
  'ssch',
  'albi',
  'altd',
  'athe',
  'aver',
  'barv',
  'bilb',
  'bmtn',
  'bord',
  'bpri',
  'carc',
  'chet',
  'claw',
  'cour',
  'gfor',
  'grey',
  'irra',
  'kadr',
  'kark',
  'kisl',
  'kung',
  'lang',
  'magr',
  'midd',
  'mira',
  'nuln',
  'ostl',
  'ostm',
  'pale',
  'praa',
  'reik',
  'rema',
  'sart',
  'skav',
  'snor',
  'sylv',
  'tran',
  'wast',
  'wrld',
];
/** "removing the centers at KARE and ZIGG to avoid the O&G getting too strong too quickly" */
const OLD_WORLD_NOT_CENTRES = ['kare', 'zigg'];

/** The map data for a campaign (a new object; the base is not changed). */
export function campaignData(base: VariantData, c: Campaign): VariantData {
  let data: VariantData = structuredClone(base);
  if (c.greaterEmpire) {
    // "If there is no Vampire Count player, give the Empire a 4th center at Sylvania."
    data.provinces = data.provinces.map((p) => (p.id === SYLVANIA ? { ...p, home: EMPIRE } : p));
    data.startingUnits = data.startingUnits.filter((u) => u.power !== VAMPIRE_COUNTS);
    const centres = { ...data.startingCenters! };
    centres[EMPIRE] = [...(centres[EMPIRE] ?? []), SYLVANIA].sort();
    data.startingCenters = centres;
    delete data.startingCenters[VAMPIRE_COUNTS];
    // No Vampire Counts player: the power is not in this campaign.
    data.powers = data.powers.filter((p) => p.name !== VAMPIRE_COUNTS);
  }
  for (const province of c.hills) {
    // "Start an Orc Army in the Pale Sister (Orc Massif) … you could start an Orc (or Goblin) army in the the World (WRLD) mountains."
    data.startingUnits = [...data.startingUnits, { power: ORCS, type: 'A', province, coast: null }];
  }
  if (c.oldWorldOnly) data = oldWorld(data);
  return data;
}

function oldWorld(data: VariantData): VariantData {
  const inside = new Set(OLD_WORLD);
  const keep = (p: ProvinceId) => inside.has(p);
  data.provinces = data.provinces.map((p) => {
    if (!keep(p.id)) return { ...p, kind: 'impassable', supplyCenter: false, home: null };
    if (OLD_WORLD_NOT_CENTRES.includes(p.id)) return { ...p, supplyCenter: false, home: null };
    return p;
  });
  const cut = (adj: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(adj)
        .filter(([p]) => keep(p.split('/')[0]!))
        .map(([p, list]) => [p, list.filter((q) => keep(q.split('/')[0]!))]),
    );
  data.armyAdjacency = cut(data.armyAdjacency);
  data.fleetAdjacency = cut(data.fleetAdjacency);
  data.links = data.links.filter((l) => keep(l.from.split('/')[0]!) && keep(l.to.split('/')[0]!));
  const centres = new Set(data.provinces.filter((p) => p.supplyCenter).map((p) => p.id));
  // Nations left without a home centre inside the ring are not in this campaign (their units are not placed).
  const playing = new Set(data.provinces.filter((p) => p.home).map((p) => p.home!));
  data.powers = data.powers.filter((p) => playing.has(p.name));
  data.startingUnits = data.startingUnits.filter((u) => keep(u.province) && playing.has(u.power));
  data.startingCenters = Object.fromEntries(
    Object.entries(data.startingCenters ?? {})
      .filter(([power]) => playing.has(power))
      .map(([power, list]) => [power, list.filter((p) => centres.has(p))]),
  );
  data.victory = { ...data.victory, centers: Math.floor(centres.size / 2) + 1 };
  return data;
}

/** Capitals for Strong Capitals: the nations', the Dogs of War cities chosen, revolted Sepoys' new ones. */
const capitalCache = new WeakMap<Position, Set<ProvinceId>>();
export function capitalsIn(position: Position, base: Record<Power, ProvinceId>): Set<ProvinceId> {
  let set = capitalCache.get(position);
  if (!set) {
    const state = readState(position);
    set = new Set([
      ...Object.values(base),
      ...Object.values(state.dogsOfWar).map((c) => c.city),
      ...Object.values(state.capitals),
    ]);
    capitalCache.set(position, set);
  }
  return set;
}
