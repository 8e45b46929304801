/**
 * Victory (seed "Victory"): "There are 39 Supply Centres; 18 are needed to win. If there is a tie at 18, play
 * continues until one power has more than the other".
 */
import type { Position, Power } from '../../../engine/types.js';

export function winner(position: Position, centers: number): Power | null {
  const counts = Object.entries(position.supplyCenters)
    .map(([power, list]) => ({ power, n: list.length }))
    .sort((a, b) => b.n - a.n);
  const [first, second] = counts;
  if (!first || first.n < centers) return null;
  if (second && second.n >= first.n) return null;
  return first.power;
}
