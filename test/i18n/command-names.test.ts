/**
 * A text names a command as the reader's Discord client shows it (docs/locales.md "Command names in texts"): in a
 * French or Chinese text, `/game create` is `/partie créer` and `/对局 创建`, its options too (`/act action:` is
 * `/行动 行动:`); only the values typed stay as they are (`action:declare`). And every command, subcommand, option and choice a text
 * writes in a code span (`` `/外交 傳送` ``, `` `/cartes absent état:désactivé` ``) is one the locale's client shows.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES } from '../../src/i18n/index.js';

/** Every `/command [subcommand] [option:]` written with the English name of something that has a localized one. */
function englishCommandNames(catalogue: Record<string, string>): string[] {
  const nameOf = (path: string) => catalogue[`command.${path}.name`];
  const found: string[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    // A command's own name and choices are the names; its description is a text the client shows beside it.
    if (key.startsWith('command.') && !key.endsWith('.description')) continue;
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

/** The localized names of each command node's children (`''`: the commands), by name, with their key paths. */
function commandTree(catalogue: Record<string, string>): Map<string, Map<string, string>> {
  const children = new Map<string, Map<string, string>>();
  for (const key of Object.keys(catalogue)) {
    const m = /^command\.(.+)\.name$/.exec(key);
    if (!m || m[1]!.startsWith('common.')) continue;
    const path = m[1]!;
    const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
    if (!children.has(parent)) children.set(parent, new Map());
    children.get(parent)!.set(catalogue[key]!, path);
  }
  return children;
}

/** The localized names of an option's choices (none: the option takes any value). */
function choiceNames(catalogue: Record<string, string>, option: string): string[] {
  const prefix = `command.${option}.choice.`;
  return Object.entries(catalogue)
    .filter(([key]) => key.startsWith(prefix))
    .map(([, name]) => name);
}

/**
 * Every `/…` code span whose words are no command, subcommand or option of the locale (`/外交 發送` where the client
 * shows `/外交 傳送`), or whose choice is not one the client offers (`état:off` where it offers `désactivé`).
 */
function unknownCommandWords(catalogue: Record<string, string>): string[] {
  const tree = commandTree(catalogue);
  const found: string[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    if (key.startsWith('command.')) continue;
    for (const span of text.matchAll(/`\/([^`]+)`/g)) {
      let node = '';
      const tokens = span[1]!.split(' ');
      for (const [i, token] of tokens.entries()) {
        if (token.includes('{')) break;
        const [name] = token.split(':') as [string];
        // An option's value runs to the end of the span (a choice's name may hold a space: `mode:message privé`).
        const value = token.includes(':')
          ? tokens
              .slice(i)
              .join(' ')
              .slice(name.length + 1)
          : undefined;
        const kids = tree.get(node);
        if (!kids) break;
        const next = kids.get(name);
        if (next === undefined) {
          found.push(`${key}: /${span[1]} (${name})`);
          break;
        }
        if (value === undefined) {
          node = next;
          continue;
        }
        const choices = choiceNames(catalogue, next);
        if (value !== '' && choices.length > 0 && !choices.some((choice) => value.startsWith(choice)))
          found.push(`${key}: /${span[1]} (${value})`);
        break;
      }
    }
  }
  return found;
}

/**
 * Every text that writes a value after an option's name as True or False (`/spectate stop:True`): Discord shows a
 * boolean option's choices in the client's language, so a text names the option to choose instead
 * (docs/locales.md "Command names in texts").
 */
function booleanValues(catalogue: Record<string, string>): string[] {
  return Object.entries(catalogue)
    .filter(([key]) => !key.startsWith('command.'))
    .flatMap(([key, text]) =>
      [...text.matchAll(/[^\s`:：]+ ?[:：] ?(?:true|false)\b/gi)].map((m) => `${key}: ${m[0]}`),
    );
}

describe('command names in texts', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en'))
    it(`${locale}: every command a text names is written as the locale's client shows it`, () => {
      expect(englishCommandNames(CATALOGUES[locale] as Record<string, string>)).toEqual([]);
    });

  for (const locale of LOCALES)
    it(`${locale}: every command, subcommand, option and choice a text writes is one the client shows`, () => {
      expect(unknownCommandWords(CATALOGUES[locale] as Record<string, string>)).toEqual([]);
    });

  for (const locale of LOCALES)
    it(`${locale}: no text writes a boolean option's value, which the client shows in its own language`, () => {
      expect(booleanValues(CATALOGUES[locale] as Record<string, string>)).toEqual([]);
    });

  it('Chinese: the card game’s away command is named with the word the table shows for an away seat (暫離, not 離開)', () => {
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const c = CATALOGUES[locale] as Record<string, string>;
      expect(c['command.cards.away.name']).toBe(c['cards.seat.flag.away']);
      // and never a word the `/game leave` or the lobby's Leave could be taken for
      expect(c['command.cards.away.name']).not.toMatch(/離開|离开|退出/);
    }
  });

  it('finds a boolean value after an option (the check can fail)', () => {
    const catalogue = { x: '在频道中使用 `/观战 停止:True` 可停止', y: 'with `computer: false`', z: 'choose `stop`' };
    expect(booleanValues(catalogue)).toEqual(['x: 停止:True', 'y: computer: false']);
  });

  it('finds a subcommand or a choice the client does not show (the check can fail)', () => {
    const catalogue = {
      'command.press.name': '外交',
      'command.press.send.name': '傳送',
      'command.cards.name': 'cartes',
      'command.cards.away.name': 'absent',
      'command.cards.away.state.name': 'état',
      'command.cards.away.state.choice.off': 'désactivé',
      x: '透過 `/外交 發送` 交流',
      y: '(`/cartes absent état:off`, `/cartes absent état:désactivé`)',
    };
    expect(unknownCommandWords(catalogue)).toEqual(['x: /外交 發送 (發送)', 'y: /cartes absent état:off (off)']);
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
