/**
 * Bad input to the offline CLI never crashes it (docs/cli.md): a clear error on stderr with the documented exit
 * code (2 for unreadable input or usage, 1 for input read but refused), and nothing but JSON on stdout. Seeded and
 * bounded, so the run is fast and the same every time.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], stdin = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdin: async () => stdin,
    write: (s) => {
      stdout += s;
    },
    warn: (s) => {
      stderr += s;
    },
  });
  return { code, stdout, stderr };
}

/**
 * The contract: exit 0 with JSON on stdout, or a non-zero exit with a reason on stderr and an empty stdout — except
 * `maps check`, whose exit 1 comes with its JSON report on stdout.
 */
function expectClean(r: Run, what: string): void {
  expect([0, 1, 2], what).toContain(r.code);
  expect(r.stderr, what).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
  if (r.code === 0 || r.stdout !== '') expect(() => JSON.parse(r.stdout), what).not.toThrow();
  if (r.code !== 0) expect((r.stderr + r.stdout).trim().length, what).toBeGreaterThan(0);
  if (r.code === 2) expect(r.stdout, what).toBe('');
}

// Commands that read stdin and write only JSON (render and replay write files: left to their own tests).
const COMMANDS = [
  ['adjudicate'],
  ['parse'],
  ['ai', 'orders'],
  ['ai', 'declare'],
  ['cards', 'apply'],
  ['cards', 'view'],
];
const FLAGS = ['--variant', '--variant-file', '--power', '--seed', '--seat', '--players', '--from', ''];
const word = fc.oneof(
  fc.constantFrom('classic', 'warring-states', 'nope', '', '-1', '1e999', 'NaN', '/nonexistent/x.json', '\u0000'),
  fc.string({ maxLength: 12 }),
);
const argsArb = fc
  .array(
    fc.tuple(fc.constantFrom(...FLAGS), word).map(([f, w]) => (f ? [f, w] : [w])),
    { maxLength: 3 },
  )
  .map((a) => a.flat().filter((s) => !s.startsWith('--out') && !s.startsWith('--help') && s !== '-h'));

const caseLike = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer()),
    variant: fc.oneof(fc.constant('classic'), fc.string({ maxLength: 8 }), fc.integer()),
    phase: fc.oneof(
      fc.record({
        season: fc.constantFrom('spring', 'fall', 'winter', 'summer', ''),
        year: fc.oneof(fc.integer(), fc.double(), fc.string()),
        type: fc.constantFrom('movement', 'retreat', 'adjustment', 'x'),
      }),
      fc.anything(),
    ),
    units: fc.oneof(
      fc.array(
        fc.record({
          power: fc.constantFrom('England', 'France', 'Nobody', ''),
          type: fc.constantFrom('A', 'F', 'X'),
          province: fc.constantFrom('lon', 'par', 'spa', 'zzz', ''),
          coast: fc.constantFrom(null, 'nc', 'xx'),
        }),
        { maxLength: 4 },
      ),
      fc.anything(),
    ),
    orders: fc.oneof(
      fc.array(fc.record({ power: fc.constantFrom('England', 'France', 7), text: fc.string({ maxLength: 30 }) }), {
        maxLength: 4,
      }),
      fc.anything(),
    ),
    supplyCenters: fc.anything(),
    dislodged: fc.anything(),
  },
  { requiredKeys: [] },
);

const stdinArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '[', 'null', '[null]', '"x"', '{"__proto__":{"a":1}}', '\uFEFF{}', '[[[[[[[[[[]]]]]]]]]]'),
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
  caseLike.map((c) => JSON.stringify(c)),
  fc.array(caseLike, { maxLength: 2 }).map((c) => JSON.stringify(c)),
);

describe('CLI fuzz (docs/cli.md)', () => {
  it('random command lines and inputs: JSON or a clean error, never an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COMMANDS), argsArb, stdinArb, async (cmd, args, stdin) => {
        const r = await run([...cmd, ...args], stdin);
        expectClean(r, `${JSON.stringify([...cmd, ...args])} <<< ${JSON.stringify(stdin).slice(0, 300)}`);
      }),
      { seed: 20261128, numRuns: 150 },
    );
  }, 30_000);

  it('random words as the command line: usage on stderr, exit 2', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 10 }), { minLength: 1, maxLength: 4 }), async (argv) => {
        fc.pre(!['adjudicate', 'parse', 'maps', 'ai', 'variants', 'cards', 'replay', 'render'].includes(argv[0]!));
        const r = await run(argv);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/usage/);
      }),
      { seed: 7, numRuns: 50 },
    );
  });

  it('malformed variant files: a clean error naming the problem, never an internal error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-fuzz-'));
    const file = join(dir, 'map.json');
    const variantLike = fc.record(
      {
        id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
        name: fc.anything(),
        powers: fc.oneof(fc.array(fc.record({ name: fc.string({ maxLength: 6 }) }), { maxLength: 3 }), fc.anything()),
        provinces: fc.oneof(
          fc.array(fc.dictionary(fc.string({ maxLength: 5 }), fc.anything()), { maxLength: 3 }),
          fc.anything(),
        ),
        adjacency: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const content = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.anything().map((v) => JSON.stringify(v) ?? ''),
      variantLike.map((v) => JSON.stringify(v)),
    );
    const commands = [['parse'], ['adjudicate'], ['maps', 'show'], ['maps', 'check']];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...commands), content, async (cmd, text) => {
        writeFileSync(file, text);
        const r = await run([...cmd, '--variant-file', file], 'A lon - nth');
        expectClean(r, `${cmd.join(' ')} --variant-file <<< ${text.slice(0, 300)}`);
      }),
      { seed: 11, numRuns: 80 },
    );
  }, 30_000);
});
