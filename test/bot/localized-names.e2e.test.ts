/**
 * Names in the reader's language through the real bot and the Discord stand-in (docs/locales.md "Names"): a French
 * member orders Classic by its French names and words (`A Paris - Bourgogne`, `soutient`, `tient`), a Chinese member
 * orders Warring States by its Chinese names (both scripts, with or without spaces); both are stored in English, and
 * `/order`'s autocomplete proposes orders in the member's language that read back, Warring States' own raise of a
 * fleet included (`A 江夏 組建艦隊`). The Chinese game's results, status and confirmations name the powers and
 * provinces in Chinese; an English member of the same game still reads English.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/store/schema.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

const FR = 'partie';
const ZH = 'zhanguo';

function seen(m: FakeMessage): string {
  return [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? ''])].join('\n');
}

describe('localized names reach players', () => {
  let h: Harness;

  /** The stored order texts of `power` in the game, newest phase first. */
  async function storedOf(power: string): Promise<string[]> {
    const rows = await h.store.db.select().from(orders).where(eq(orders.power, power));
    return rows.map((r) => r.text).sort();
  }

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'chen', 'lin', 'sam'], channels: [FR, ZH] });
    await h.start();
    for (const user of ['gm', 'alice', 'bob']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('chen', 'zh-CN');
    h.fake.setLocale('lin', 'zh-TW');
    await h.fake.slash('gm', FR, 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      'vacate-after': 0,
    });
    await h.fake.slash('chen', ZH, 'game create', {
      variant: 'warring-states',
      movement: '1h',
      locale: 'zh-CN',
      'vacate-after': 0,
    });
    for (const [user, channel, power] of [
      ['alice', FR, 'France'],
      ['bob', FR, 'Germany'],
      ['chen', ZH, 'Qin'],
      ['lin', ZH, 'Chu'],
      ['sam', ZH, 'Wei'],
    ] as const)
      await h.fake.slash(user, channel, 'game join', { power });
    await h.fake.slash('gm', FR, 'game start');
    await h.fake.slash('chen', ZH, 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a French member orders by French names and words; stored in English, confirmed in French', async () => {
    const r = await h.fake.slash('alice', FR, 'order', {
      orders: 'A Paris - Bourgogne; A Marseille soutient A Paris - Bourgogne; F Brest tient',
    });
    // The reply lists them in French; the store keeps them in English.
    expect(r.text).toContain('`A Paris - Bourgogne`');
    expect(r.text).toContain('`A Marseille soutient A Paris - Bourgogne`');
    expect(r.text).not.toContain('❌');
    expect(await storedOf('France')).toEqual(['A mar S A par - bur', 'A par - bur', 'F bre H']);
    // A refused order is read in French too, and refused for what it says (Paris is not next to Munich).
    const refused = await h.fake.slash('alice', FR, 'order', { orders: 'A Paris - Munich' });
    expect(refused.text).toContain('❌');
    expect(await storedOf('France')).toEqual(['A mar S A par - bur', 'A par - bur', 'F bre H']);
    h.clock.offset += 60_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    const dm = h.fake.dms('alice').map(seen).join('\n');
    expect(dm).toContain('`A Paris - Bourgogne`');
    expect(dm).toContain('`A Marseille soutient A Paris - Bourgogne`');
    expect(dm).toContain('`F Brest tient`');
  });

  it('autocomplete proposes French orders that read back', async () => {
    const choices = await h.fake.autocomplete('bob', FR, 'order', { orders: 'A Mun' }, 'orders');
    const values = choices.map((c) => String(c.value));
    expect(values).toContain('A Munich - Bourgogne');
    expect(values).toContain('A Munich tient');
    expect(values.every((v) => !/\bbur\b|\bH$/.test(v))).toBe(true);
    const back = await h.fake.slash('bob', FR, 'order', { orders: 'A Munich - Bourgogne' });
    expect(back.text).toContain('`A Munich - Bourgogne`');
    expect(await storedOf('Germany')).toEqual(['A mun - bur']);
  });

  it('a Chinese member orders by Chinese names in either script, with or without spaces', async () => {
    const r = await h.fake.slash('chen', ZH, 'order', { orders: 'A咸阳-北地；A 雍 支援 A 咸陽 - 北地\nA 南郑 守' });
    expect(r.text).not.toContain('❌');
    expect(r.text).toContain('**秦，');
    expect(r.text).toContain('`A 咸阳 - 北地`');
    expect(await storedOf('Qin')).toEqual(['A nan H', 'A xia - bei', 'A yon S A xia - bei']);
    const traditional = await h.fake.slash('lin', ZH, 'order', { orders: 'A 郢 - 江夏' });
    expect(traditional.text).not.toContain('❌');
    expect(await storedOf('Chu')).toEqual(['A yin - cha']);
    // The variant's own order too: proposed, confirmed and shown in Chinese, stored in its notation.
    const offered = await h.fake.autocomplete('lin', ZH, 'order', { orders: 'A 江夏' }, 'orders');
    expect(offered.map((c) => String(c.value))).toContain('A 江夏 組建艦隊');
    const raise = await h.fake.slash('lin', ZH, 'order', { orders: 'A江夏組建艦隊' });
    expect(raise.text).not.toContain('❌');
    expect(raise.text).toContain('`A 江夏 組建艦隊`');
    expect(raise.text).not.toContain('R F');
    expect(await storedOf('Chu')).toEqual(['A cha R F', 'A yin - cha']);
  });

  it('autocomplete proposes Chinese orders in the member’s script', async () => {
    const simplified = await h.fake.autocomplete('chen', ZH, 'order', { orders: 'A 咸阳' }, 'orders');
    expect(simplified.map((c) => String(c.value))).toContain('A 咸阳 - 北地');
    expect(simplified.map((c) => String(c.value))).toContain('A 咸阳 守');
    const traditional = await h.fake.autocomplete('lin', ZH, 'order', { orders: 'A 壽春' }, 'orders');
    const values = traditional.map((c) => String(c.value));
    expect(values).toContain('A 壽春 守');
    // What it proposes reads back to the same order.
    const back = await h.fake.slash('lin', ZH, 'order', { orders: values.find((v) => v.includes(' - '))! });
    expect(back.text).not.toContain('❌');
  });

  it('the Chinese game’s results and status name powers and provinces in Chinese', async () => {
    await h.fake.slash('sam', ZH, 'order', { orders: 'A dal H' });
    for (const user of ['chen', 'lin', 'sam']) await h.fake.slash(user, ZH, 'ready');
    await h.bot!.outbox.idle();
    const posts = h.fake.channelMessages(ZH).map(seen).join('\n');
    expect(posts).toContain('__秦__');
    expect(posts).toContain('__楚__');
    expect(posts).toContain('`A 咸阳 - 北地`');
    expect(posts).toContain('`A 雍 支援 A 咸阳 - 北地`');
    expect(posts).toContain('`A 江夏 组建舰队`');
    expect(posts).not.toContain('R F');
    expect(posts).not.toMatch(/__(Qin|Chu|Wei)__/);
    const status = await h.fake.slash('chen', ZH, 'game status');
    expect(status.text).toContain('秦');
    expect(status.text).not.toMatch(/\bQin\b/);
  });

  it('replies name the member’s power in their language: ready, draw, clear', async () => {
    const ready = await h.fake.slash('bob', FR, 'ready');
    expect(ready.text).toContain('Allemagne');
    expect(ready.text).not.toContain('Germany');
    await h.fake.slash('bob', FR, 'ready');
    const draw = await h.fake.slash('bob', FR, 'draw');
    expect(draw.text).toContain('Allemagne');
    await h.fake.slash('bob', FR, 'draw');
    const zh = await h.fake.slash('chen', ZH, 'draw');
    expect(zh.text).toContain('秦');
    expect(zh.text).not.toContain('Qin');
    await h.fake.slash('chen', ZH, 'draw');
  });

  it('/why answers in the member’s words and reads the names they type; its autocomplete offers them', async () => {
    const traditional = await h.fake.slash('lin', ZH, 'why', { province: '北地' });
    expect(traditional.text).toContain('**北地**');
    expect(traditional.text).toContain('`A 咸陽 - 北地`（秦）：成功——移動至北地。');
    expect(traditional.text).not.toMatch(/[A-Za-z]{4,}/);
    const simplified = await h.fake.slash('chen', ZH, 'why', { province: '咸阳' });
    expect(simplified.text).toContain('**咸阳**');
    expect(simplified.text).not.toMatch(/success|failure|Qin/);
    const nothing = await h.fake.slash('chen', ZH, 'why', { province: '巴' });
    expect(nothing.text).toBe('⚠️ 巴尚无任何指令。');
    const unknown = await h.fake.slash('alice', ZH, 'why', { province: 'Atlantide' });
    expect(unknown.text).toBe('⚠️ « Atlantide » n’est pas une province de cette carte.');
    const choices = await h.fake.autocomplete('lin', ZH, 'why', { province: '咸' }, 'province');
    expect(choices.map((c) => c.name)).toContain('咸陽 (xia)');
  });

  it('an English member of the same game reads the English names', async () => {
    const status = await h.fake.slash('sam', ZH, 'orders show');
    expect(status.text).toContain('Wei');
  });
});
