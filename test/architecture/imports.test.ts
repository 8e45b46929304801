/**
 * The shape of `src/` (brief "Shape of the code"): no import circles anywhere, and every import goes
 * down the layers: bot → game → engine/render/store, variants below the game and above the engine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, cycleThrough, importGraph, ROOT, sourceFiles } from './import-graph.js';

const graph = importGraph();

/**
 * What each folder of src/ may import besides itself. Files at the top of src/ (main.ts, shard.ts) start the
 * program and may import anything; log.ts and paths.ts import nothing of the project, worker-thread.ts only
 * paths.ts, worker-jobs.ts (a worker's job queue) only worker-thread.ts, and anyone above the pure layers may use them.
 */
const MAY_IMPORT: Record<string, string[]> = {
  engine: [],
  cardgame: [],
  // and, of i18n, only its French place registry (below): a variant declares its names' grammar (docs/locales.md).
  variants: ['engine', 'i18n'],
  ai: ['engine', 'variants', 'cardgame'],
  store: ['engine', 'paths.ts', 'worker-thread.ts'],
  render: ['engine', 'variants', 'cardgame', 'i18n', 'paths.ts', 'log.ts', 'worker-thread.ts'],
  game: [
    ...['engine', 'variants', 'store', 'render', 'cardgame', 'ai', 'i18n'],
    ...['paths.ts', 'log.ts', 'worker-thread.ts', 'worker-jobs.ts'],
  ],
  bot: ['game', 'engine', 'variants', 'store', 'render', 'cardgame', 'i18n', 'paths.ts', 'log.ts'],
  cli: ['engine', 'variants', 'render', 'cardgame', 'ai', 'i18n', 'paths.ts', 'log.ts'],
  // The order pad (docs/pad.md): a front end beside the bot, over the same use-cases; its page under src/web/page.
  web: ['game', 'engine', 'variants', 'render', 'i18n', 'paths.ts', 'log.ts'],
  i18n: [],
  config: ['game'],
  'log.ts': [],
  'paths.ts': [],
  'worker-thread.ts': ['paths.ts'],
  'worker-jobs.ts': ['worker-thread.ts'],
};

/** `src/game/resolve/resolve.ts` → `game`; `src/log.ts` → `log.ts`. */
const layerOf = (file: string): string => file.split('/')[1]!;

describe('the import graph of src/', () => {
  it('reads every source file and finds their imports', () => {
    // The checker itself: it sees the files and resolves `.js` specifiers to the `.ts` sources.
    expect(graph.size).toBe(sourceFiles().length);
    expect(graph.get('src/game/resolve/resolve.ts')).toContain('src/engine/index.ts');
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('has no import circles', () => {
    const found = circles(graph).map((component) => cycleThrough(graph, component[0]!, new Set(component)).join(' → '));
    expect(found).toEqual([]);
  });

  it('imports only downwards: bot → game → engine/render/store, variants below the game and above the engine', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) continue; // main.ts, shard.ts: the program's entry points
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !allowed.includes(to))
          wrong.push(`${file} imports ${target} (${from} may import ${allowed.join(', ') || 'nothing else'})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a variant reach i18n only through the French place registry, which imports nothing', () => {
    const registry = 'src/i18n/french-places.ts';
    const wrong = [...graph]
      .filter(([file]) => layerOf(file) === 'variants')
      .flatMap(([file, targets]) =>
        targets.filter((t) => layerOf(t) === 'i18n' && t !== registry).map((t) => `${file} imports ${t}`),
      );
    expect(wrong).toEqual([]);
    expect(graph.get(registry)).toEqual([]);
  });

  it('knows every folder of src/', () => {
    const top = new Set([...graph.keys()].map(layerOf));
    expect([...top].filter((l) => !(l in MAY_IMPORT) && l !== 'main.ts' && l !== 'shard.ts')).toEqual([]);
  });
});

/**
 * The feature folders of src/game, from the bottom up (docs/architecture.md "The game layer"): a feature may
 * import the features before it in this list, never one after it, and only through their face, `index.ts`.
 */
const FEATURES = [
  'ai-pool',
  'core',
  'variant-library',
  'outbox',
  'fog',
  'settings',
  'scores',
  'phase',
  'press',
  'spectators',
  'orders',
  'seats',
  'pauses',
  'muster',
  'resolve',
  'lobby',
  'votes',
  'history',
  'delivery',
  'cards',
  'computer',
  'gm',
  'board-edit',
  'pad',
  'sandbox',
];

/** `src/game/seats/record.ts` → `seats`; anything outside src/game → null. */
const featureOf = (file: string): string | null => (file.startsWith('src/game/') ? file.split('/')[2]! : null);

/** What is wrong with one import edge between files: a way into a feature past its face, or a feature upwards. */
function featureImportProblem(file: string, target: string): string | null {
  const to = featureOf(target);
  const from = featureOf(file);
  if (to === null || to === from) return null;
  if (target !== `src/game/${to}/index.ts`) return `${file} imports ${target}, inside ${to}/, past its face`;
  if (from !== null && FEATURES.indexOf(to) > FEATURES.indexOf(from))
    return `${file} imports ${to}/, a feature above ${from}/ (FEATURES lists them from the bottom up)`;
  return null;
}

describe('the feature folders of src/game', () => {
  it('keeps every file of src/game in a listed feature folder with a face', () => {
    const files = sourceFiles('src/game');
    expect(files.filter((f) => f.split('/').length < 4)).toEqual([]);
    expect([...new Set(files.map((f) => featureOf(f)!))].sort()).toEqual([...FEATURES].sort());
    expect(FEATURES.filter((f) => !existsSync(join(ROOT, 'src/game', f, 'index.ts')))).toEqual([]);
  });

  it('tells an import past a face or upwards from a proper one', () => {
    expect(featureImportProblem('src/bot/a.ts', 'src/game/seats/index.ts')).toBeNull();
    expect(featureImportProblem('src/bot/a.ts', 'src/game/seats/record.ts')).toMatch(/past its face/);
    expect(featureImportProblem('src/game/seats/a.ts', 'src/game/seats/record.ts')).toBeNull();
    expect(featureImportProblem('src/game/seats/a.ts', 'src/game/core/index.ts')).toBeNull();
    expect(featureImportProblem('src/game/core/a.ts', 'src/game/seats/index.ts')).toMatch(/above core/);
  });

  it('reaches a feature only through its face, and only from above', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) {
        const problem = featureImportProblem(file, target);
        if (problem) wrong.push(problem);
      }
    expect(wrong).toEqual([]);
  });
});
