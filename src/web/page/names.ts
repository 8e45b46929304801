/**
 * How the pad names provinces and units in its own lists and prompts (docs/pad.md "Language"): one readable way on the
 * whole page — the province's name in the page's language where the variant has one there, else the variant's own
 * name (`F Middenheim`, `F Red March`, `A 咸陽`), never its id (`F midd`, `F red_march`). What the page sends and what
 * is stored stay the canonical notation; the stored orders are listed as `/orders show` prints them.
 */
import type { ShownPadView } from '../../game/pad/index.js';

type Names = Pick<ShownPadView, 'provinces'>;

/** A province (or a coast of one: `stp/nc`) by its name on the page (`Bohême`, `Middenheim`); the id if unknown. */
export function placeName(view: Names, province: string): string {
  const id = province.split('/')[0]!;
  const found = view.provinces.find((p) => p.id === id);
  return found?.shown ?? found?.name ?? province;
}

/** A unit as the pad's prompts name it: its type and its province's name (`F Middenheim`). */
export function unitName(view: Names, type: string, province: string): string {
  return `${type} ${placeName(view, province)}`;
}

/**
 * The units still without an order, named as the prompts name them: each canonical unit (`F midd`, `A stp/nc`) by its
 * type and province name; an entry that is no unit (the builds or disbands left in an adjustment) as the server words
 * it (`missingShown`, which names the build sites already).
 */
export function missingNames(view: Names & Pick<ShownPadView, 'missing' | 'missingShown'>): string[] {
  return view.missing.map((entry, i) => {
    const unit = /^([AF]) (\S+)$/.exec(entry);
    const known = unit && view.provinces.some((p) => p.id === unit[2]!.split('/')[0]);
    return known ? unitName(view, unit[1]!, unit[2]!) : (view.missingShown[i] ?? entry);
  });
}

/**
 * `text` cut into pieces, each of `runs` (found in turn) a piece of its own to keep on one line (`keep`): a unit's type
 * never left at a line's end apart from its place's name (`F The` / `Hung`). A run not found is not kept.
 */
export function unbrokenRuns(text: string, runs: string[]): { text: string; keep: boolean }[] {
  const out: { text: string; keep: boolean }[] = [];
  let at = 0;
  for (const run of runs) {
    const i = run ? text.indexOf(run, at) : -1;
    if (i < 0) continue;
    if (i > at) out.push({ text: text.slice(at, i), keep: false });
    out.push({ text: run, keep: true });
    at = i + run.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), keep: false });
  return out;
}
