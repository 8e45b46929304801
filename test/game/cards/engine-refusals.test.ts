/**
 * The engine's refusals a player can meet in the fall-back wizard (several choices in one menu that do not fit
 * together), worded in the reader's locale through patterns: the English stays the engine's sentence.
 */
import { describe, expect, it } from 'vitest';
import { engineMessage, engineRefusal } from '../../../src/game/cards/engine-refusals.js';
import { t } from '../../../src/i18n/index.js';
import { englishWords } from '../../support/english-left.js';

const SENTENCES = [
  'Qin has no army left in supply to place with Cavalry; take the draw instead.',
  'Chu has no army left in supply; take the draw for Mountain instead.',
  'Stronghold 14 already holds 2 armies.',
  'You must choose an empty stronghold if possible: 4 is empty.',
  'You must choose an empty stronghold if possible: 4, 9 are empty.',
  'Fire on 14 must move at least one army; none has room, so take the draw instead.',
  "Fire moves all single opponent armies: Yan's army on 14 must move too (to 9 or 15).",
  'Mountain stacks on a stronghold holding exactly 1 army of your own; 3 holds Qin + neutral.',
  'Mountain stacks on a stronghold holding exactly 1 army of your own; 3 holds nothing.',
  'Wind cannot reach 20 from 3: it passes only through empty strongholds and stops at the first army (reachable: 4, 9).',
  'You have no army on stronghold 7 to move with Wind.',
];

describe('the engine’s refusals in the reader’s language', () => {
  it.each(SENTENCES)('%s', (sentence) => {
    const message = engineMessage(sentence);
    expect(message).not.toBeNull();
    expect(t('en', message!)).toBe(sentence);
    for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const) {
      const text = t(locale, message!);
      expect(englishWords(text)).toEqual([]);
      expect(text).not.toMatch(/\b(Cavalry|Mountain|neutral|nothing|or)\b/);
      if (locale !== 'fr') expect(text).not.toMatch(/\b(Qin|Chu|Yan)\b/);
    }
  });

  it('a refusal of the engine keeps its English error and carries the message', () => {
    const r = engineRefusal('Stronghold 14 already holds 2 armies.');
    expect(r).toMatchObject({ ok: false, error: 'Stronghold 14 already holds 2 armies.' });
    expect(r.message && t('fr', r.message)).toBe('La place forte 14 porte déjà 2 armées.');
  });

  it('a sentence no pattern knows stays the engine’s, in the players’ notation', () => {
    expect(engineRefusal('There is no seat 9.')).toEqual({ ok: false, error: 'There is no seat 9.' });
  });
});
