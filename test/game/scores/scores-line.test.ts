/**
 * The end's scores line names the scoring system as the game's creation did: its English name, which players know it
 * by, with the gloss of the reader's language (docs/locales.md "Glossary: commands"), never the bare `draw-size` in a
 * Chinese or French sentence.
 */
import { describe, expect, it } from 'vitest';
import { scoresLines } from '../../../src/game/scores/final.js';
import type { GameScore } from '../../../src/game/scores/scoring.js';
import { t } from '../../../src/i18n/index.js';

const draw: GameScore = {
  system: 'draw-size',
  pot: 100,
  scores: [
    { power: 'Qin', points: 50, rank: 1 },
    { power: 'Chu', points: 50, rank: 1 },
  ] as GameScore['scores'],
};

describe('the scores line of the end', () => {
  it('glosses the system in Chinese and French, and keeps English as it was', () => {
    const [line] = scoresLines(draw);
    expect(t('en', line!)).toBe('📊 Scores (draw-size): Qin 50, Chu 50');
    expect(t('zh-CN', line!)).toBe('📊 按 draw-size（和局者平分）计分：Qin 50，Chu 50');
    expect(t('zh-TW', line!)).toBe('📊 按 draw-size（和局者平分）計分：Qin 50，Chu 50');
    expect(t('fr', line!)).toBe('📊 Scores selon draw-size (nulle partagée à parts égales) : Qin 50, Chu 50');
  });
});
