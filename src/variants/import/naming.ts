/**
 * Ids and abbreviations for imported provinces. An id is the name in lowercase with `_` between words
 * (`St. Petersburg` → `st_petersburg`); the abbreviation shown on the map is one the source gives when it gives
 * several (the first that is not another province's three first letters), else one made from the name, unique on
 * the map; the source's other abbreviations become aliases.
 */

/** `St. Petersburg` → `st_petersburg`, `Île-de-France` → `ile_de_france`; starts with a letter. */
export function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(s) ? s : `p_${s || 'x'}`;
}

/** Unique ids for the names, in order (`_2`, `_3` … on a clash). */
export function uniqueIds(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    const base = slug(n);
    let id = base;
    for (let k = 2; used.has(id); k++) id = `${base}_${k}`;
    used.add(id);
    return id;
  });
}

const letters = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

export interface Abbreviated {
  abbreviation: string;
  aliases: string[];
}

/**
 * Each name's abbreviation (capitalised: `Bot`) and aliases, from `given` (abbreviation → name, the source's list,
 * names matched in any case) and made up where none is given.
 */
export function abbreviate(names: readonly string[], given: Record<string, string>): Abbreviated[] {
  const byName = new Map(names.map((n, i) => [n.toLowerCase(), i]));
  const own = names.map((): string[] => []);
  for (const [abbr, name] of Object.entries(given)) {
    const i = byName.get(name.toLowerCase());
    if (i !== undefined && /^[a-z0-9]+$/i.test(abbr)) own[i]!.push(abbr.toLowerCase());
  }
  const prefixes = names.map((n) => letters(n).slice(0, 3));
  const taken = new Set<string>([...own.flat(), ...names.map((n) => letters(n))]);
  const chosen = names.map((_, i) => {
    const list = own[i]!;
    if (list.length === 0) return null;
    return list.find((a) => !prefixes.some((p, j) => j !== i && p === a)) ?? list[0]!;
  });
  const givenTo = new Set(chosen.filter((a): a is string => a !== null));
  const assigned = new Set<string>();
  return names.map((name, i) => {
    const abbr = chosen[i] ?? madeUp(name, taken, new Set([...givenTo, ...assigned]));
    taken.add(abbr);
    assigned.add(abbr);
    return { abbreviation: abbr[0]!.toUpperCase() + abbr.slice(1), aliases: own[i]!.filter((a) => a !== abbr) };
  });
}

/**
 * Three letters from the name not yet taken: its first three, its initials, its first letter and consonants, …; a
 * short name ending in a number (`OS1`, `OS2`: DiploGM's Era of Solitude) is its own abbreviation. A name's own
 * letters may be its abbreviation though they are "taken" (they are its name), never one another province was given.
 */
function madeUp(name: string, taken: Set<string>, assigned: Set<string>): string {
  const l = letters(name) || 'x';
  const numbered = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (/^[a-z]{1,3}[0-9]{1,2}$/.test(numbered) && !taken.has(numbered) && !assigned.has(numbered)) return numbered;
  const words = name
    .split(/[\s\-_.]+/)
    .map(letters)
    .filter(Boolean);
  const consonants = l[0] + l.slice(1).replace(/[aeiou]/g, '');
  const candidates = [
    l.slice(0, 3),
    words.length >= 3
      ? words
          .map((w) => w[0])
          .join('')
          .slice(0, 3)
      : '',
    words.length === 2 ? `${words[0]![0]}${words[1]!.slice(0, 2)}` : '',
    consonants.slice(0, 3),
    l[0]! + l.slice(-2),
  ].filter((c) => c.length >= 2);
  for (const c of candidates) if ((!taken.has(c) || c === l) && !assigned.has(c)) return c;
  for (let k = 2; ; k++) if (!taken.has(`${l.slice(0, 3)}${k}`)) return `${l.slice(0, 3)}${k}`;
}
