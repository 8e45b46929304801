/**
 * No bracket inside another (docs/locales.md "Brackets"): where a seat's holder is named inside a text's own
 * parenthesis, a computer player — itself "a computer player (normal)", "电脑玩家（普通）" — would nest one pair in
 * another. Every text that names a computer-held seat is worded here in each locale with a computer in every place a
 * holder goes, and read for brackets.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, msg, t, type Msg } from '../../src/i18n/index.js';

/** How deep the brackets go, half-width and full-width alike. */
function depth(text: string): number {
  let open = 0;
  let most = 0;
  for (const c of text) {
    if (c === '(' || c === '（') most = Math.max(most, ++open);
    else if (c === ')' || c === '）') open = Math.max(0, open - 1);
  }
  return most;
}

const computer = msg('gm.holder.computer', { level: 'normal' });
const member = '⟦member:user-1⟧';
const cardLevel = msg('cards.level.normal');
const dynasty = msg('cards.dynasty.qin.label');

/** Each text a computer-held seat reaches, with a computer wherever a holder may stand. */
const CASES: Record<string, Msg> = {
  'a computer replaced by a member (channel)': msg('gm.notice.replace', {
    power: 'Italy',
    player: member,
    before: 'replacing',
    previous: computer,
  }),
  'a computer replaced by a computer (channel)': msg('gm.notice.replace', {
    power: 'Italy',
    player: computer,
    before: 'replacing',
    previous: computer,
  }),
  'a computer replaced (game master)': msg('gm.reply.replaced', {
    power: 'Italy',
    player: computer,
    before: 'replacing',
    previous: computer,
  }),
  'a member replaced, told by DM (game master)': msg('gm.reply.replaced', {
    power: 'Italy',
    player: computer,
    before: 'told',
    previous: member,
  }),
  'a vacant seat given to a computer': msg('gm.notice.replace', { power: 'Italy', player: computer, before: 'vacant' }),
  'a computer in the status': msg('status.power', {
    power: 'Italy',
    who: msg('status.holder.computer', { level: 'normal' }),
    centres: 3,
    units: 3,
    state: '',
  }),
  'a computer seated at a card table': msg('cards.list.seatedComputer', { dynasty, level: cardLevel }),
};

describe('brackets never nest', () => {
  for (const locale of LOCALES)
    it(`in ${locale}, where a computer player holds a seat`, () => {
      const nested = Object.entries(CASES)
        .map(([what, message]) => [what, t(locale, message)] as const)
        .filter(([, text]) => depth(text) > 1);
      expect(nested).toEqual([]);
    });

  it('reads a replacement as one sentence without brackets around its holder', () => {
    expect(t('en', CASES['a computer replaced by a member (channel)']!)).toBe(
      '🔁 Italy is now played by ⟦member:user-1⟧, replacing a computer player (normal).',
    );
    expect(t('fr', CASES['a computer replaced by a member (channel)']!)).toBe(
      '🔁 Italy est désormais jouée par ⟦member:user-1⟧, en remplacement d’un joueur ordinateur (normal).',
    );
  });
});
