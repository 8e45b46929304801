/**
 * The pad's order flow (src/web/page/flow.ts), table-driven on the legal orders the engine lists: every click sequence
 * ends on exactly one listed order, and only listed provinces can be clicked at each step.
 */
import { describe, expect, it } from 'vitest';
import { legalOrderObjects } from '../../../src/engine/options.js';
import type { Position } from '../../../src/engine/types.js';
import { loadVariant } from '../../../src/variants/bundled.js';
import {
  chooseKind,
  keepStep,
  kindsOf,
  litProvinces,
  pickedProvinces,
  pickProvince,
  type Outcome,
  type PadPiece,
  type Step,
} from '../../../src/web/page/flow.js';
import { readPadPieces } from './pieces.js';

/** Follows clicks (a kind, then provinces or `coast:xx`) from a piece; the order text it ends on, or the step. */
function play(piece: PadPiece, kind: string, clicks: string[]): string | Step {
  let outcome: Outcome | null = chooseKind(piece, kind);
  for (const click of clicks) {
    if (!outcome || 'done' in outcome) throw new Error(`the flow ended before ${click}`);
    const step: Step = outcome.step;
    if (click.startsWith('coast:')) {
      if (step.at !== 'coast') throw new Error(`no coast to choose at ${click}`);
      outcome = { done: step.options.find((o) => o.coast === click.slice(6))!.choice };
    } else outcome = pickProvince(step, click);
  }
  if (!outcome) throw new Error('a click on a province that was not lit');
  return 'done' in outcome ? outcome.done.text : outcome.step;
}

describe('the order flow on Classic’s first board', async () => {
  const classic = (await loadVariant('classic'))!;
  const start = classic.startingPosition();
  const pieces = (power: string) => readPadPieces(classic, start, power);

  it('offers the kinds in the pad’s order', () => {
    expect(kindsOf(pieces('France').find((p) => p.province === 'par')!)).toEqual(['hold', 'move', 'support']);
    expect(kindsOf(pieces('England').find((p) => p.province === 'lon')!)).toEqual(['hold', 'move', 'support']);
  });

  it.each([
    ['France', 'par', 'hold', [], 'A par H'],
    ['France', 'par', 'move', ['bur'], 'A par - bur'],
    ['France', 'mar', 'support', ['par', 'bur'], 'A mar S A par - bur'],
    ['France', 'par', 'support', ['bre', 'bre'], 'A par S F bre'],
    ['Russia', 'stp', 'move', ['bot'], 'F stp/sc - bot'],
  ] as [string, string, string, string[], string][])('%s %s %s %j → %s', (power, province, kind, clicks, text) => {
    expect(play(pieces(power).find((p) => p.province === province)!, kind, clicks)).toBe(text);
  });

  it('keeps the step under way when a late answer brings the same piece, and drops it when the piece changed', () => {
    const france = pieces('France');
    const par = france.find((p) => p.province === 'par')!;
    const step = (chooseKind(par, 'move') as { step: Step }).step;
    expect(keepStep(step, structuredClone(france))).toBe(step);
    expect(keepStep({ at: 'kind', piece: par }, france)).toEqual({ at: 'kind', piece: par });
    expect(
      keepStep(
        step,
        france.filter((p) => p.province !== 'par'),
      ),
    ).toEqual({ at: 'idle' });
    const fewer = france.map((p) => (p.province === 'par' ? { ...p, choices: p.choices.slice(1) } : p));
    expect(keepStep(step, fewer)).toEqual({ at: 'idle' });
  });

  it('marks what the order under way has chosen so far: the supported unit, the destination whose coast is asked', () => {
    const mar = pieces('France').find((p) => p.province === 'mar')!;
    const support = (chooseKind(mar, 'support') as { step: Step }).step;
    expect(pickedProvinces(support)).toEqual([]);
    expect(pickedProvinces(play(mar, 'support', ['par']) as Step)).toEqual(['par']);
    const mao = readPadPieces(
      classic,
      { ...start, units: [{ type: 'F', power: 'France', province: 'mao', coast: null }] },
      'France',
    );
    expect(pickedProvinces(play(mao[0]!, 'move', ['spa']) as Step)).toEqual(['spa']);
  });

  it('lights only the listed targets and refuses a click elsewhere', () => {
    const par = pieces('France').find((p) => p.province === 'par')!;
    const step = (chooseKind(par, 'move') as { step: Step }).step;
    expect([...litProvinces(step)].sort()).toEqual(['bre', 'bur', 'gas', 'pic']);
    expect(pickProvince(step, 'mun')).toBeNull();
  });

  it('asks for a support’s second click as it may be given: a move, a hold, or either', () => {
    const prompt = (power: string, from: string, target: string) => {
      const piece = pieces(power).find((p) => p.province === from)!;
      const step = play(piece, 'support', [target]) as Step;
      return step.at === 'target' ? step.prompt : step.at;
    };
    expect(prompt('France', 'mar', 'par')).toBe('pickSupportMove'); // Marseilles does not reach Paris: no hold
    expect(prompt('France', 'par', 'mar')).toBe('pickSupportMove');
    expect(prompt('France', 'par', 'bre')).toBe('pickSupportTo'); // Brest's fleet: held, or moved to Picardy
    expect(prompt('Germany', 'mun', 'ber')).toBe('pickSupportTo');
    const lone: Position = {
      ...start,
      units: [
        { power: 'Italy', type: 'A', province: 'ven', coast: null },
        { power: 'Italy', type: 'F', province: 'adr', coast: null },
      ],
    };
    // The fleet in the Adriatic supports Venice's army holding, or moving where the fleet reaches (Albania convoyed).
    const adr = readPadPieces(classic, lone, 'Italy').find((p) => p.province === 'adr')!;
    const step = play(adr, 'support', ['ven']) as Step;
    expect(step.at === 'target' && [step.prompt, [...litProvinces(step)].sort()]).toEqual([
      'pickSupportTo',
      ['alb', 'apu', 'tri', 'ven'],
    ]);
    // A support that may only be to hold (a supported unit whose every move is out of the supporter's reach).
    const holdOnly: PadPiece = {
      province: 'tys',
      unit: { type: 'F', power: 'Italy', coast: null },
      site: false,
      ballot: false,
      choices: [{ text: 'F tys S A rom', kind: 'support', target: 'rom', to: 'rom' }],
    };
    const asked = play(holdOnly, 'support', ['rom']) as Step;
    expect(asked.at === 'target' && asked.prompt).toBe('pickSupportHold');
  });

  it('asks for the coast where a destination has two', () => {
    const position: Position = { ...start, units: [{ power: 'France', type: 'F', province: 'mao', coast: null }] };
    const mao = readPadPieces(classic, position, 'France')[0]!;
    const step = play(mao, 'move', ['spa']) as Step;
    expect(step.at === 'coast' && step.options.map((o) => o.coast)).toEqual(['nc', 'sc']);
    expect(play(mao, 'move', ['spa', 'coast:sc'])).toBe('F mao - spa/sc');
  });

  it('convoys: the army, then its destination', () => {
    const position: Position = {
      ...start,
      units: [
        { power: 'England', type: 'F', province: 'nth', coast: null },
        { power: 'England', type: 'A', province: 'yor', coast: null },
      ],
    };
    const nth = readPadPieces(classic, position, 'England').find((p) => p.province === 'nth')!;
    expect(play(nth, 'convoy', ['yor', 'nwy'])).toBe('F nth C A yor - nwy');
    expect(legalOrderObjects(classic, position, 'England').length).toBe(2);
  });
});

describe('a path order, space by space', async () => {
  const ws = (await loadVariant('warring-states'))!;
  const start = ws.startingPosition();
  // Qin's army in Xia as a fleet: its rapid river moves are F xia - any - luo, … - luo - zhe, F xia - any - sli, ….
  const board: Position = { ...start, units: start.units.map((u) => (u.province === 'xia' ? { ...u, type: 'F' } : u)) };
  const fleet = readPadPieces(ws, board, 'Qin').find((p) => p.province === 'xia')!;

  it('goes on while a longer path goes on, offering "stop here" where a path ends', () => {
    const step = play(fleet, 'rapid-river-move', ['any', 'luo']) as Step;
    expect(step.at === 'target' && step.finish?.text).toBe('F xia - any - luo');
    expect([...litProvinces(step)]).toContain('zhe');
    expect(play(fleet, 'rapid-river-move', ['any', 'luo', 'zhe'])).toBe('F xia - any - luo - zhe');
  });

  it('marks the spaces of the path clicked so far', () => {
    expect(pickedProvinces(play(fleet, 'rapid-river-move', ['any', 'luo']) as Step)).toEqual(['any', 'luo']);
  });

  it('ends at once where no longer path goes on', () => {
    expect(play(fleet, 'rapid-river-move', ['any', 'sli'])).toBe('F xia - any - sli');
  });
});
