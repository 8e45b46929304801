/**
 * The shape of `src/` (brief "Shape of the code"; issue 21 §5): no import circles anywhere, and every import goes
 * down the layers: bot → game → engine/render/store, variants below the game and above the engine.
 */
import { describe, expect, it } from 'vitest';
import { circles, cycleThrough, importGraph, sourceFiles } from './import-graph.js';

const graph = importGraph();

/**
 * What each folder of src/ may import besides itself. Files at the top of src/ (main.ts, shard.ts) start the
 * program and may import anything; log.ts and paths.ts import nothing of the project, worker-thread.ts only
 * paths.ts, and anyone above the pure layers may use them.
 */
const MAY_IMPORT: Record<string, string[]> = {
  engine: [],
  cardgame: [],
  variants: ['engine'],
  ai: ['engine', 'variants', 'cardgame'],
  store: ['engine', 'paths.ts'],
  render: ['engine', 'variants', 'cardgame', 'i18n', 'paths.ts', 'log.ts', 'worker-thread.ts'],
  game: ['engine', 'variants', 'store', 'render', 'cardgame', 'ai', 'i18n', 'paths.ts', 'log.ts', 'worker-thread.ts'],
  bot: ['game', 'engine', 'variants', 'store', 'render', 'cardgame', 'i18n', 'paths.ts', 'log.ts'],
  cli: ['engine', 'variants', 'render', 'cardgame', 'ai', 'i18n', 'paths.ts', 'log.ts'],
  // The order pad (docs/pad.md): a front end beside the bot, over the same use-cases; its page under src/web/page.
  web: ['game', 'engine', 'variants', 'render', 'i18n', 'paths.ts', 'log.ts'],
  i18n: [],
  config: ['game'],
  'log.ts': [],
  'paths.ts': [],
  'worker-thread.ts': ['paths.ts'],
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

  it('knows every folder of src/', () => {
    const top = new Set([...graph.keys()].map(layerOf));
    expect([...top].filter((l) => !(l in MAY_IMPORT) && l !== 'main.ts' && l !== 'shard.ts')).toEqual([]);
  });
});
