/**
 * The Warring States balance table: per power, the neutral centres within one and within two
 * army moves of its home centres, and the other powers' home centres within two moves. Distances follow army
 * adjacency (every power starts with armies only). Rewrites the table between the markers in
 * docs/rules/warring-states.md and prints it.
 *   npx tsx scripts/ws-balance.ts
 */
import { writeBalanceSection } from './balance-doc.js';
import { warringStates as v } from '../src/variants/warring-states/index.js';

const map = v.map;
const abbr = (id: string) => map.province(id)!.abbreviation;

function distancesFrom(starts: string[]): Map<string, number> {
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

export function balanceTable(): string {
  const neutral = map.supplyCenters().filter((id) => map.province(id)!.home === null);
  const rows = v.powers.map((p) => {
    const homes = map.homeCenters(p.name);
    const dist = distancesFrom(homes);
    const within = (ids: string[], d: number) =>
      ids
        .filter((id) => (dist.get(id) ?? Infinity) <= d)
        .map(abbr)
        .sort();
    const one = within(neutral, 1);
    const two = within(neutral, 2);
    const foreign = map.supplyCenters().filter((id) => {
      const h = map.province(id)!.home;
      return h !== null && h !== p.name;
    });
    const rivals = within(foreign, 2);
    return `| ${p.name} ${p.localName ?? ''} | ${homes.map(abbr).join(', ')} | ${one.length}: ${one.join(', ') || '—'} | ${two.length}: ${two.join(', ')} | ${rivals.length}: ${rivals.join(', ') || '—'} |`;
  });
  return [
    '| Power | Home centres | Neutral centres within 1 move | Neutral centres within 2 moves | Other powers’ home centres within 2 moves |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function main(): void {
  writeBalanceSection(new URL('../docs/rules/warring-states.md', import.meta.url), 'ws-balance.ts', balanceTable());
}

main();
