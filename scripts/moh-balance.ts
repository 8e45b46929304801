/**
 * The Mandate of Heaven balance tables (brief §2.9): per state, its home centres, the Chinese
 * neutral centres within one and two army moves, the non-Chinese centres' distances, the adjacent foreign home
 * centres and the distance from the Hsiung-Nu placement area; per neutral centre, who is next to it. Distances
 * follow army adjacency. Rewrites the tables between the markers in docs/rules/mandate-of-heaven.md and prints them.
 *   npx tsx scripts/moh-balance.ts
 */
import { writeBalanceSection } from './balance-doc.js';
import { mandateFeatures as f, mandateOfHeaven as v } from '../src/variants/mandate-of-heaven/index.js';

const map = v.map;
const name = (id: string) => map.province(id)!.name;

function distancesFrom(starts: readonly string[]): Map<string, number> {
  const dist = new Map(starts.map((s) => [s, 0]));
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const n of map.armyNeighbours(id)) {
      if (!dist.has(n)) {
        dist.set(n, dist.get(id)! + 1);
        queue.push(n);
      }
    }
  }
  return dist;
}

export function balanceTables(): string {
  const states = v.powers.map((p) => p.name).filter((p) => !f.isNeutral(p) && p !== f.nomads);
  const neutralCentre = (n: string) => map.homeCenters(n)[0]!;
  const chinese = [...f.neutrals].filter((n) => !f.nonVictoryCenters.has(neutralCentre(n)));
  const nonChinese = [...f.neutrals].filter((n) => f.nonVictoryCenters.has(neutralCentre(n)));
  const rows = states.map((p) => {
    const homes = map.homeCenters(p);
    const fleets = homes.filter((h) => map.province(h)!.kind === 'coast');
    const dist = distancesFrom(homes);
    const at = (n: string) => dist.get(neutralCentre(n)) ?? Infinity;
    const one = chinese.filter((n) => at(n) === 1);
    const two = chinese.filter((n) => at(n) === 2);
    const far = nonChinese.map((n) => `${n} (${at(n)})`);
    const foreign = states
      .filter((q) => q !== p)
      .flatMap((q) =>
        map
          .homeCenters(q)
          .filter((h) => homes.some((x) => map.armyNeighbours(x).has(h)))
          .map((h) => `${q} ${h}`),
      );
    const fromArea = distancesFrom(f.placementArea);
    const nearest = Math.min(...homes.map((h) => fromArea.get(h) ?? Infinity));
    const nearestHomes = homes.filter((h) => fromArea.get(h) === nearest);
    return `| ${p} | ${homes.join(', ')} (${fleets.join(', ') || 'none'}) | ${one.join(', ') || '—'} | ${two.join(', ') || '—'} | ${far.join(', ')} | ${foreign.join(', ') || '—'} | ${nearest} (${nearestHomes.join(', ')}) |`;
  });
  const area = new Set(f.placementArea);
  const neutralRows = [...f.neutrals].map((n) => {
    const c = neutralCentre(n);
    const dist = distancesFrom([c]);
    const adjacent = states.filter((p) => map.homeCenters(p).some((h) => dist.get(h) === 1));
    const two = states.filter((p) => !adjacent.includes(p) && map.homeCenters(p).some((h) => dist.get(h) === 2));
    const touchesArea = [...map.armyNeighbours(c)].some((x) => area.has(x)) || area.has(c);
    return `| ${n}${f.nonVictoryCenters.has(c) ? ' (non-Chinese)' : ''} | ${c} ${name(c)} | ${adjacent.join(', ') || '—'} | ${two.join(', ') || '—'} | ${touchesArea ? 'yes' : 'no'} |`;
  });
  return [
    '| Power | Home centres (fleet-capable) | Chinese neutral centres 1 move | 2 moves | Non-Chinese centres (moves) | Adjacent foreign home centres | Moves from the placement area to a home centre |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| Neutral power | Centre | Adjacent home centres of | 2 moves from home centres of | In or next to the placement area |',
    '|---|---|---|---|---|',
    ...neutralRows,
  ].join('\n');
}

function main(): void {
  writeBalanceSection(
    new URL('../docs/rules/mandate-of-heaven.md', import.meta.url),
    'moh-balance.ts',
    balanceTables(),
  );
}

main();
