import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { pluginMsg } from '../../../src/game/phase/index.js';
import { t } from '../../../src/i18n/index.js';
import { pluginOf } from '../../../src/variants/index.js';
import type { Position } from '../../../src/engine/types.js';
import {
  applyRevolt,
  battleCommanders,
  becomeMercenary,
  becomeSepoy,
  commanderProblems,
  finalRanking,
  readWarhammerState,
  recordWins,
  revoltOptions,
  warhammer,
} from '../../../src/variants/warhammer/index.js';

const ok = (r: { ok: true; position: Position } | { ok: false; error: string }): Position => {
  if (!r.ok) throw new Error(r.error);
  return r.position;
};

/** Kislev conquered: the Empire owns Kislev's capital and Praag, and a centre outside the Empire (Wastelands). */
function conqueredKislev(): Position {
  const start = warhammer.startingPosition();
  const supplyCenters = {
    ...start.supplyCenters,
    Kislev: [],
    Empire: ['altd', 'kisl', 'midd', 'nuln', 'praa', 'wast'],
    Bretonnia: ['cour', 'lang'],
  };
  return { ...start, units: start.units.filter((u) => u.power !== 'Kislev'), supplyCenters };
}

describe('Sepoys and Mercenaries', () => {
  it('"A Sepoy is a player who fights for the player who controls his capital"', () => {
    const p = ok(becomeSepoy(conqueredKislev(), 'Kislev'));
    expect(readWarhammerState(p).followers).toEqual({ Kislev: { role: 'sepoy', master: 'Empire', wins: 0 } });
    // Each follower is one more battle commander (one more declaration) for the master.
    expect(battleCommanders(p, 'Empire')).toEqual(['Empire', 'Kislev']);
    expect(battleCommanders(p, 'Kislev')).toEqual([]);
    expect(becomeSepoy(warhammer.startingPosition(), 'Kislev')).toMatchObject({ ok: false });
  });

  it('"A Mercenaries is a player who picks a second player to fight along side. This player need not control his capital."', () => {
    const p = ok(becomeMercenary(conqueredKislev(), 'Kislev', 'Bretonnia'));
    expect(battleCommanders(p, 'Bretonnia')).toEqual(['Bretonnia', 'Kislev']);
    // "A Mercenary may switch employers (and/or may become a Sepoy)."
    expect(battleCommanders(ok(becomeMercenary(p, 'Kislev', 'Dwarves')), 'Dwarves')).toEqual(['Dwarves', 'Kislev']);
    expect(battleCommanders(ok(becomeSepoy(p, 'Kislev')), 'Empire')).toEqual(['Empire', 'Kislev']);
  });

  it('"You must assign your Battle Commanders as equally as possible" and "must give each Sepoy … at least one decisive battle"', () => {
    const p = ok(becomeSepoy(conqueredKislev(), 'Kislev'));
    expect(commanderProblems(p, 'Empire', { altd: 'Empire', midd: 'Kislev' })).toEqual([]);
    expect(commanderProblems(p, 'Empire', { altd: 'Empire', midd: 'Empire', nuln: 'Empire' })).toEqual([
      "Empire's battle commanders are not assigned as equally as possible (Empire 3, Kislev 0)",
      'Empire must give its Sepoy Kislev a decisive battle this turn',
    ]);
    expect(commanderProblems(p, 'Empire', { altd: 'Dwarves' })[0]).toContain(
      'Dwarves is not a battle commander of Empire',
    );
  });

  it('"After 3 successful decisive battles, the Sepoy player may revolt … pick any one province outside the nation of his master (but still controlled by his master)"', () => {
    let p = ok(becomeSepoy(conqueredKislev(), 'Kislev'));
    p = recordWins(p, { Kislev: 2 });
    const winter = (q: Position): Position => ({ ...q, phase: { season: 'winter', year: 2501, type: 'adjustment' } });
    expect(revoltOptions(winter(p), 'Kislev')).toEqual([]);
    p = winter(recordWins(p, { Kislev: 1 }));
    // The Empire's home centres (altd, midd, nuln) are its nation; kisl, praa and wast are empty centres it controls outside it.
    expect(revoltOptions(p, 'Kislev')).toEqual([
      { province: 'kisl', types: ['A', 'F'] },
      { province: 'praa', types: ['A'] },
      { province: 'wast', types: ['A', 'F'] },
    ]);
    const after = ok(applyRevolt(p, 'Kislev', 'praa', 'A'));
    expect(after.supplyCenters.Kislev).toEqual(['praa']);
    expect(after.supplyCenters.Empire).not.toContain('praa');
    expect(after.units).toContainEqual({ power: 'Kislev', type: 'A', province: 'praa', coast: null });
    // "This is his new capital": buildable, and the power is on its own again.
    expect(readWarhammerState(after).capitals).toEqual({ Kislev: 'praa' });
    expect(readWarhammerState(after).followers).toEqual({});
    expect(
      warhammer.rules.buildableCenters!({ map: warhammer.map, position: { ...after, units: [] }, power: 'Kislev' }),
    ).toEqual(['praa']);
    expect(applyRevolt(p, 'Kislev', 'altd', 'A')).toMatchObject({ ok: false });
    expect(applyRevolt(p, 'Kislev', 'praa', 'F')).toMatchObject({
      ok: false,
      error: 'a fleet cannot be placed in praa',
      refusal: { kind: 'noCoast', province: 'praa' },
    });
  });

  it('"A Mercenary may never revolt"', () => {
    let p = ok(becomeMercenary(conqueredKislev(), 'Kislev', 'Empire'));
    p = { ...recordWins(p, { Kislev: 5 }), phase: { season: 'winter', year: 2501, type: 'adjustment' } };
    expect(revoltOptions(p, 'Kislev')).toEqual([]);
  });

  it('"If the capital changes hands, the Sepoy must … fight 3 successful battles for the new owner"', () => {
    let p = ok(becomeSepoy(conqueredKislev(), 'Kislev'));
    p = recordWins(p, { Kislev: 2 });
    // Fall: Bretonnia takes Kislev's capital; at the winter ownership update the Sepoy follows it, from 0 wins.
    const fall: Position = {
      ...p,
      phase: { season: 'fall', year: 2501, type: 'movement' },
      units: [{ power: 'Bretonnia', type: 'A', province: 'kisl', coast: null }],
    };
    const adj = adjudicate(warhammer, fall, []);
    expect(readWarhammerState(adj.position).followers).toEqual({
      Kislev: { role: 'sepoy', master: 'Bretonnia', wins: 0 },
    });
  });

  it('"The number of centers you control then defines positions, followed by any player Sepoying, followed by any player playing a Mercenary position"', () => {
    let p = ok(becomeSepoy(conqueredKislev(), 'Kislev'));
    const noNorse = {
      ...p,
      units: p.units.filter((u) => u.power !== 'Norse'),
      supplyCenters: { ...p.supplyCenters, Norse: [] },
    };
    p = ok(becomeMercenary(noNorse, 'Norse', 'Empire'));
    expect(finalRanking(p, ['Empire', 'Bretonnia', 'Kislev', 'Norse', 'Dwarves', 'High Elves'])).toEqual([
      { rank: 1, power: 'Empire', centers: 6, role: 'power' },
      { rank: 2, power: 'Dwarves', centers: 3, role: 'power' },
      { rank: 2, power: 'High Elves', centers: 3, role: 'power' },
      { rank: 4, power: 'Bretonnia', centers: 2, role: 'power' },
      { rank: 5, power: 'Kislev', centers: 0, role: 'sepoy' },
      { rank: 6, power: 'Norse', centers: 0, role: 'mercenary' },
    ]);
    // The final post's standings follow these places, each follower noted with its master (the fog lifted at the end).
    const ctx = { variant: warhammer, phase: { position: p }, fog: { sees: () => false } } as never;
    const places = pluginOf('warhammer').finalPlaces!(ctx)!;
    expect(t('en', pluginMsg(places.rule))).toBe('centres, then Sepoys, then Mercenaries');
    const shown = places.places.map((q) => [q.place, q.power, q.note === null ? null : t('en', pluginMsg(q.note))]);
    expect(shown.filter(([, power]) => ['Empire', 'Kislev', 'Norse'].includes(power as string))).toEqual([
      [1, 'Empire', null],
      [18, 'Kislev', 'Sepoy of Empire, 0 won'],
      [19, 'Norse', 'Mercenary of Empire'],
    ]);
  });
});
