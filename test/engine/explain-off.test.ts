/**
 * `AdjudicationContext.explain: false` (the computer players' simulations): the same adjudication as the default,
 * but for the reasons. Random crowded positions of every variant (Warhammer in the Fall with Sylvania foreign-owned
 * and its abilities, Mandate of Heaven with river convoys and last units, Warring States with rapid river moves):
 * units, dislodgements with their retreat options, contested provinces, centres, the next phase and every order's
 * outcome must be equal.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Adjudication } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';
import { rng } from '../support/random.js';
import { clusteredPosition, meetingOrders, runsFromEnv } from './order-invariance.js';

const sorted = (xs: string[]) => [...xs].sort();
const unitKey = (u: { power: string; type: string; province: string; coast?: string | null }) =>
  `${u.power} ${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''}`;

/** Everything of an adjudication but the reasons. */
function withoutReasons(adj: Adjudication): unknown {
  return {
    units: sorted(adj.position.units.map(unitKey)),
    dislodged: sorted(
      adj.dislodged.map(
        (d) => `${unitKey(d)} from ${d.attackerFrom} to ${[...(d.retreatOptions ?? [])].sort().join(',')}`,
      ),
    ),
    contested: sorted([...adj.position.contested]),
    centres: JSON.stringify(
      Object.fromEntries(
        Object.entries(adj.position.supplyCenters)
          .map(([p, c]) => [p, [...c].sort()])
          .sort(),
      ),
    ),
    phase: adj.position.phase,
    outcomes: sorted(adj.results.map((r) => `${r.power} | ${r.unit} | ${r.order} | ${r.result}`)),
    removed: sorted(adj.removed.map(unitKey)),
    winner: adj.winner,
  };
}

describe('explain: false adjudicates exactly as the default, without the sentences', () => {
  for (const id of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
    it(id, () => {
      const variant = getVariant(id)!;
      const runs = runsFromEnv(60);
      for (let seed = 1; seed <= runs; seed++) {
        const r = rng(seed * 7919 + id.length);
        let position = clusteredPosition(variant, r, 4 + Math.floor(r() * 14));
        if (id === 'warhammer') {
          const owners = {
            ...position.supplyCenters,
            Empire: [...(position.supplyCenters.Empire ?? []), 'sylv'],
            'Vampire Counts': (position.supplyCenters['Vampire Counts'] ?? []).filter((p) => p !== 'sylv'),
          };
          position = { ...position, phase: { ...position.phase, season: 'fall' }, supplyCenters: owners };
        }
        const orders = meetingOrders(variant, position, r, 0.35);
        const full = adjudicate(variant, position, orders);
        const bare = adjudicate(variant, position, orders, { explain: false });
        expect(withoutReasons(bare), `${id} seed ${seed}`).toEqual(withoutReasons(full));
      }
    });
  }
});
