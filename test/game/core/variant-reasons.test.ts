/**
 * The variants' own sentences in the results, in the reader's language (`Variant.reasonTexts`, docs/locales.md
 * "Results"): in random Warring States and Mandate of Heaven phases (rapid river moves, raised fleets, walls, floating
 * fortresses, ballots), every reason is worded by the catalogue exactly as the engine wrote it in English, every
 * failure's reason has a message, and none leaves English in French; the strength notes and the winters' events too.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { legalOrders } from '../../../src/engine/options.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { PowerOrder } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { reasonMsg } from '../../../src/game/core/reasons.js';
import { t } from '../../../src/i18n/index.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';
import { warringStates } from '../../../src/variants/warring-states/index.js';
import { englishWords } from '../../support/english-left.js';
import { randomPosition, rng } from '../../support/random.js';

/** The reasons of random crowded phases (the variant's own orders often), failures marked. */
function randomReasons(v: Variant, rounds: number): { reason: string; failed: boolean }[] {
  const r = rng(7);
  const found = new Map<string, boolean>();
  for (let round = 0; round < rounds; round++) {
    const position = randomPosition(v, r, 20 + Math.floor(r() * 30));
    const orders: PowerOrder[] = [];
    for (const power of v.powers.map((p) => p.name)) {
      for (const { orders: texts } of legalOrders(v, position, power)) {
        const special = texts.filter((text) => / - .* - |R F$/.test(text));
        const pool = special.length > 0 && r() < 0.4 ? special : texts;
        const parsed = parseOrder(v, pool[Math.floor(r() * pool.length)]!, { position, power });
        if (parsed.ok) orders.push({ power, order: parsed.order });
      }
    }
    for (const res of adjudicate(v, position, orders).results)
      if (res.reason) found.set(res.reason, (found.get(res.reason) ?? false) || res.result !== 'success');
  }
  return [...found].map(([reason, failed]) => ({ reason, failed }));
}

/** English words left in a French text, units and province ids aside (`F any` is Anyi, not "any"). */
function englishIn(v: Variant, text: string): string[] {
  const ids = new Set(v.map.provinceIds());
  return englishWords(text).filter((w) => !ids.has(w));
}

describe.each([
  ['Warring States', warringStates],
  ['Mandate of Heaven', mandateOfHeaven],
])("%s's reasons, worded", (_, v) => {
  const reasons = randomReasons(v, 200);

  it('words every reason in English exactly as the engine wrote it', () => {
    expect(reasons.length).toBeGreaterThan(50);
    for (const { reason } of reasons) expect(t('en', reasonMsg(v, reason))).toBe(reason);
  });

  it('has a message for every failure, and leaves no English in French', () => {
    expect(reasons.filter((x) => x.failed && reasonMsg(v, x.reason).key === 'text.plain')).toEqual([]);
    const worded = reasons.filter((x) => reasonMsg(v, x.reason).key !== 'text.plain');
    expect(worded.filter((x) => englishIn(v, t('fr', reasonMsg(v, x.reason))).length > 0)).toEqual([]);
  });
});

describe('the variants’ sentences in French and Chinese', () => {
  it('a rapid river move stopped, and a wall in a strength', () => {
    const stopped = reasonMsg(warringStates, 'stopped short at Luoyang: Anyi was occupied by another power');
    expect(t('fr', stopped)).toBe('arrêtée en Luoyang : Anyi était occupée par une autre puissance');
    expect(t('zh-CN', stopped)).toBe('止步于洛阳：安邑被他国占据');
    const wall = reasonMsg(
      warringStates,
      'bounced off A dal in Daliang (1 vs 1: the wall of Daliang takes 1 from the attack (wall rule 1))',
    );
    expect(t('fr', wall)).toBe(
      'repoussée par A dal en Daliang (1 contre 1 : la muraille de Daliang retire 1 à l’attaque (règle 1 des murailles))',
    );
    expect(t('zh-TW', wall)).toBe('被 A 大梁擋回（1 對 1：大梁的城牆使攻擊力減1（城牆規則第1條））');
  });

  it('a raised fleet dislodged, with the floating fortress’s strength', () => {
    const m = reasonMsg(
      warringStates,
      'the raise failed: dislodged by F any from Anyi (attack 2: a fleet moving or supporting into a river province does so with strength 2 (Floating Fortress rule 1))',
    );
    expect(t('fr', m)).toBe(
      'la levée a échoué : délogée par F any venant d’Anyi (attaque 2 : une flotte qui se déplace ou soutient vers une province fluviale le fait avec une force de 2 (règle 1 de la forteresse flottante))',
    );
  });

  it('a neutral unit’s order the players’ vote adopted, its units in the reader’s names', () => {
    const m = reasonMsg(mandateOfHeaven, "adopted by the players' vote: dislodged by A zhe from Zheng");
    expect(t('en', m)).toBe("adopted by the players' vote: dislodged by A zhe from Zheng");
    expect(t('zh-CN', m)).toBe('经玩家投票通过：被 A 新郑击退');
    expect(englishIn(mandateOfHeaven, t('fr', m)), t('fr', m)).toEqual([]);
  });

  it('the Hsiung-Nu’s winters and the neutrals’ activation', () => {
    const events = [
      'The Hsiung-Nu placed 2 armies by default in Donghu, Linhu (Mandate of Heaven rule 2: all three armies are placed).',
      'The Hsiung-Nu did not hold a supply centre after year 3: their armies melt away, and their allowance falls from 3 to 1 unit (Mandate of Heaven rule 2).',
      'The Hsiung-Nu own 7 supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres (Mandate of Heaven rule 2).',
      'The Hsiung-Nu have melted away: they are eliminated (Mandate of Heaven rule 2).',
      "Lu has grown to 4 supply centres, 3 or more, and is activated: the game master may seat a new player on it (never one eliminated in this game); until then the players' vote still moves it (Mandate of Heaven rule 3).",
      "Lu has grown to 3 supply centres and is activated: the game master may seat a new player on it (never one eliminated in this game); until then the players' vote still moves it (Mandate of Heaven rule 3).",
      "not counted: Qin has 1 build this winter, and only a player's first ballot counts (ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)",
      "not counted: Qin has 2 disbands this winter, and a player's first 2 different ballots count (ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)",
      "the Hsiung-Nu's builds up to their 6th unit must be placed in the placement area, and this build would be their 3rd unit (Mandate of Heaven rule 2)",
    ];
    for (const e of events) {
      const m = reasonMsg(mandateOfHeaven, e);
      expect(m.key, e).not.toBe('text.plain');
      expect(t('en', m)).toBe(e);
      expect(englishIn(mandateOfHeaven, t('fr', m)), t('fr', m)).toEqual([]);
      expect(t('zh-CN', m)).not.toMatch(/\b(the|and|of|is)\b/);
    }
    // The places the engine names in English, in the reader's names and list.
    expect(t('zh-CN', reasonMsg(mandateOfHeaven, events[0]!))).toMatch(/^匈奴默认在东胡、[^A-Za-z]+放置了2支陆军/);
    expect(t('zh-CN', reasonMsg(mandateOfHeaven, events[0]!))).not.toMatch(/Donghu|Linhu/);
    expect(t('zh-CN', reasonMsg(mandateOfHeaven, events[4]!))).toBe(
      '鲁已扩张至4个补给中心（3个或以上），现已激活：主持人可让一名新玩家接手（不得是本局已被淘汰的玩家）；在此之前仍由玩家投票指挥（天命规则第3条）。',
    );
  });
});
