/**
 * `npm run bench`: runs every benchmark module that exists and writes docs/benchmarks.md.
 * Speed is measured here, never by timed tests.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './types.js';

const suites: { title: string; file: string; fn: string }[] = [
  { title: 'Engine', file: './engine.ts', fn: 'benchEngine' },
  { title: 'Rendering', file: './render.ts', fn: 'benchRender' },
  { title: 'Game use-cases', file: './game.ts', fn: 'benchGame' },
  { title: 'Discord bot', file: './bot.ts', fn: 'benchBot' },
  { title: 'Production: CLI, start-up, restart', file: './production.ts', fn: 'benchProduction' },
  { title: 'Fair outbox', file: './outbox.ts', fn: 'benchOutbox' },
  { title: 'Card game', file: './cardgame.ts', fn: 'benchCardgame' },
  { title: 'Computer players', file: './ai.ts', fn: 'benchAi' },
  { title: 'Computer seats in the bot', file: './ai-seats.ts', fn: 'benchAiSeats' },
  { title: 'Card game computer player', file: './ai-cards.ts', fn: 'benchAiCards' },
  { title: 'Replays', file: './replay.ts', fn: 'benchReplay' },
  { title: 'Sandboxes and a hostile member', file: './sandbox.ts', fn: 'benchSandbox' },
  { title: 'Supply-centre chart', file: './chart.ts', fn: 'benchChart' },
  { title: 'Missed orders given by the computer player', file: './nmr.ts', fn: 'benchNmr' },
  { title: 'Several machines: PostgreSQL beside SQLite', file: './machines.ts', fn: 'benchMachines' },
  { title: 'Variant files and imports', file: './variant-import.ts', fn: 'benchVariantImport' },
  { title: 'The order pad (docs/pad.md)', file: './pad.ts', fn: 'benchPad' },
  { title: 'Texts and in-memory stores', file: './wording.ts', fn: 'benchWording' },
];

const only = process.argv.slice(2);
checkArguments(only);
const sections: string[] = [];
for (const s of suites) {
  if (only.length > 0 && !only.some((o) => s.file.includes(o))) continue;
  const path = fileURLToPath(new URL(s.file, import.meta.url));
  if (!existsSync(path)) continue;
  const mod = (await import(s.file)) as Record<string, () => Promise<BenchResult[]>>;
  process.stderr.write(`bench: ${s.title}…\n`);
  const results = await mod[s.fn]!();
  const rows = results.map((r) => `| ${r.name} | ${formatValue(r.value)} ${r.unit} | ${r.note} |`);
  sections.push(`## ${s.title}\n\n| measure | value | how |\n|---|---|---|\n${rows.join('\n')}\n`);
  for (const r of results) process.stdout.write(`${r.name}: ${formatValue(r.value)} ${r.unit}\n`);
}

/**
 * `--help` prints the usage and the section names; a name that matches no section stops the run before anything is
 * measured or written (a typo would otherwise measure nothing and rewrite no section, silently).
 */
function checkArguments(args: string[]): void {
  const names = suites.map((s) => s.file.replace(/^\.\/|\.ts$/g, ''));
  const usage = `usage: npm run bench [-- <section>…]   (or npx tsx bench/run.ts <section>…)

  no section: runs every benchmark (minutes; the machine should be otherwise idle) and writes docs/benchmarks.md
  <section>: runs only the sections whose file name contains it and rewrites only those in docs/benchmarks.md

sections: ${names.join(', ')}\n`;
  if (args.some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const unknown = args.filter((a) => !suites.some((s) => s.file.includes(a)));
  if (unknown.length > 0) {
    process.stderr.write(`bench: no section matches ${unknown.map((a) => `"${a}"`).join(', ')}\n\n${usage}`);
    process.exit(2);
  }
}

/** The measure a table row names (`| measure | value | how |`), or null for a line that is not a measured row. */
function measureOf(line: string): string | null {
  if (!line.startsWith('| ') || line.startsWith('| measure |')) return null;
  return line.slice(2, line.indexOf(' | ', 2));
}

/** The section as it was, with the rows `fresh` measured replaced (or added after the last row). */
function mergeRows(old: string, fresh: string): string {
  const rows = new Map(fresh.split('\n').flatMap((l) => (measureOf(l) === null ? [] : [[measureOf(l)!, l] as const])));
  const lines = old.split('\n');
  let last = -1;
  const out = lines.map((l, i) => {
    const m = measureOf(l);
    if (m === null) return l;
    last = i;
    const row = rows.get(m);
    rows.delete(m);
    return row ?? l;
  });
  if (last < 0) return fresh;
  out.splice(last + 1, 0, ...rows.values());
  return out.join('\n');
}

/** The header's line naming the sections a partial run re-measured since the full run, and when (one entry each). */
const PARTIAL_LINE = 'Re-measured alone since the full run (`npx tsx bench/run.ts <section>`):';
function withPartialRuns(text: string, sections: string[], date: string): string {
  const titles = sections.map((section) => section.slice(3, section.indexOf('\n')));
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(PARTIAL_LINE));
  const entries = new Map<string, string>();
  if (at >= 0) {
    for (const e of lines[at]!.slice(PARTIAL_LINE.length)
      .split(';')
      .map((x) => x.trim().replace(/\.$/, ''))) {
      const m = /^(.*) \((\d{4}-\d{2}-\d{2})\)$/.exec(e);
      if (m) entries.set(m[1]!, m[2]!);
    }
  }
  for (const t of titles) entries.set(t, date);
  const line = `${PARTIAL_LINE} ${[...entries].map(([t, d]) => `${t} (${d})`).join('; ')}.`;
  if (at >= 0) lines[at] = line;
  else {
    // After the header's first paragraph.
    const blank = lines.findIndex((l, i) => i > 2 && l.trim() === '');
    lines.splice(blank < 0 ? 3 : blank, 0, '', line);
  }
  return lines.join('\n');
}

function formatValue(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(4);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmarks\n\nWritten by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(
    ' / ',
  )} (1 / 5 / 15 min) when it finished (other work on the machine slows every figure). Re-run it to refresh; the figures below are what that run measured.\n\n`;
const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
if (only.length === 0) {
  writeFileSync(docs, header + sections.join('\n'));
  process.stderr.write('bench: wrote docs/benchmarks.md\n');
} else if (existsSync(docs)) {
  // `npx tsx bench/run.ts render`: only the sections that ran are rewritten (each starts with its `## ` title). In a
  // section that ran, each row measured replaces the row of the same measure; rows not measured this time (a part of
  // the section: e.g. `AI_BENCH_PARTS=strength`) and the text after the table stay.
  let text = readFileSync(docs, 'utf8');
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    const at = text.indexOf(`${title}\n`);
    if (at < 0) {
      text = `${text.trimEnd()}\n\n${section}`;
      continue;
    }
    const next = text.indexOf('\n## ', at + title.length);
    const old = next < 0 ? text.slice(at) : text.slice(at, next + 1);
    text = text.slice(0, at) + mergeRows(old, section) + (next < 0 ? '' : text.slice(next + 1));
  }
  writeFileSync(docs, withPartialRuns(text, sections, new Date().toISOString().slice(0, 10)));
  process.stderr.write(`bench: rewrote ${sections.length} section(s) of docs/benchmarks.md\n`);
}
