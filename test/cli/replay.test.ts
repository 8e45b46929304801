/** `cli replay` (an extension of the CLI contract, docs/cli.md): a list of phases in, one animated GIF out. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import omggif from 'omggif';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '../../src/cli/commands/replay.js';
import { stopRenderWorker } from '../../src/render/index.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-replay-'));
afterAll(async () => {
  await stopRenderWorker();
});

const spring = [
  { power: 'France', text: 'A par - bur' },
  { power: 'Germany', text: 'A mun - ruh' },
  { power: 'England', text: 'F lon - eng' },
];

describe('cli replay', () => {
  it('replays a game given by its orders alone, each case continuing from the one before', async () => {
    const file = join(dir, 'game.gif');
    const input = [
      { variant: 'classic', orders: spring },
      { orders: [{ power: 'France', text: 'A bur - mun' }] },
      { phase: { season: 'winter', year: 1901, type: 'adjustment' }, orders: [] },
    ];
    const r = await replay(['--out', file, '--width', '600'], JSON.stringify(input));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['file', 'width', 'height', 'phases', 'frames', 'seconds', 'bytes', 'ms']);
    expect(out).toMatchObject({ file, width: 600, phases: 3 });
    const gif = readFileSync(file);
    expect(gif.subarray(0, 6).toString()).toBe('GIF89a');
    expect(gif.length).toBe(out.bytes);
    const reader = new omggif.GifReader(gif);
    expect(reader.numFrames()).toBe(out.frames);
    expect([reader.width, reader.height]).toEqual([out.width, out.height]);
  });

  it('accepts whole cases (units given) and names unreadable orders on stderr', async () => {
    const file = join(dir, 'cases.gif');
    const units = [
      { power: 'France', type: 'A', province: 'par' },
      { power: 'Germany', type: 'A', province: 'mun' },
    ];
    const input = [
      {
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units,
        orders: [{ power: 'France', text: 'A par flies' }],
      },
    ];
    const r = await replay(['--out', file, '--width', '500'], JSON.stringify(input));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^case #1: orders\[0\] \(France\) not drawn/);
  });

  it.each([
    ['not an array', '{"orders": []}', /a JSON array of cases/],
    ['empty', '[]', /empty/],
    ['not JSON', 'nope', /not JSON/],
    ['a case that is not an object', '[{}, 3]', /case #2: a case is a JSON object/],
    [
      'a phase that does not follow',
      JSON.stringify([{}, { phase: { season: 'fall', year: 1905, type: 'movement' } }]),
      /case #2: phase does not follow .*next is fall 1901 movement/,
    ],
    [
      'another variant',
      JSON.stringify([
        {},
        { variant: 'warring-states', units: [], phase: { season: 'spring', year: 1, type: 'movement' } },
      ]),
      /case #2: variant warring-states differs/,
    ],
    ['too many phases', JSON.stringify(Array.from({ length: 81 }, () => ({}))), /at most 80 phases/],
  ])('refuses %s with exit 2 and a reason', async (_, stdin, reason) => {
    const r = await replay(['--out', join(dir, 'bad.gif'), '--width', '500'], stdin);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(reason);
  });

  it('refuses bad flags', async () => {
    expect((await replay([], '[{}]')).stderr).toMatch(/needs --out/);
    expect((await replay(['--out', 'x.gif', '--width', '50'], '[{}]')).stderr).toMatch(/--width/);
    expect((await replay(['--out', 'x.gif', '--palette', 'neon'], '[{}]')).stderr).toMatch(/--palette/);
  });
});
