/**
 * Plays a game offline with the CLI's own commands (`ai orders` for every power, then `adjudicate`) and writes each
 * phase as a `render` case: the position, the computer players' orders, and what `adjudicate` printed after it. The
 * map tests and the bench pick realistic busy positions from these games (test/render/played/).
 *
 *   npx tsx scripts/play-map-cases.ts <variant> <years> <seed> <out.json> [--level easy|normal|hard] [--option k=v]…
 *     [--keep <case id>,<case id>…]
 *
 * `--keep` writes only those phases (`fall-2502-movement`), one case a line: the map tests' fixtures are made so.
 */
import { writeFileSync } from 'node:fs';
import { adjudicateCommand } from '../src/cli/commands/adjudicate.js';
import { aiCommand } from '../src/cli/commands/ai.js';
import { variantById } from '../src/cli/io.js';
import { loadVariants } from '../src/cli/io.js';

interface Case {
  id: string;
  variant: string;
  phase: { season: string; year: number; type: string };
  units: unknown[];
  supplyCenters: Record<string, string[]>;
  dislodged?: unknown[];
  contested?: string[];
  variantState?: unknown;
  options?: Record<string, string>;
  orders?: { power: string; text: string }[];
}

async function run(command: typeof aiCommand, args: string[], input: unknown): Promise<Record<string, unknown>> {
  const r = await command(args, JSON.stringify(input));
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const [variantId, years, seed, out, ...rest] = process.argv.slice(2);
  if (!variantId || !years || !seed || !out) throw new Error('usage: <variant> <years> <seed> <out.json> [--level L]');
  const level = rest.includes('--level') ? rest[rest.indexOf('--level') + 1]! : 'normal';
  const keep = rest.includes('--keep') ? rest[rest.indexOf('--keep') + 1]!.split(',') : null;
  const options = Object.fromEntries(
    rest.flatMap((a, i) => (rest[i - 1] === '--option' ? [a.split('=') as [string, string]] : [])),
  );
  await loadVariants([variantId]);
  const start = variantById(variantId).startingPosition();
  let c: Case = {
    id: '',
    variant: variantId,
    phase: start.phase,
    units: start.units,
    supplyCenters: start.supplyCenters,
    ...(start.variantState ? { variantState: start.variantState } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
  const firstYear = start.phase.type === 'movement' ? start.phase.year : start.phase.year + 1;
  const played: Case[] = [];
  while (c.phase.year < firstYear + Number(years)) {
    c.id = `${c.phase.season}-${c.phase.year}-${c.phase.type}`;
    const ai = await run(aiCommand, ['orders', '--level', level, '--seed', seed], c);
    const orders = ai.orders as { power: string; text: string }[];
    const result = await run(adjudicateCommand, [], { ...c, orders });
    played.push({ ...c, orders });
    process.stderr.write(`${c.id}: ${orders.length} orders, ${(c.units as unknown[]).length} units\n`);
    if (result.winner) break;
    const next = result.nextPhase as Case['phase'];
    c = {
      id: '',
      variant: variantId,
      phase: next,
      units: result.units as unknown[],
      supplyCenters: result.supplyCenters as Record<string, string[]>,
      ...(next.type === 'retreat' ? { dislodged: result.dislodged as unknown[] } : {}),
      ...(next.type === 'retreat' && result.contested ? { contested: result.contested as string[] } : {}),
      ...(result.variantState ? { variantState: result.variantState } : {}),
      ...(Object.keys(options).length > 0 ? { options } : {}),
    };
  }
  const kept = keep ? played.filter((c) => keep.includes(c.id)) : played;
  writeFileSync(out, `[\n${kept.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
}

await main();
