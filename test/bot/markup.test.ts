/**
 * The one place the bot writes Discord's markup for the game's texts (src/bot/markup.ts; docs/architecture.md "Texts:
 * the game writes, the bot formats"): every reference becomes its markup, a text written with markup by older code
 * (an outbox row queued before the upgrade) stays as it is, and a post is formatted before it is cut.
 */
import { describe, expect, it } from 'vitest';
import { discordText, mentionedUserId, timestamp } from '../../src/bot/markup.js';
import { postParts } from '../../src/bot/send.js';
import { channelRef, memberRef, roleRef, textParts, timeRef, typed } from '../../src/game/core/index.js';
import { typedAsPlain } from '../../src/game/core/text-refs.js';

const NOON = Date.UTC(2026, 0, 1, 12, 0, 0, 999);

describe('discordText', () => {
  it('turns each reference into its markup', () => {
    expect(discordText(`deadline ${timeRef(NOON, 'R')} (${timeRef(NOON, 'f')})`)).toBe(
      'deadline <t:1767268800:R> (<t:1767268800:f>)',
    );
    expect(discordText(`${memberRef('123')} in ${channelRef('456')}, pinging ${roleRef('789')}`)).toBe(
      '<@123> in <#456>, pinging <@&789>',
    );
    expect(discordText(timeRef(NOON))).toBe(timestamp(NOON, 'R'));
  });

  it('sends a text without references as it is: the bot’s own, and one written with markup before references existed', () => {
    for (const text of [
      'plain **bold** `code`',
      'old row: <@123> in <#456>, deadline <t:1767268800:R>',
      '⟦time:soon:R⟧ ⟦member:a b⟧ ⟦role:1:R⟧ ⟦nothing⟧',
      '',
    ]) {
      expect(discordText(text)).toBe(text);
    }
  });

  it('shows what a member typed as typed: escaped outside inline code, a backtick replaced inside it', () => {
    const text = `"${typed('**b** <@1> https://e.x')}" and \`${typed('a`**b**')}\``;
    expect(textParts(text)).toContainEqual({ kind: 'typed', text: '**b** <@1> https://e.x' });
    expect(discordText(text)).toBe('"\\*\\*b\\*\\* \\<\\@1\\> https\\://e.x" and `aˋ**b**`');
    expect(discordText(typed('# heading'))).toBe('\\# heading');
    expect(typedAsPlain(text)).toBe('"**b** <@1> https://e.x" and `a`**b**`');
  });

  it('reads a text back as its parts (the game layer’s format)', () => {
    expect(textParts(`a ${memberRef('u-1')}${timeRef(5000, 'f')} b ⟦member:x y⟧`)).toEqual([
      'a ',
      { kind: 'member', userId: 'u-1' },
      { kind: 'time', ms: 5000, style: 'f' },
      ' b ⟦member:x y⟧',
    ]);
    // something that is no id stays plain text rather than a broken reference
    expect(memberRef('computer:France')).toBe('computer:France');
  });

  it('formats a post before cutting it, so the parts fit Discord once the markup is in', () => {
    const line = `• ${memberRef('123456789012345678')} ${timeRef(NOON, 'R')}`;
    const text = Array.from({ length: 120 }, () => line).join('\n');
    const parts = postParts(text, null, { pingUsers: false, role: '42' });
    expect(parts[0]!.body.content.startsWith('<@&42> • <@123456789012345678> <t:1767268800:R>')).toBe(true);
    expect(parts.every((p) => p.body.content.length <= 2000 && !p.body.content.includes('⟦'))).toBe(true);
    expect(parts.map((p) => p.body.content).join('\n')).toBe(`<@&42> ${discordText(text)}`);
  });
});

describe('mentionedUserId', () => {
  it('reads the user a typed mention names, and nothing else', () => {
    expect(mentionedUserId('<@123>')).toBe('123');
    expect(mentionedUserId(' <@!123> ')).toBe('123');
    expect(mentionedUserId('qin')).toBeNull();
    expect(mentionedUserId('<@&123>')).toBeNull();
  });
});
