/**
 * A text names a command as the reader's Discord client shows it (docs/locales.md "Command names in texts"): in a
 * French or Chinese text, `/game create` is `/partie créer` and `/对局 创建`, its options too (`/act action:` is
 * `/行动 行动:`); only the values typed stay as they are (`action:declare`).
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES } from '../../src/i18n/index.js';

/** Every `/command [subcommand] [option:]` written with the English name of something that has a localized one. */
function englishCommandNames(catalogue: Record<string, string>): string[] {
  const nameOf = (path: string) => catalogue[`command.${path}.name`];
  const found: string[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    if (key.startsWith('command.')) continue;
    for (const m of text.matchAll(/(?<![\w/])\/([a-z][a-z-]*)((?: [a-z][a-z-]*(?::[^\s`)]*)?)*)/g)) {
      let path = m[1]!;
      const words = [path];
      for (const word of m[2]!.split(' ').slice(1)) {
        const [name, value] = word.split(':');
        if (nameOf(`${path}.${name}`) === undefined) break;
        words.push(name!);
        if (value === undefined) path = `${path}.${name}`;
      }
      let at = '';
      for (const word of words) {
        at = at ? `${at}.${word}` : word;
        const localized = nameOf(at);
        if (localized !== undefined && localized !== word)
          found.push(`${key}: /${m[1]}${m[2]} (${word} → ${localized})`);
      }
    }
  }
  return found;
}

describe('command names in texts', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en'))
    it(`${locale}: every command a text names is written as the locale's client shows it`, () => {
      expect(englishCommandNames(CATALOGUES[locale] as Record<string, string>)).toEqual([]);
    });

  it('finds an English command name in a French text (the check can fail)', () => {
    const catalogue = {
      'command.game.name': 'partie',
      'command.game.create.name': 'créer',
      x: 'Lancez `/game create`.',
    };
    expect(englishCommandNames(catalogue)).toEqual([
      'x: /game create (game → partie)',
      'x: /game create (create → créer)',
    ]);
  });
});
