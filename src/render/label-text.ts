/**
 * The texts a province's label may take, and its size: the variant's label style (full names or codes), a name split in
 * two lines, the label height (`geometry.labelSize`). Used by the label layout (labels.ts) and the label-spot tool.
 */
import type { Variant } from '../engine/variant.js';

/** Label text height at 1600 px wide, unless the variant's `geometry.labelSize` gives its own. */
export const LABEL_PX = 14;

/**
 * The variant's label style: `geometry.labelStyle`, else full names when its provinces have names in another script
 * (Warring States), else abbreviations (Classic).
 */
export function labelStyleOf(variant: Variant): 'name' | 'abbreviation' {
  return (
    variant.data.geometry?.labelStyle ?? (variant.data.provinces.some((p) => p.localName) ? 'name' : 'abbreviation')
  );
}

/**
 * A name in two lines, split at the break nearest its middle: a space (dropped) or just after a hyphen (kept at the
 * end of the first line: `Bai-` / `Jing`); null for a name with neither.
 */
export function splitName(name: string): [string, string] | null {
  // Each break as [end of the first line, start of the second].
  const breaks = [...name.matchAll(/[ -]/g)].map(
    (m) => (m[0] === ' ' ? [m.index!, m.index! + 1] : [m.index! + 1, m.index! + 1]) as [number, number],
  );
  const usable = breaks.filter(([end, start]) => /[^ -]/.test(name.slice(0, end)) && /[^ -]/.test(name.slice(start)));
  if (usable.length === 0) return null;
  const off = ([end, start]: [number, number]) => Math.abs(Math.max(end, name.length - start) - name.length / 2);
  const [end, start] = usable.reduce((best, b) => (off(b) < off(best) ? b : best));
  return [name.slice(0, end), name.slice(start)];
}

type ProvinceData = Variant['data']['provinces'][number];

/** The texts a province's label may take (labels.ts tries them in tiers; the label-spot tool chooses spots for them). */
export const LABEL_TEXTS = {
  /** The full name: `临淄 Linzi`, `Karak Kadrin`. */
  full: (p: ProvinceData): string => (p.localName ? `${p.localName} ${p.name}` : p.name),
  /** The full name in two lines: the local name above the romanised one, or a name split near its middle. */
  fullLines: (p: ProvinceData): string[] | null => (p.localName ? [p.localName, p.name] : splitName(p.name)),
  /** The abbreviation, after the local name when there is one. */
  short: (p: ProvinceData): string => (p.localName ? `${p.localName} ${p.abbreviation}` : p.abbreviation),
  /** A narrow province with a local name may take it in two lines, the local name above the abbreviation. */
  stacked: (p: ProvinceData): string[] | null => (p.localName ? [p.localName, p.abbreviation] : null),
};
