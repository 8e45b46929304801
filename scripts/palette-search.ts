/**
 * The shared colour search for variants of more than 8 powers (scripts/moh-palette.ts, scripts/warhammer-palette.ts
 * are its configurations). It uses the palette test's own distance (test/render/palette.test.ts, decisions.md
 * "Maps and colours"): unit colours and land tints ≥ ΔE2000 10 apart pairwise and from the sea, in the standard
 * palette (normal vision) and in the colour-blind one (normal, deuteranopia, protanopia).
 *
 * Method: a grid of sRGB candidates; each power has an anchor (given by the configuration). Greedy pick in
 * priority order (heaviest weight first) of the feasible candidate closest to the anchor; if pairs are still too
 * close, simulated annealing (fixed seed) on a 5-step sRGB lattice; then passes that swap colours between powers
 * and re-pick each power given all the others until nothing changes. Readability: unit colours keep a ≥ 4.5
 * contrast with the letter the renderer puts on them (textOn) and never read as grey, white, sea or bare land, land
 * tints never as water or unowned land (src/render/palette-bars.ts, with a margin of SEARCH_HUE_MARGIN degrees round
 * the water hues, so no tint sits on their edge); standard land tints
 * keep a contrast ≥ `landContrast` (6) with the dark label colour; colour-blind land tints ≥ `altLandContrast`
 * (light tints cannot all stand 10 apart under both dichromacies, so this may be lower; labels keep their white
 * halo, COLORS.halo). Only the colour fields of map.json's `powers` entries are rewritten (text splice).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  deltaE2000,
  hexToLab,
  hexToRgb,
  rgbToHex,
  simulate,
  type Lab,
  type Vision,
  contrastRatio,
} from '../src/render/color-science.js';
import { COLORS, textOn } from '../src/render/palette.js';
import { SEARCH_HUE_MARGIN, tintProblems, unitColorProblems } from '../src/render/palette-bars.js';

/** Searched to this bar (the test asks 10), so rounding never decides. */
const BAR = 10.5;
const ALL: Vision[] = ['normal', 'deuteranopia', 'protanopia'];

export interface PaletteConfig {
  /** map.json to rewrite. */
  map: URL;
  /** Every power, in map order. */
  names: string[];
  /** Priority: heavier powers are placed first and pulled harder towards their anchors. */
  weight: (name: string) => number;
  /** Anchors (CIELAB, normal vision) of each field; the later ones may use the colours already chosen. */
  color: (name: string) => Lab;
  altColor: (name: string, color: Record<string, string>) => Lab;
  landColor: (name: string, color: Record<string, string>) => Lab;
  altLandColor: (name: string, altColor: Record<string, string>) => Lab;
  /** Contrast of standard land tints with the label colour (default 6). */
  landContrast?: number;
  /** Contrast of colour-blind land tints with the label colour (default 3.5), and their chroma cap (55). */
  altLandContrast?: number;
  altLandChroma?: number;
  /** Annealing iterations (default 300 000). */
  iterations?: number;
}

export type PowerColours = Record<string, { color: string; altColor: string; landColor: string; altLandColor: string }>;

interface Candidate {
  hex: string;
  lab: Record<Vision, Lab>;
}
const candidate = (hex: string): Candidate => ({
  hex,
  lab: {
    normal: hexToLab(hex),
    deuteranopia: hexToLab(simulate(hex, 'deuteranopia')),
    protanopia: hexToLab(simulate(hex, 'protanopia')),
  },
});

const contrast = contrastRatio;

const grid: string[] = [];
for (let r = 0; r <= 255; r += 15)
  for (let g = 0; g <= 255; g += 15) for (let b = 0; b <= 255; b += 15) grid.push(rgbToHex([r, g, b]));
const gridPool = grid.map(candidate);
/**
 * Units carry their letter legibly (the renderer's textOn) and never read as a failed order, a retreat, the sea or bare
 * land (src/render/palette-bars.ts).
 */
const unitOk = (c: Candidate) => contrast(c.hex, textOn(c.hex)) >= 4.5 && unitColorProblems(c.hex).length === 0;

/** An anchor with its chroma scaled (e.g. neutrals muted). */
export function muted(hex: string, factor: number): Lab {
  const [L, a, b] = hexToLab(hex);
  return [L, a * factor, b * factor];
}

interface Problem {
  label: string;
  visions: Vision[];
  pool: Candidate[];
  /** Whether a colour is allowed (readability). */
  accept: (c: Candidate) => boolean;
  anchors: Record<string, Lab>;
  names: string[];
  weight: (name: string) => number;
  iterations: number;
}

function minTo(c: Candidate, others: Candidate[], visions: Vision[]): number {
  let min = Infinity;
  for (const o of others) {
    for (const v of visions) {
      const d = deltaE2000(c.lab[v], o.lab[v]);
      if (d < min) min = d;
      if (min < BAR) return min;
    }
  }
  return min;
}

/** The exact nearest distance (no early exit). */
function minAll(c: Candidate, others: Candidate[], visions: Vision[]): number {
  let min = Infinity;
  for (const o of others) for (const v of visions) min = Math.min(min, deltaE2000(c.lab[v], o.lab[v]));
  return min;
}

/** The best candidate for `name` given the fixed others: feasible and closest to the anchor, else the farthest from its nearest. */
function pick(p: Problem, name: string, others: Candidate[], current?: Candidate): { c: Candidate; feasible: boolean } {
  let best: Candidate | undefined;
  let bestCost = Infinity;
  if (current && minAll(current, others, p.visions) >= BAR)
    [best, bestCost] = [current, deltaE2000(current.lab.normal, p.anchors[name])];
  let fallback = p.pool[0];
  let fallbackMin = -1;
  for (const c of p.pool) {
    const cost = deltaE2000(c.lab.normal, p.anchors[name]);
    if (best && cost >= bestCost) continue;
    const m = minTo(c, others, p.visions);
    if (m >= BAR) {
      if (cost < bestCost) [best, bestCost] = [c, cost];
    } else if (!best && m > fallbackMin) [fallback, fallbackMin] = [c, m];
  }
  return best ? { c: best, feasible: true } : { c: fallback, feasible: false };
}

function minPair(chosen: Map<string, Candidate>, sea: Candidate, visions: Vision[]): number {
  const all = [...chosen.values(), sea];
  let min = Infinity;
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) min = Math.min(min, minAll(all[i], [all[j]], visions));
  return min;
}

/**
 * When the greedy pick leaves pairs too close: simulated annealing on a 5-step sRGB lattice (fixed seed, so
 * the result is reproducible), energy = squared shortfalls below the bar (weighted heavily) + distance from
 * the anchors.
 */
function anneal(p: Problem, chosen: Map<string, Candidate>, sea: Candidate): void {
  let seed = 20261122;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const names = [...chosen.keys()];
  const cache = new Map<string, Candidate>(p.pool.map((c) => [c.hex, c]));
  const allowed = new Map<string, boolean>();
  const get = (hex: string) => {
    let c = cache.get(hex);
    if (!c) cache.set(hex, (c = candidate(hex)));
    return c;
  };
  const ok = (hex: string) => {
    let v = allowed.get(hex);
    if (v === undefined) allowed.set(hex, (v = p.accept(get(hex))));
    return v;
  };
  const state = names.map((n) => hexToRgb(chosen.get(n)!.hex));
  const energy = (i: number, rgb: [number, number, number]) => {
    const c = get(rgbToHex(rgb));
    let e = 0;
    for (let j = -1; j < names.length; j++) {
      if (j === i) continue;
      const o = j < 0 ? sea : get(rgbToHex(state[j]));
      for (const v of p.visions) {
        const d = deltaE2000(c.lab[v], o.lab[v]);
        if (d < BAR + 0.2) e += 1000 * (BAR + 0.2 - d) ** 2;
      }
    }
    return e + p.weight(names[i]) * deltaE2000(c.lab.normal, p.anchors[names[i]]);
  };
  const ITER = p.iterations;
  for (let it = 0; it < ITER; it++) {
    const t = 1 - it / ITER;
    const temperature = 200 * t * t + 0.05;
    const i = Math.floor(rnd() * names.length);
    const reach = Math.max(1, Math.round(12 * t));
    const next = state[i].map((x) =>
      Math.min(255, Math.max(0, x + (Math.floor(rnd() * (2 * reach + 1)) - reach) * 5)),
    ) as [number, number, number];
    if (!ok(rgbToHex(next))) continue;
    const delta = energy(i, next) - energy(i, state[i]);
    if (delta <= 0 || rnd() < Math.exp(-delta / temperature)) state[i] = next;
  }
  names.forEach((n, i) => chosen.set(n, get(rgbToHex(state[i]))));
}

function solve(p: Problem): Record<string, string> {
  const sea = candidate(COLORS.sea);
  const order = [...p.names].sort((a, b) => p.weight(b) - p.weight(a));
  const chosen = new Map<string, Candidate>();
  for (const name of order) chosen.set(name, pick(p, name, [sea, ...chosen.values()]).c);
  if (minPair(chosen, sea, p.visions) < BAR) anneal(p, chosen, sea);
  for (let pass = 0; pass < 30; pass++) {
    // Swapping two powers' colours keeps every distance: take any swap that brings both nearer their anchors.
    for (const a of order)
      for (const b of order) {
        const [ca, cb] = [chosen.get(a)!, chosen.get(b)!];
        const cost = (n: string, c: Candidate) => p.weight(n) * deltaE2000(c.lab.normal, p.anchors[n]);
        if (cost(a, cb) + cost(b, ca) < cost(a, ca) + cost(b, cb) - 1e-9) [chosen.set(a, cb), chosen.set(b, ca)];
      }
    let changed = false;
    for (const name of order) {
      const others = [sea, ...[...chosen].filter(([n]) => n !== name).map(([, c]) => c)];
      const { c } = pick(p, name, others, chosen.get(name));
      if (c.hex !== chosen.get(name)!.hex) {
        chosen.set(name, c);
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Report the closest pair per vision.
  const all = [...chosen, ['sea', sea] as const];
  for (const v of p.visions) {
    let worst = { d: Infinity, a: '', b: '' };
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const d = deltaE2000(all[i][1].lab[v], all[j][1].lab[v]);
        if (d < worst.d) worst = { d, a: all[i][0], b: all[j][0] };
      }
    console.log(
      `${p.label.padEnd(22)} ${v.padEnd(13)} closest ${worst.a} / ${worst.b}: ΔE ${worst.d.toFixed(1)}${worst.d < 10 ? '  FAILS' : ''}`,
    );
  }
  return Object.fromEntries(p.names.map((n) => [n, chosen.get(n)!.hex]));
}

/** Search all four colour fields; print the closest pairs and write map.json unless `--dry` is given. */
export function runPaletteSearch(cfg: PaletteConfig, argv: string[] = process.argv): PowerColours {
  const { names, weight } = cfg;
  const iterations = cfg.iterations ?? 300_000;
  const landContrast = cfg.landContrast ?? 6;
  const altLandContrast = cfg.altLandContrast ?? 3.5;
  const altLandChroma = cfg.altLandChroma ?? 55;
  // Land tints never read as water or unowned land (palette-bars.ts).
  const landOk = (c: Candidate) =>
    contrast(c.hex, COLORS.labelLand) >= landContrast && tintProblems(c.hex, SEARCH_HUE_MARGIN).length === 0;
  const altLandOk = (c: Candidate) =>
    contrast(c.hex, COLORS.labelLand) >= altLandContrast &&
    Math.hypot(c.lab.normal[1], c.lab.normal[2]) <= altLandChroma &&
    tintProblems(c.hex, SEARCH_HUE_MARGIN).length === 0;
  const unitPool = gridPool.filter(unitOk);
  const anchors = (f: (n: string) => Lab) => Object.fromEntries(names.map((n) => [n, f(n)]));
  const base = { names, weight, iterations };

  const color = solve({
    ...base,
    label: 'units, standard',
    visions: ['normal'],
    pool: unitPool,
    accept: unitOk,
    anchors: anchors(cfg.color),
  });
  const altColor = solve({
    ...base,
    label: 'units, colour-blind',
    visions: ALL,
    pool: unitPool,
    accept: unitOk,
    anchors: anchors((n) => cfg.altColor(n, color)),
  });
  const landColor = solve({
    ...base,
    label: 'land, standard',
    visions: ['normal'],
    pool: gridPool.filter(landOk),
    accept: landOk,
    anchors: anchors((n) => cfg.landColor(n, color)),
  });
  const altLandColor = solve({
    ...base,
    label: 'land, colour-blind',
    visions: ALL,
    pool: gridPool.filter(altLandOk),
    accept: altLandOk,
    anchors: anchors((n) => cfg.altLandColor(n, altColor)),
  });

  const result: PowerColours = Object.fromEntries(
    names.map((n) => [
      n,
      { color: color[n], altColor: altColor[n], landColor: landColor[n], altLandColor: altLandColor[n] },
    ]),
  );
  console.table(result);
  if (!argv.includes('--dry')) writeColours(cfg.map, result);
  return result;
}

/** Rewrite only the four colour fields of each `powers` entry (placed after `name` and `adjective`). */
function writeColours(map: URL, result: PowerColours): void {
  const text = readFileSync(map, 'utf8');
  const data = JSON.parse(text) as { powers: Record<string, unknown>[] };
  const powers = data.powers.map((p) => {
    const r = result[p.name as string];
    if (!r) throw new Error(`no colours for ${String(p.name)}`);
    const { name, adjective, color: _c, altColor: _a, landColor: _l, altLandColor: _al, ...rest } = p;
    return { name, adjective, ...r, ...rest };
  });
  const start = text.indexOf('\n "powers": [');
  const end = text.indexOf('\n ],\n', start) + '\n ]'.length;
  if (start < 0 || end < start) throw new Error('powers array not found in map.json');
  const block = `\n "powers": ${JSON.stringify(powers, null, 1).replace(/\n/g, '\n ')}`;
  writeFileSync(map, text.slice(0, start) + block + text.slice(end));
  console.log(`${map.pathname}: powers colours written`);
}
