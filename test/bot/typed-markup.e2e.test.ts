/**
 * What a member typed comes back exactly as typed (docs/architecture.md "What a member typed"): markup typed into a
 * command's option — bold, a mention, a heading, a masked link, a bare link, a backtick — is repeated by the reply
 * escaped, never rendered, whichever command and whichever use-case repeats it (`typed`, src/game/core/echo.ts; the
 * bot's rendering of its reference, src/bot/markup.ts), in quotes or in inline code, and in a channel notice too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

/** Typed markup: bold, a mention, a masked link and a bare link (under the 40 characters an echo keeps). */
const MARKUP = '**b** <@1> [l](https://e.x)';
/** As Discord must receive it outside inline code: every markup character escaped. */
const ESCAPED = '\\*\\*b\\*\\* \\<\\@1\\> \\[l\\](https\\://e.x)';
/** A heading where the echo starts a sentence. */
const HEADING = '# h **b**';

describe('typed markup is shown as typed', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main', 'other'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The reply repeats the markup escaped, or verbatim inside inline code, and never renders it. */
  const shownAsTyped = (text: string) => {
    expect(text.includes(ESCAPED) || text.includes(`\`${MARKUP}\``), text).toBe(true);
    expect(text.replace(`\`${MARKUP}\``, ''), text).not.toContain(MARKUP);
  };

  it('in the replies of several commands, whichever layer repeats it', async () => {
    const { fake } = h;
    const replies = [
      await fake.slash('carol', 'other', 'game create', { variant: MARKUP }),
      await fake.slash('carol', 'other', 'game create', { variant: 'classic', options: `${MARKUP}=1` }),
      await fake.slash('gm', 'main', 'gm extend', { duration: MARKUP }),
      await fake.slash('gm', 'main', 'gm replace', { power: MARKUP, user: 'carol' }),
      await fake.slash('gm', 'main', 'gm set', { setting: MARKUP, value: '1' }),
      await fake.slash('alice', 'main', 'why', { province: MARKUP }),
      await fake.slash('alice', 'main', 'history show', { phase: MARKUP }),
      await fake.slash('carol', 'main', 'spectate', { power: MARKUP }),
      await fake.slash('alice', 'main', 'concede', { to: MARKUP }),
    ];
    for (const reply of replies) shownAsTyped(reply.text);
    // In inline code a backtick could end the code early: it is shown as its look-alike.
    const tick = await fake.slash('gm', 'main', 'gm set', { setting: 'a`**b**`c', value: '1' });
    expect(tick.text).toContain('`aˋ**b**ˋc`');
    // A heading where the echo starts the sentence does not become one.
    const heading = await fake.slash('carol', 'main', 'spectate', { power: HEADING });
    expect(heading.text).toContain('\\# h \\*\\*b\\*\\*');
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('in an /order refusal, the parser’s echo of what was typed, in English and in French', async () => {
    const { fake } = h;
    // The parser reads words and signs: what of the markup reaches its echo (underline, strike, italic, a heading mark).
    const typedOrder = 'A par - __u__ ~~s~~ _i_';
    const escaped = '\\_\\_u\\_\\_ \\~\\~s\\~\\~ \\_i\\_';
    const english = await fake.slash('alice', 'main', 'order', { orders: typedOrder });
    expect(english.finalText).toContain(`unknown place "${escaped}"`);
    fake.setLocale('alice', 'fr');
    const french = await fake.slash('alice', 'main', 'order', { orders: typedOrder });
    expect(french.finalText).toContain(`province inconnue « ${escaped} »`);
    const heading = await fake.slash('alice', 'main', 'order', { orders: 'A par - bur # h' });
    expect(heading.finalText).toContain('« \\# h » inattendu après « A par - bur »');
    fake.setLocale('alice', 'en-US');
    // The refused line itself: inline code that a typed backtick cannot end, a typed reference shown as typed.
    const tick = await fake.slash('alice', 'main', 'order', { orders: 'A par - b`**x**` ⟦member:1⟧' });
    expect(tick.finalText).toContain('❌ `A par - bˋ**x**ˋ [member:1]`');
    for (const reply of [english, french])
      expect(reply.finalText.replace(`\`${typedOrder}\``, ''), reply.finalText).not.toContain('__u__');
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('in a channel notice: a pause reason', async () => {
    const { fake } = h;
    await fake.slash('gm', 'main', 'gm pause', { reason: MARKUP });
    const notice = await fake.waitForChannelMessage('main', (m) => m.content.includes('Reason given'));
    shownAsTyped(notice.content);
    expect(fake.pings(notice)).toEqual({ users: [], roles: [], everyone: false });
    await fake.slash('gm', 'main', 'gm resume');
  });
});
