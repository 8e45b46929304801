/**
 * Rule 5, victory: "Victory criterion will be 14 SCs, however, non-Chinese SCs (Choson, Pei Choushi and Tung Yueh)
 * do not count toward this total. Victory may also be by concession." (Concession is the bot's vote, not the
 * adjudicator's.) With 27 Chinese centres, 14 is a strict majority, so at most one power qualifies (brief §3.5).
 */
import type { Position, Power } from '../../../engine/types.js';
import type { MandateFeatures } from '../features.js';

export function chineseCentres(features: MandateFeatures, position: Position, power: Power): number {
  return (position.supplyCenters[power] ?? []).filter((p) => !features.nonVictoryCenters.has(p)).length;
}

/** The power with at least `centers` Chinese centres; neutrals not activated never win. */
export function mandateWinner(
  features: MandateFeatures,
  position: Position,
  centers: number,
  canWin: (p: Power) => boolean,
): Power | null {
  const qualified = Object.keys(position.supplyCenters)
    .filter((p) => canWin(p) && chineseCentres(features, position, p) >= centers)
    .sort((a, b) => chineseCentres(features, position, b) - chineseCentres(features, position, a));
  const [first, second] = qualified;
  if (!first) return null;
  return second && chineseCentres(features, position, second) === chineseCentres(features, position, first)
    ? null
    : first;
}
