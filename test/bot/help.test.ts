/**
 * `/help`: the commands explained in the member's language, from the registration data itself (src/bot/commands/help.ts).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/bot/context.js';
import { commands } from '../../src/bot/commands/index.js';

const help = commands.find((c) => c.data.name === 'help')!;

/** What `/help` answers a member whose client speaks `locale`, for `command:` (or the overview). */
async function ask(locale: string, command: string | null = null): Promise<string> {
  const sent: string[] = [];
  const interaction = {
    locale,
    deferred: false,
    replied: false,
    options: { getString: () => command },
    reply: async (o: { content: string }) => void sent.push(o.content),
    followUp: async (o: { content: string }) => void sent.push(o.content),
  };
  await help.execute({} as BotContext, interaction as unknown as ChatInputCommandInteraction);
  return sent.join('\n');
}

describe('/help', () => {
  it('lists every other command with its subcommands, in English by default', async () => {
    const text = await ask('en-US');
    for (const command of commands.filter((c) => c !== help)) expect(text).toContain(`**/${command.data.name}**`);
    expect(text).toContain(
      '**/game** create · join · leave · start · status · list · pause-vote — Create, join, leave, start or look at',
    );
    expect(text).toContain('`/help command:` shows one command in full');
  });

  it('speaks French and Chinese with the names their clients show', async () => {
    const french = await ask('fr');
    expect(french).toContain(
      '**/partie** créer · rejoindre · quitter · lancer · état · liste · vote-pause — Créer, rejoindre',
    );
    expect(french).toContain('`/aide commande:` montre une commande en détail');
    expect(french).toContain('`/ordre` propose vos ordres possibles');
    const simplified = await ask('zh-CN');
    expect(simplified).toContain(
      '**/对局** 创建 · 加入 · 退出 · 开始 · 状态 · 列表 · 暂停投票 — 在本频道创建、加入、退出、开始或查看对局',
    );
    const traditional = await ask('zh-TW');
    expect(traditional).toContain(
      '**/對局** 建立 · 加入 · 退出 · 開始 · 狀態 · 列表 · 暫停投票 — 在本頻道建立、加入、退出、開始或檢視對局',
    );
    // nothing English left but the names players type as they are (`all`, `gm`, S1901M, order syntax)
    for (const text of [french, simplified, traditional]) expect(text).not.toMatch(/\b(the|your|game|orders?)\b/);
  });

  it('explains one command in full: its subcommands and their options', async () => {
    const text = await ask('fr', 'gm');
    expect(text).toContain('**/mj** — Les outils du maître du jeu');
    expect(text).toContain('`/mj prolonger` — Donner plus de temps à la phase en cours');
    expect(text).toContain('  · `durée` — Combien de plus, ex. 90s, 10m, 24h ou 2d');
    const order = await ask('zh-TW', 'order');
    expect(order).toContain('**/下令** — ');
    expect(order).toContain('· `指令` — 一條或多條指令');
  });
});
