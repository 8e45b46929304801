import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/commands/render.js';
import { immortalityRising, nextCase, playedScene } from './played.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-render-'));
const datc = JSON.parse(readFileSync(new URL('../fixtures/datc.json', import.meta.url), 'utf8')) as { id: string }[];

describe('cli render', () => {
  it('draws the starting position from an empty case and prints {file,width,height,ms}', async () => {
    const file = join(dir, 'start.png');
    const r = await render(['--variant', 'classic', '--out', file], '{}');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['file', 'width', 'height', 'ms']);
    expect(out).toMatchObject({ file, width: 1600 });
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(file).readUInt32BE(20)).toBe(out.height);
  });

  it('parses and adjudicates the orders of a DATC case, then draws them', async () => {
    const file = join(dir, 'f1.png');
    const r = await render(
      ['--out', file, '--width', '800', '--palette', 'colorblind'],
      JSON.stringify(datc.find((c) => c.id === '6.F.1')),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).width).toBe(800);
  });

  it('reports unparseable orders and unknown units on stderr and still draws', async () => {
    const file = join(dir, 'bad.png');
    const input = {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [
        { power: 'France', type: 'A', province: 'par' },
        { power: 'France', type: 'A', province: 'atlantis' },
      ],
      orders: [{ power: 'France', text: 'A par flies to the moon' }],
    };
    const r = await render(['--out', file], JSON.stringify(input));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^orders\[0\] \(France\) not drawn: /m);
    expect(r.stderr).toMatch(/unit A atlantis of France is not on the map/);
  });

  it('exits 2 with a one-line reason for unreadable input or usage', async () => {
    const out = ['--out', join(dir, 'x.png')];
    for (const [args, stdin, reason] of [
      [[], '{}', /needs --out/],
      [out, 'not json', /input is not JSON/],
      [out, '[{}, {}]', /one case; the input array has 2/],
      [out, '{"phase": {"season": "summer"}}', /case is invalid at phase.season/],
      [[...out, '--variant', 'nope'], '{}', /unknown variant "nope"/],
      [[...out, '--width', '12'], '{}', /--width/],
    ] as const) {
      const r = await render([...args], stdin);
      expect(r.code, String(reason)).toBe(2);
      expect(r.stderr).toMatch(reason);
      expect(r.stdout).toBe('');
    }
  });

  it("draws adjudicate's own retreat case after a virtual army dislodged a unit (no attackerFrom)", async () => {
    const retreat = await nextCase(immortalityRising());
    const dislodged = (retreat.dislodged as { province: string; attackerFrom?: string }[]).find(
      (d) => d.province === 'sylv',
    );
    expect(dislodged).toBeDefined();
    expect(dislodged).not.toHaveProperty('attackerFrom');
    const r = await render(['--out', join(dir, 'risen.png')], JSON.stringify(retreat));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // An empty attackerFrom reads as none too.
    const empty = { ...retreat, dislodged: [{ ...dislodged, attackerFrom: '' }] };
    expect((await render(['--out', join(dir, 'risen2.png')], JSON.stringify(empty))).code).toBe(0);
    const { scene } = await playedScene(retreat, 'board');
    const unit = scene.units.find((u) => u.location === 'sylv' && u.dislodged);
    expect(unit?.power).toBe('Dwarves');
    expect(scene.orders.filter((o) => o.kind === 'retreat-option' && o.order.startsWith('A sylv R')).length).toBe(4);
  });
});
