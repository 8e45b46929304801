/**
 * Removes drawn borders the Warhammer adjacency does not have: for each, a seed point at the border's middle goes
 * to a province adjacent to both sides (so the picture keeps true), or else to off-map filler. Repeats until
 * `maps check` finds no geometry problem or nothing more helps; writes scripts/wh-geometry-tweaks.json, then
 * rebuilds map.json with scripts/wh-build-map.ts.
 *   npx tsx scripts/wh-geometry-fix.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildVariant, parseVariantData } from '../src/variants/build.js';
import { geometryProblems } from '../src/render/check.js';
import { geometryOf } from '../src/render/geometry.js';

const tweakFile = new URL('./wh-geometry-tweaks.json', import.meta.url);
const mapFile = new URL('../src/variants/warhammer/map.json', import.meta.url);
const rebuild = () => execFileSync('npx', ['tsx', 'scripts/wh-build-map.ts'], { stdio: 'inherit' });

for (let round = 0; round < 30; round++) {
  rebuild();
  const variant = buildVariant(parseVariantData(JSON.parse(readFileSync(mapFile, 'utf8'))));
  const problems = geometryProblems(variant);
  console.log(`round ${round}: ${problems.length} problems`);
  if (problems.length === 0) break;
  const g = geometryOf(variant.data);
  if (!g.ok) throw new Error(g.error);
  const tweaks: Record<string, [number, number][]> = (() => {
    try {
      return JSON.parse(readFileSync(tweakFile, 'utf8'));
    } catch {
      return {};
    }
  })();
  let changed = false;
  for (const p of problems) {
    if (p.kind === 'missing-border') {
      // Draw the border back in: a point each side of the middle between the two provinces' nearest seeds.
      const seedsOf = (id: string) => variant.data.geometry!.points[id]!;
      let best: [[number, number], [number, number]] = [seedsOf(p.a!)[0]!, seedsOf(p.b!)[0]!];
      for (const sa of seedsOf(p.a!))
        for (const sb of seedsOf(p.b!))
          if (Math.hypot(sa[0] - sb[0], sa[1] - sb[1]) < Math.hypot(best[0][0] - best[1][0], best[0][1] - best[1][1]))
            best = [sa, sb];
      const at = (t: number): [number, number] => [
        Math.round((best[0][0] + (best[1][0] - best[0][0]) * t) * 100) / 100,
        Math.round((best[0][1] + (best[1][1] - best[0][1]) * t) * 100) / 100,
      ];
      (tweaks[p.a!] ??= []).push(at(0.46));
      (tweaks[p.b!] ??= []).push(at(0.54));
      changed = true;
      continue;
    }
    if (p.kind !== 'extra-border') continue;
    const border = g.geometry.borderIndex.get(p.a! < p.b! ? `${p.a}|${p.b}` : `${p.b}|${p.a}`)!;
    const longest = border.segments.reduce((m, s) =>
      Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]) > Math.hypot(m[1][0] - m[0][0], m[1][1] - m[0][1]) ? s : m,
    );
    const mid: [number, number] = [
      Math.round(((longest[0][0] + longest[1][0]) / 2) * 100) / 100,
      Math.round(((longest[0][1] + longest[1][1]) / 2) * 100) / 100,
    ];
    const common = [...variant.map.neighbours(p.a!)]
      .filter((n) => variant.map.neighbours(p.b!).has(n) && variant.map.province(n)?.kind !== 'impassable')
      .sort();
    const bothSea = variant.map.province(p.a!)?.kind === 'sea' && variant.map.province(p.b!)?.kind === 'sea';
    // the common neighbour nearest the border's middle
    const owner = common.sort((x, y) => dist(x) - dist(y))[0] ?? (bothSea ? '#sea' : '#land');
    function dist(id: string) {
      const s = g.ok ? g.geometry.shapes.get(id) : undefined;
      return s ? Math.hypot(s.center[0] - mid[0], s.center[1] - mid[1]) : Infinity;
    }
    (tweaks[owner] ??= []).push(mid);
    changed = true;
  }
  writeFileSync(tweakFile, `${JSON.stringify(tweaks, null, 1)}\n`);
  if (!changed) {
    for (const p of problems) console.log(p.message);
    break;
  }
}
