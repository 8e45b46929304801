/**
 * Long texts sent in a bounded number of parts (`partsShown`), and names taken from users inside the bot's sentences (src/bot/text.ts `userNameText`): Discord shows the characters
 * typed, never a mention, a link, emphasis or a game-text reference, and one line of bounded length.
 */
import { describe, expect, it } from 'vitest';
import { textParts } from '../../src/game/core/index.js';
import { partsShown, userNameText } from '../../src/bot/text.js';

/** What Discord would show: a backslash before punctuation shows the punctuation itself. */
const shown = (escaped: string) => escaped.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** Markup Discord would act on: an unescaped special character (one not preceded by a backslash). */
const unescapedMarkup = (escaped: string) => /(^|[^\\])[*_~`|<>[\]@]/.test(escaped.replace(/\\\\/g, ''));

describe('userNameText', () => {
  const names = [
    '**game**-5_classic.json',
    '<@123456789012345678> hi <@&42> <#99> <t:1700000000:R>',
    '@everyone @here',
    '[click](https://example.com/x)',
    '`code` ||spoiler|| ~~gone~~ > quote # heading',
    'back\\slash\\*',
    '⟦member:123⟧.json',
  ];

  it.each(names)('shows %s as typed, with no markup Discord would act on', (name) => {
    const text = userNameText(name);
    expect(unescapedMarkup(text)).toBe(false);
    expect(shown(text)).toBe(name.replace(/⟦/g, '[').replace(/⟧/g, ']'));
    expect(textParts(text).every((part) => typeof part === 'string')).toBe(true);
  });

  it('keeps to one line and to its length, marking a cut', () => {
    expect(userNameText('a\nb\r\n\tc')).toBe('a b c');
    const long = userNameText('x'.repeat(6000), 40);
    expect(long).toBe(`${'x'.repeat(39)}…`);
    expect(userNameText('plain name.json')).toBe('plain name.json');
  });
});

describe('partsShown', () => {
  const more = (count: number) => `(${count} more)`;

  it('sends every part when they fit the cap', () => {
    expect(partsShown(['a', 'b'], 5, more)).toEqual(['a', 'b']);
    expect(partsShown(['a', 'b', 'c', 'd', 'e'], 5, more)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('says how many parts it left out, never cutting silently', () => {
    expect(partsShown(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 5, more)).toEqual(['a', 'b', 'c', 'd', 'e', '(2 more)']);
  });
});
