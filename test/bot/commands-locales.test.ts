/**
 * Every slash command in French and Chinese (docs/locales.md "Commands"): the registration bodies carry a localized
 * name and description for every command, subcommand and option and a localized name for every choice, valid for
 * Discord, from the catalogues whose English texts are the builders' own.
 */
import { describe, expect, it } from 'vitest';
import { DISCORD_LOCALES, localizeCommand } from '../../src/bot/command-locales.js';
import { commands } from '../../src/bot/commands/index.js';
import { CATALOGUES } from '../../src/i18n/index.js';
import { commandLocaleProblems, repeatedCommandNames } from '../support/fake-discord/command-locales.js';

const LOCALES = Object.values(DISCORD_LOCALES);
/** The bodies as registration sends them (src/bot/register.ts), through JSON as Discord reads them. */
const bodies = JSON.parse(JSON.stringify(commands.map((c) => c.data)));

interface Node {
  name: string;
  description?: string;
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
  options?: Node[];
  choices?: { name: string; value: string | number; name_localizations?: Record<string, string> }[];
}

/** Every node of a command with its path (`game create variant`). */
function nodesOf(node: Node, path: string[] = [node.name]): { node: Node; path: string[] }[] {
  return [{ node, path }, ...(node.options ?? []).flatMap((o) => nodesOf(o, [...path, o.name]))];
}

describe('the slash commands in French and Chinese', () => {
  it('localize every command, subcommand, option and choice within Discord’s rules', () => {
    expect(bodies.length).toBeGreaterThan(10);
    expect(bodies.flatMap((body: unknown) => commandLocaleProblems(body, LOCALES))).toEqual([]);
    expect(repeatedCommandNames(bodies)).toEqual([]);
  });

  it('say in English exactly what the builders say, so the catalogue is the one source of the translations', () => {
    const english = CATALOGUES.en;
    const wrong: string[] = [];
    for (const body of bodies as Node[])
      for (const { node, path } of nodesOf(body)) {
        const key = `command.${path.map((p) => p.replaceAll('_', '-')).join('.')}`;
        // a node of a shared list carries its own localizations from a `command.common.` key
        if (english[`${key}.name` as keyof typeof english] === undefined) {
          expect(key, `${key} has no catalogue key`).toMatch(/^command\.sandbox\.\w+\.sandbox$/);
          continue;
        }
        if (english[`${key}.name` as keyof typeof english] !== node.name) wrong.push(`${key}.name`);
        if (english[`${key}.description` as keyof typeof english] !== node.description)
          wrong.push(`${key}.description`);
      }
    expect(wrong).toEqual([]);
  });

  it('say what /draw does in every locale: propose or vote, and who the draw includes (docs/bot.md "Draws")', () => {
    const draw = (bodies as Node[]).find((c) => c.name === 'draw')!;
    expect(draw.description).toBe(
      'Propose or vote a draw (again to withdraw); once all surviving players vote, all survivors share it',
    );
    expect(draw.description_localizations).toEqual({
      fr: 'Proposer ou voter la nulle (relancez pour retirer) ; si chaque survivant la vote, tous la partagent',
      'zh-CN': '提议或投票赞成和局（再执行一次即撤回）；所有存活玩家都投票后成立，由存活各国共享',
      'zh-TW': '提議或投票贊成和局（再執行一次即撤回）；所有存活玩家都投票後成立，由存活各國共享',
    });
  });

  it('read in the member’s language: French and Chinese names and descriptions', () => {
    const game = (bodies as Node[]).find((c) => c.name === 'game')!;
    expect(game.name_localizations).toEqual({ fr: 'partie', 'zh-CN': '对局', 'zh-TW': '對局' });
    const create = game.options!.find((o) => o.name === 'create')!;
    expect(create.description_localizations!.fr).toBe(
      'Créer une partie dans ce salon ; vous en devenez le maître du jeu',
    );
    const level = create.options!.find((o) => o.name === 'computer-level')!;
    expect(level.choices!.map((c) => c.name_localizations!['zh-TW'])).toEqual([
      '簡單：新手也能贏',
      '普通：旗鼓相當的對手（預設）',
      '困難：最強',
    ]);
    // no Chinese text is left in the other script's characters
    for (const body of bodies as Node[])
      for (const { node } of nodesOf(body)) {
        expect(node.description_localizations!['zh-TW']).not.toMatch(/[认设这对为时国说开关选员择显]/);
        expect(node.description_localizations!['zh-CN']).not.toMatch(/[認設這對為時國說開關選員擇顯]/);
      }
  });

  it('leaves a node that carries its own localizations as it is', () => {
    const body = localizeCommand({
      name: 'map',
      description: 'The current map',
      name_localizations: { fr: 'plan' },
      options: [],
    });
    expect(body.name_localizations).toEqual({ fr: 'plan' });
    expect(body.description_localizations).toEqual({
      fr: CATALOGUES.fr['command.map.description'],
      'zh-CN': CATALOGUES['zh-CN']['command.map.description'],
      'zh-TW': CATALOGUES['zh-TW']['command.map.description'],
    });
  });
});

describe('the check of Discord’s rules', () => {
  const good = () => ({
    name: 'order',
    description: 'Give orders',
    name_localizations: { fr: 'ordre', 'zh-CN': '下令', 'zh-TW': '下令' },
    description_localizations: { fr: 'Donner des ordres', 'zh-CN': '下令', 'zh-TW': '下令' },
    options: [
      {
        type: 3,
        name: 'kind',
        description: 'Which',
        name_localizations: { fr: 'type', 'zh-CN': '类型', 'zh-TW': '類型' },
        description_localizations: { fr: 'Lequel', 'zh-CN': '哪个', 'zh-TW': '哪個' },
        choices: [{ name: 'all', value: 'all', name_localizations: { fr: 'tous', 'zh-CN': '全部', 'zh-TW': '全部' } }],
      },
    ],
  });

  it('accepts a well-formed command', () => {
    expect(commandLocaleProblems(good(), LOCALES)).toEqual([]);
  });

  it('refuses names with capitals, spaces or over 32 characters, and missing or overlong texts', () => {
    const bad = good();
    bad.name_localizations.fr = 'Donner ordre';
    bad.name_localizations['zh-CN'] = 'x'.repeat(33);
    bad.description_localizations.fr = 'd'.repeat(101);
    delete (bad.options[0]!.choices[0]!.name_localizations as Partial<Record<string, string>>)['zh-TW'];
    bad.options[0]!.choices[0]!.name_localizations.fr = '';
    expect(commandLocaleProblems(bad, LOCALES)).toEqual([
      '/order (fr): name "Donner ordre" is not a valid command name',
      '/order (fr): name "Donner ordre" is not lowercase',
      '/order (zh-CN): name "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" is not a valid command name',
      '/order: zh-CN name has 33 characters (1–32)',
      '/order: fr description has 101 characters (1–100)',
      '/order kind choice all: fr name has 0 characters (1–100)',
      '/order kind choice all: no fr name',
      '/order kind choice all: no zh-TW name',
    ]);
  });

  it('refuses two siblings with one name in a locale', () => {
    const bad = good();
    bad.options.push({
      ...bad.options[0]!,
      name: 'sort',
      name_localizations: { fr: 'type', 'zh-CN': '种类', 'zh-TW': '種類' },
    });
    expect(commandLocaleProblems(bad, LOCALES)).toEqual(['/order: fr names repeated among its options: type']);
    expect(repeatedCommandNames([good(), { ...good(), name: 'orders' }])).toEqual([
      'fr command names repeated: ordre',
      'zh-CN command names repeated: 下令',
      'zh-TW command names repeated: 下令',
    ]);
  });

  it('counts a command’s characters in each locale against Discord’s 4000', () => {
    const big = good();
    big.options[0]!.choices = Array.from({ length: 25 }, (_, i) => ({
      name: `choice ${i}`,
      value: `v${i}`,
      name_localizations: { fr: 'c'.repeat(100), 'zh-CN': `选${i}`, 'zh-TW': `選${i}` },
    }));
    big.options = Array.from({ length: 2 }, (_, i) => ({
      ...big.options[0]!,
      name: `kind${i}`,
      name_localizations: { fr: `type${i}`, 'zh-CN': `类型${i}`, 'zh-TW': `類型${i}` },
    }));
    expect(commandLocaleProblems(big, LOCALES)).toEqual(['/order: 5174 characters in fr (at most 4000)']);
  });
});
