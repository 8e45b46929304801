/**
 * Mandate of Heaven's colours (17 powers: 7 states, the Hsiung-Nu, 9 neutrals), chosen by a deterministic
 * search with the palette test's own distance (test/render/palette.test.ts, decisions.md "Maps and colours"):
 * for variants of more than 8 powers, unit colours and land tints ≥ ΔE2000 10 apart pairwise and from the sea,
 * in the standard palette (normal vision) and in the colour-blind one (normal, deuteranopia, protanopia).
 *
 *   npx tsx scripts/moh-palette.ts          # search, print the distances, write map.json's `powers` colours
 *   npx tsx scripts/moh-palette.ts --dry    # search and print only
 *
 * Method: a grid of sRGB candidates; each power has an anchor (the seven states: the Warring States colours of
 * the same state; the Hsiung-Nu and the neutrals: their earlier Mandate colours, the neutrals' chroma damped so
 * they read as muted). Greedy pick in priority order (states first) of the feasible candidate closest to the
 * anchor, then passes that re-pick each power given all the others until nothing changes. Readability: unit
 * colours keep a ≥ 4.5 contrast with the letter the renderer puts on them (textOn) and stand apart from bare
 * land; land tints keep a ≥ 6 contrast with the dark label colour and stand apart from bare land.
 * Only the `powers` entries of map.json are rewritten (text splice), the rest of the file is left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deltaE2000, hexToLab, hexToRgb, rgbToHex, simulate, type Lab, type Vision } from '../src/render/color-science.js';
import { COLORS, DEFAULT_TINT, textOn, tint } from '../src/render/palette.js';

const MAP = new URL('../src/variants/mandate-of-heaven/map.json', import.meta.url);
/** Searched to this bar (the test asks 10), so rounding never decides. */
const BAR = 10.5;
const ALL: Vision[] = ['normal', 'deuteranopia', 'protanopia'];

/** Warring States colours of the same seven states (src/variants/warring-states/map.json). */
const WS: Record<string, { color: string; altColor: string; altLandColor: string }> = {
  Qin: { color: '#35352c', altColor: '#000000', altLandColor: '#8c8c8c' },
  Chu: { color: '#b60219', altColor: '#c05200', altLandColor: '#e2b08b' },
  Zhao: { color: '#1d3a93', altColor: '#09689c', altLandColor: '#81a8bd' },
  Wei: { color: '#2e9e4f', altColor: '#019e73', altLandColor: '#8dd3be' },
  Han: { color: '#e4ce0a', altColor: '#ffff00', altLandColor: '#ffffa3' },
  Yan: { color: '#d540ca', altColor: '#d374e6', altLandColor: '#d7aaff' },
  Qi: { color: '#fc7e1a', altColor: '#e19e14', altLandColor: '#f2c659' },
};
/** Earlier Mandate colours of the others (unit colour, colour-blind unit colour). */
const OTHERS: Record<string, { color: string; altColor?: string }> = {
  'Hsiung-Nu': { color: '#6d4c41', altColor: '#56B4E9' },
  Zhou: { color: '#b8860b' },
  Song: { color: '#95a5a6' },
  Lu: { color: '#e75480' },
  Wey: { color: '#00838f' },
  Zhongshan: { color: '#7cb342' },
  Shu: { color: '#ad1457' },
  Choson: { color: '#5e35b1' },
  'Pei Choushi': { color: '#c0ca33' },
  'Tung Yueh': { color: '#004d40' },
};
const NAMES = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han', 'Hsiung-Nu', 'Zhou', 'Song', 'Lu', 'Wey', 'Zhongshan', 'Shu', 'Choson', 'Pei Choushi', 'Tung Yueh'];
const STATES = new Set(Object.keys(WS));
const weight = (name: string) => (STATES.has(name) ? 3 : name === 'Hsiung-Nu' ? 2 : 1);

interface Candidate {
  hex: string;
  lab: Record<Vision, Lab>;
}
const candidate = (hex: string): Candidate => ({
  hex,
  lab: { normal: hexToLab(hex), deuteranopia: hexToLab(simulate(hex, 'deuteranopia')), protanopia: hexToLab(simulate(hex, 'protanopia')) },
});

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const s = parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

const grid: string[] = [];
for (let r = 0; r <= 255; r += 15) for (let g = 0; g <= 255; g += 15) for (let b = 0; b <= 255; b += 15) grid.push(rgbToHex([r, g, b]));

const land = candidate(COLORS.land);
/** Units carry their letter legibly (the renderer's textOn) and stand out on bare land. */
const unitOk = (c: Candidate) => contrast(c.hex, textOn(c.hex)) >= 4.5 && deltaE2000(c.lab.normal, land.lab.normal) >= 15;
/** Standard land tints: light, dark labels at contrast ≥ 6 even without their halo, apart from bare land. */
const landOk = (c: Candidate) => contrast(c.hex, COLORS.labelLand) >= 6 && deltaE2000(c.lab.normal, land.lab.normal) >= 5;
/**
 * Colour-blind land tints: 17 light tints cannot all stand ΔE 10 apart under both dichromacies (the searches
 * top out near 9.8 at label contrast 4.5), so these go down to contrast 3.5 with the label colour; labels keep
 * their white halo (COLORS.halo), which carries them on any tint.
 */
const altLandOk = (c: Candidate) =>
  contrast(c.hex, COLORS.labelLand) >= 3.5 && Math.hypot(c.lab.normal[1], c.lab.normal[2]) <= 55 && deltaE2000(c.lab.normal, land.lab.normal) >= 8;
const gridPool = grid.map(candidate);
const unitPool = gridPool.filter(unitOk);
const landPool = gridPool.filter(landOk);
const altLandPool = gridPool.filter(altLandOk);

/** The anchor with its chroma scaled (neutrals muted). */
function muted(hex: string, factor: number): Lab {
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
  if (current && minAll(current, others, p.visions) >= BAR) [best, bestCost] = [current, deltaE2000(current.lab.normal, p.anchors[name])];
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
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) min = Math.min(min, minAll(all[i], [all[j]], visions));
  return min;
}

/**
 * When the greedy pick leaves pairs too close: simulated annealing on a 5-step sRGB lattice (fixed seed, so
 * the result is reproducible), energy = squared shortfalls below the bar (weighted heavily) + distance from
 * the anchors.
 */
function anneal(p: Problem, chosen: Map<string, Candidate>, sea: Candidate): void {
  let seed = 20261122;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
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
    return e + weight(names[i]) * deltaE2000(c.lab.normal, p.anchors[names[i]]);
  };
  const ITER = 300_000;
  for (let it = 0; it < ITER; it++) {
    const t = 1 - it / ITER;
    const temperature = 200 * t * t + 0.05;
    const i = Math.floor(rnd() * names.length);
    const reach = Math.max(1, Math.round(12 * t));
    const next = state[i].map((x) => Math.min(255, Math.max(0, x + (Math.floor(rnd() * (2 * reach + 1)) - reach) * 5))) as [number, number, number];
    if (!ok(rgbToHex(next))) continue;
    const delta = energy(i, next) - energy(i, state[i]);
    if (delta <= 0 || rnd() < Math.exp(-delta / temperature)) state[i] = next;
  }
  names.forEach((n, i) => chosen.set(n, get(rgbToHex(state[i]))));
}

function solve(p: Problem): Record<string, string> {
  const sea = candidate(COLORS.sea);
  const order = [...NAMES].sort((a, b) => weight(b) - weight(a));
  const chosen = new Map<string, Candidate>();
  for (const name of order) chosen.set(name, pick(p, name, [sea, ...chosen.values()]).c);
  if (minPair(chosen, sea, p.visions) < BAR) anneal(p, chosen, sea);
  for (let pass = 0; pass < 30; pass++) {
    // Swapping two powers' colours keeps every distance: take any swap that brings both nearer their anchors.
    for (const a of order)
      for (const b of order) {
        const [ca, cb] = [chosen.get(a)!, chosen.get(b)!];
        const cost = (n: string, c: Candidate) => weight(n) * deltaE2000(c.lab.normal, p.anchors[n]);
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
    console.log(`${p.label.padEnd(22)} ${v.padEnd(13)} closest ${worst.a} / ${worst.b}: ΔE ${worst.d.toFixed(1)}${worst.d < 10 ? '  FAILS' : ''}`);
  }
  return Object.fromEntries(NAMES.map((n) => [n, chosen.get(n)!.hex]));
}

const anchorOf = (name: string, hex: string) => (STATES.has(name) ? hexToLab(hex) : name === 'Hsiung-Nu' ? hexToLab(hex) : muted(hex, 0.7));

const color = solve({
  label: 'units, standard',
  visions: ['normal'],
  pool: unitPool,
  accept: unitOk,
  anchors: Object.fromEntries(NAMES.map((n) => [n, anchorOf(n, WS[n]?.color ?? OTHERS[n].color)])),
});
const altColor = solve({
  label: 'units, colour-blind',
  visions: ALL,
  pool: unitPool,
  accept: unitOk,
  anchors: Object.fromEntries(NAMES.map((n) => [n, anchorOf(n, WS[n]?.altColor ?? OTHERS[n].altColor ?? color[n])])),
});
const landColor = solve({
  label: 'land, standard',
  visions: ['normal'],
  pool: landPool,
  accept: landOk,
  anchors: Object.fromEntries(NAMES.map((n) => [n, hexToLab(tint(color[n], DEFAULT_TINT))])),
});
const altLandColor = solve({
  label: 'land, colour-blind',
  visions: ALL,
  pool: altLandPool,
  accept: altLandOk,
  anchors: Object.fromEntries(NAMES.map((n) => [n, hexToLab(WS[n]?.altLandColor ?? tint(altColor[n], DEFAULT_TINT))])),
});

const result = Object.fromEntries(
  NAMES.map((n) => [n, { color: color[n], altColor: altColor[n], landColor: landColor[n], altLandColor: altLandColor[n] }]),
);
console.table(result);

if (!process.argv.includes('--dry')) {
  const text = readFileSync(MAP, 'utf8');
  const data = JSON.parse(text) as { powers: Record<string, unknown>[] };
  const powers = data.powers.map((p) => {
    const r = result[p.name as string];
    if (!r) throw new Error(`no colours for ${String(p.name)}`);
    // Keep the key order of the entry; the four colours follow `adjective`.
    const { name, adjective, color: _c, altColor: _a, landColor: _l, altLandColor: _al, ...rest } = p;
    return { name, adjective, ...r, ...rest };
  });
  const start = text.indexOf('\n "powers": [');
  const end = text.indexOf('\n ],\n', start) + '\n ]'.length;
  if (start < 0 || end < start) throw new Error('powers array not found in map.json');
  const block = '\n "powers": ' + JSON.stringify(powers, null, 1).replace(/\n/g, '\n ');
  writeFileSync(MAP, text.slice(0, start) + block + text.slice(end));
  console.log('map.json: powers colours written');
}
