/**
 * The supply-centre history a chart draws (src/render/sc-chart.ts; docs/render.md, "The supply-centre chart"), pure:
 * from a game's positions in order, each power's centres at the start and at the end of every year. A year's count
 * is read from the last board of that year (the ownership after its Fall: a winter phase's board has it); a year none
 * of whose phases was played yet (the newest board, a Spring) has no point. In a running game the year under way is
 * not over: its point is labelled with the phase it has reached (`Winter 1901`), and only once its centres changed
 * (before, it would repeat the point before it under the year's name, as if the year had been played).
 */
import type { Position } from '../../engine/types.js';
import type { ScChartInput } from '../../render/sc-chart.js';

/** One point of the chart: a year's label and each power's centres. */
export type ScChartYear = ScChartInput['years'][number];

/**
 * `positions`: the board at the start of every phase, in order (the game's `phases.position`, the unfinished phase's
 * too: a board is public). `yearLabel` names a year as the variant's calendar does; `startLabel` the first point;
 * `underWay` names the phase the last board is of while the game runs (`Winter 1901`), null once it is over. The
 * labels are texts, or messages the bot words in its reader's locale (game-file.ts `chartOf`).
 */
export function scHistory<L = string>(
  positions: readonly Position[],
  labels: { yearLabel: (year: number) => L; startLabel: L; underWay: L | null },
): { label: L; centres: ScChartYear['centres'] }[] {
  if (positions.length === 0) return [];
  const counts = (p: Position) =>
    Object.fromEntries(Object.entries(p.supplyCenters).map(([power, owned]) => [power, owned.length]));
  const years: { label: L; centres: ScChartYear['centres'] }[] = [
    { label: labels.startLabel, centres: counts(positions[0]!) },
  ];
  for (let i = 1; i < positions.length; i++) {
    const year = positions[i]!.phase.year;
    const next = positions[i + 1];
    // The last board of a year (the next is of a later year, or there is none), once a phase of that year was played:
    // the newest board alone in its year (a Spring not yet played) only repeats the year before.
    const lastOfYear = !next || next.phase.year !== year;
    const played = next !== undefined || positions[i - 1]!.phase.year === year;
    if (!lastOfYear || !played) continue;
    const centres = counts(positions[i]!);
    if (next !== undefined || labels.underWay === null) years.push({ label: labels.yearLabel(year), centres });
    else if (!sameCounts(centres, years.at(-1)!.centres)) years.push({ label: labels.underWay, centres });
  }
  return years;
}

function sameCounts(a: ScChartYear['centres'], b: ScChartYear['centres']): boolean {
  const powers = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...powers].every((power) => (a[power] ?? 0) === (b[power] ?? 0));
}
