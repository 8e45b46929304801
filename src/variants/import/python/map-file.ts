/**
 * A `.map` file of the python `diplomacy` package, read as its loader reads it (docs/variants.md "Importing a
 * python-diplomacy map"): `USES`/`MAP` files from the same folder first, `BEGIN`, `VICTORY`, `RULES`, location names
 * and aliases (`Name = abbreviation alias…`), powers with their home centres (`POWER (ADJECTIVE) HOM HOM`), `UNOWNED`
 * centres, units, `OWNS`/`CENTERS`, `INHABITS`/`HOMES`, `UNPLAYED`, `DROP`, and terrain lines with their adjacencies
 * (`COAST  SPA/NC  ABUTS  GAS MAO POR`; case carries meaning: lowercase for armies only, Capitalised for fleets only).
 * Problems name the file and line.
 */

export interface MapFile {
  phase: string | null;
  victory: number | null;
  rules: string[];
  /** Power name as written (`AUSTRIA`) → its adjective, in the order powers appear. */
  powers: Map<string, string | null>;
  /** Power (or `UNOWNED`) → home centres, uppercase abbreviations. */
  homes: Map<string, string[]>;
  /** Power → units as written (`F STP/SC`). */
  units: Map<string, string[]>;
  /** Power → centres it owns at the start (`OWNS`, `CENTERS`); powers without are owners of their homes. */
  centres: Map<string, string[]>;
  /** Location as written (`ADR`, `bul`, `BUL/EC`) → terrain (`WATER`, `LAND`, `COAST`, `PORT`, `SHUT`). */
  terrain: Map<string, string>;
  /** Location as written → its adjacencies as written. */
  abuts: Map<string, string[]>;
  /** Abbreviation (uppercase, `SPA/NC` for coasts) → full name as written. */
  names: Map<string, string>;
  /** Uppercase alias (`ADRIATIC`, `MID ATLANTIC`) → abbreviation (uppercase). */
  aliases: Map<string, string>;
  /** Centre (uppercase) → the file and line that first names it (`standard.map line 12`), for problems. */
  centreLines: Map<string, string>;
  /** Location as written → the file and line that last gave its adjacencies, for problems. */
  abutLines: Map<string, string>;
  /** `POWER CENTRE` → the file and line that made the centre the power's home, for problems. */
  homeLines: Map<string, string>;
}

export class MapFileLoader {
  readonly map: MapFile = {
    phase: null,
    victory: null,
    rules: [],
    powers: new Map(),
    homes: new Map([['UNOWNED', []]]),
    units: new Map(),
    centres: new Map(),
    terrain: new Map(),
    abuts: new Map(),
    names: new Map(),
    aliases: new Map(),
    centreLines: new Map(),
    abutLines: new Map(),
    homeLines: new Map(),
  };
  readonly problems: string[] = [];
  /**
   * A file a map uses is not there: the map is read no further, and its problem is the only one (what follows it,
   * `UNPLAYED ENGLAND` of a map that uses the standard one, would be a problem only for want of that file).
   */
  missing = false;
  private readonly loaded = new Set<string>();

  /** `read` gives another file of the folder, or null; `alone` words that no other file can come with it. */
  constructor(
    private readonly read: (name: string) => string | null,
    private readonly alone = false,
  ) {}

  /** Reads one file (and, first, the files it uses); `by` is the line that uses it. */
  load(name: string, text: string | null = this.read(name), by: string | null = null): void {
    if (this.loaded.has(name)) return void this.problems.push(`${name} is used twice`);
    this.loaded.add(name);
    if (text === null) {
      this.missing = true;
      const why = this.alone
        ? 'a map that uses another cannot be added alone: import the two with `variants import` and add the variant file it writes'
        : 'no such file beside the map';
      return void this.problems.push(by ? `${by}: ${name}: ${why}` : `${name}: ${why}`);
    }
    let power: string | null = null;
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length && !this.missing; i++) {
      const line = lines[i]!;
      const words = line.trim().split(/\s+/);
      if (words[0] === '' || words[0]!.startsWith('#')) continue;
      power = this.line(line, words, power, `${name} line ${i + 1}`);
    }
  }

  /** One line; returns the power the next lines are about. */
  private line(line: string, words: string[], power: string | null, where: string): string | null {
    const up = words[0]!.toUpperCase();
    if (up === 'VICTORY') this.map.victory = Number(words[1]) || null;
    else if (up === 'USE' || up === 'USES' || up === 'MAP') this.uses(words.slice(1), where);
    else if (up === 'BEGIN') this.map.phase = words.slice(1).join(' ').toUpperCase();
    else if (up === 'RULE' || up === 'RULES') this.map.rules.push(...words.slice(1).map((w) => w.toUpperCase()));
    else if (line.includes('=')) this.names(line, where);
    else if (up === 'OWNS' || up === 'CENTERS') this.owns(power, up, words.slice(1), where);
    else if (up === 'INHABITS' || up === 'HOME' || up === 'HOMES') this.inhabits(power, words.slice(1), where);
    else if (up === 'UNITS')
      power ? this.map.units.set(power, []) : this.problems.push(`${where}: UNITS before a power`);
    else if (up === 'A' || up === 'F') this.unit(power, words, where);
    else if (up === 'DUMMY' || up === 'DUMMIES') return words.length > 1 ? null : power;
    else if (up === 'DROP') for (const p of words.slice(1)) this.drop(p.toUpperCase());
    else if (words.length > 1 && ['AMEND', 'WATER', 'LAND', 'COAST', 'PORT', 'SHUT'].includes(up))
      this.terrain(words, where);
    else if (up === 'UNPLAYED') this.unplayed(words.slice(1).join(' '), power, where);
    else return this.powerLine(words, where);
    return power;
  }

  /** `USES a.map b` (a name without `.map` gets it). */
  private uses(files: string[], where: string): void {
    for (const f of files) if (!this.missing) this.load(f.includes('.') ? f : `${f}.map`, undefined, where);
  }

  /** `Name [(coast)] = abbreviation alias alias?` */
  private names(line: string, where: string): void {
    const eq = line.indexOf('=');
    const name = line.slice(0, eq).trim();
    const words = line
      .slice(eq + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (words.length === 0) return void this.problems.push(`${where}: "${name}" has no abbreviation after =`);
    const abbr = words[0]!.toUpperCase();
    // Python's loader refuses a name given twice, or one that is already a name or alias (MAP_DUP_LOC_OR_POWER), and
    // an alias of two places (MAP_DUP_ALIAS_OR_POWER): the orders could not tell which place is meant.
    const before = this.map.aliases.get(name.toUpperCase());
    if (before !== undefined)
      this.problems.push(
        `${where}: "${name}" already names ${before}${before === abbr ? ' (a second line for it)' : ''}`,
      );
    this.map.names.set(abbr, name);
    this.map.aliases.set(name.toUpperCase(), abbr);
    for (const alias of words.slice(1)) {
      if (alias.endsWith('?')) continue; // an ambiguous alias: not one name of one place
      const normed = alias.replace(/\+/g, ' ').toUpperCase();
      const other = this.map.aliases.get(normed);
      if (other === undefined) this.map.aliases.set(normed, abbr);
      else if (other !== abbr) this.problems.push(`${where}: alias "${alias}" of ${abbr} already names ${other}`);
    }
  }

  private owns(power: string | null, up: string, centres: string[], where: string): void {
    if (!power) return void this.problems.push(`${where}: ${up} before a power`);
    const list = centres.map((c) => c.toUpperCase());
    const known = this.map.centres.get(power);
    this.map.centres.set(
      power,
      up === 'CENTERS' || !known ? list : [...known, ...list.filter((c) => !known.includes(c))],
    );
  }

  private inhabits(power: string | null, homes: string[], where: string): void {
    if (!power) return void this.problems.push(`${where}: INHABITS or HOMES before a power`);
    this.addHomes(power, homes, true, where);
  }

  private unit(power: string | null, words: string[], where: string): void {
    if (!power) return void this.problems.push(`${where}: a unit before a power`);
    if (words.length !== 2)
      return void this.problems.push(`${where}: "${words.join(' ')}" is not a unit (A or F, then a place)`);
    const unit = words.join(' ').toUpperCase();
    const province = (u: string) => u.slice(2).split('/')[0];
    for (const list of this.map.units.values())
      for (let k = list.length - 1; k >= 0; k--) if (province(list[k]!) === province(unit)) list.splice(k, 1);
    this.map.units.set(power, [...(this.map.units.get(power) ?? []), unit]);
  }

  /** `COAST SPA/NC ABUTS GAS MAO POR` (and `AMEND`, `-XXX` to take adjacencies away). */
  private terrain(words: string[], where: string): void {
    const [kind, place] = [words[0]!.toUpperCase(), words[1]!];
    const other = swapCase(place);
    const { terrain, abuts } = this.map;
    if (terrain.has(other)) {
      if (kind === 'AMEND') {
        terrain.set(place, terrain.get(other)!);
        abuts.set(place, abuts.get(other) ?? []);
      }
      terrain.delete(other);
      abuts.delete(other);
    }
    if (kind !== 'AMEND') {
      terrain.delete(place); // re-added last, as the loader moves it to the end of its list
      terrain.set(place, kind);
      if (words.length > 2) abuts.set(place, []);
    } else if (!terrain.has(place)) this.problems.push(`${where}: AMEND ${place}, which has no terrain yet`);
    if (words.length > 2 && words[2]!.toUpperCase() !== 'ABUTS')
      this.problems.push(`${where}: expected ABUTS after ${place}`);
    if (words.length > 3) this.map.abutLines.set(place, where);
    for (const dest of words.slice(3)) {
      const list = abuts.get(place) ?? [];
      if (dest.startsWith('-'))
        abuts.set(
          place,
          list.filter((s) => !s.toUpperCase().startsWith(dest.slice(1).toUpperCase())),
        );
      else abuts.set(place, [...list, dest]);
    }
  }

  private unplayed(rest: string, power: string | null, where: string): void {
    const named = rest
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((p) => p.toUpperCase());
    const gone = named.length === 0 ? (power ? [power] : []) : named[0] === 'ALL' ? [...this.map.powers.keys()] : named;
    for (const g of gone) {
      if (!this.map.powers.delete(g)) {
        this.problems.push(`${where}: UNPLAYED ${g}, which is no power`);
        continue;
      }
      this.map.homes.delete(g);
      this.map.units.delete(g);
      this.map.centres.delete(g);
    }
  }

  /** `POWER (ADJECTIVE) HOME HOME …` or `UNOWNED CENTRE …`. */
  private powerLine(words: string[], where: string): string | null {
    let up = words[0]!.toUpperCase();
    if (up === 'NEUTRAL') up = 'UNOWNED';
    if (words[1] === '->') {
      this.problems.push(`${where}: renaming a power is not supported`);
      return null;
    }
    let homes = words.slice(1);
    if (up !== 'UNOWNED') {
      const own = homes[0]?.startsWith('(') ? homes.shift()!.slice(1, -1).split(':')[0]! : null;
      if (!this.map.powers.has(up)) this.map.powers.set(up, own || null);
    } else homes = words.slice(1);
    this.addHomes(up, homes, false, where);
    return up === 'UNOWNED' ? null : up;
  }

  private addHomes(power: string, homes: string[], reset: boolean, where: string): void {
    const list = reset ? [] : [...(this.map.homes.get(power) ?? [])];
    const unowned = this.map.homes.get('UNOWNED')!;
    for (const raw of homes.join(' ').toUpperCase().split(/\s+/).filter(Boolean)) {
      const remove = raw.startsWith('-');
      const home = raw.replace(/^-+/, '');
      if (!home) continue;
      if (!this.map.centreLines.has(home)) this.map.centreLines.set(home, where);
      if (!remove) this.map.homeLines.set(`${power} ${home}`, where);
      if (list.includes(home)) list.splice(list.indexOf(home), 1);
      if (power !== 'UNOWNED' && !unowned.includes(home)) unowned.push(home);
      if (!remove) list.push(home);
    }
    this.map.homes.set(power, list);
  }

  private drop(place: string): void {
    const starts = (s: string) => s.toUpperCase().startsWith(place);
    for (const loc of [...this.map.terrain.keys()]) if (starts(loc)) this.map.terrain.delete(loc);
    for (const loc of [...this.map.abuts.keys()]) if (starts(loc)) this.map.abuts.delete(loc);
    for (const [loc, list] of this.map.abuts)
      this.map.abuts.set(
        loc,
        list.filter((s) => !starts(s)),
      );
    for (const [p, list] of this.map.homes)
      this.map.homes.set(
        p,
        list.filter((h) => h !== place),
      );
    for (const [p, list] of this.map.centres)
      this.map.centres.set(
        p,
        list.filter((c) => !starts(c)),
      );
    for (const [p, list] of this.map.units)
      this.map.units.set(
        p,
        list.filter((u) => !starts(u.slice(2))),
      );
    for (const abbr of [...this.map.names.keys()]) if (starts(abbr)) this.map.names.delete(abbr);
  }
}

const swapCase = (s: string) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
