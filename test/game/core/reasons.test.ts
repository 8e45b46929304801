/**
 * The results' reasons in the reader's language (src/game/core/summary.ts `reasonMsg`, docs/locales.md "Refused
 * orders"): every reason the adjudicator gives in the 165 DATC cases is worded by the catalogue exactly as the engine
 * wrote it in English, and the common ones (bounces, dislodgements, head-to-heads, supports, convoys, and compounds of
 * them) leave no English in French.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { reasonMsg } from '../../../src/game/core/reasons.js';
import { t } from '../../../src/i18n/index.js';
import { classic } from '../../../src/variants/classic/index.js';
import { warringStates } from '../../../src/variants/warring-states/index.js';
import { type DatcOrder, loadDatc, toOrders, toPosition } from '../../support/datc.js';
import { englishWords } from '../../support/english-left.js';

function datcReasons(): string[] {
  const centres = classic.startingPosition().supplyCenters;
  const reasons = new Set<string>();
  for (const c of loadDatc()) {
    try {
      const adj = adjudicate(classic, toPosition(c, centres), toOrders(c.orders as DatcOrder[]));
      for (const r of adj.results) if (r.reason) reasons.add(r.reason);
    } catch {
      // A case whose orders the adjudicator refuses whole (tested in test/engine/datc.test.ts).
    }
  }
  return [...reasons].sort();
}

describe("the results' reasons, worded", () => {
  const reasons = datcReasons();

  it('words every DATC reason in English exactly as the engine wrote it', () => {
    expect(reasons.length).toBeGreaterThan(100);
    for (const reason of reasons) expect(t('en', reasonMsg(classic, reason))).toBe(reason);
  });

  it('leaves no English in French for most of them, compounds included', () => {
    const worded = reasons.filter((r) => reasonMsg(classic, r).key !== 'text.plain');
    const left = worded.filter((r) => englishWords(t('fr', reasonMsg(classic, r))).length > 0);
    expect(left).toEqual([]);
    // The rest are the rare explanations (paradoxes, support loops) and the adjudicator's refusals.
    expect(worded.length / reasons.length).toBeGreaterThan(0.6);
  });

  it('words every order the adjudicator refused, and every retreat or build it refused', () => {
    const plain = reasons.filter((r) => reasonMsg(classic, r).key === 'text.plain');
    expect(plain.filter((r) => /so the unit held|options:|build|disband|occupied|does not own/.test(r))).toEqual([]);
    const m = reasonMsg(
      classic,
      'a fleet in Kiel cannot reach Munich, so the unit held; dislodged by A mun from Munich',
    );
    expect(t('fr', m)).toBe(
      'une flotte à Kiel ne peut pas atteindre Munich, l’unité a donc tenu ; délogée par A Munich',
    );
    expect(t('zh-CN', m)).toBe('Kiel 的舰队无法到达 Munich，因此该单位原地驻守；被来自 Munich 的 A mun 击退');
    const coast = reasonMsg(classic, 'say which coast of Spain (spa/nc or spa/sc), so the unit held');
    expect(t('fr', coast)).toBe('la côte n’était pas précisée pour l’Espagne (spa/nc ou spa/sc), l’unité a donc tenu');
    const retreat = reasonMsg(
      classic,
      'an army in Holland cannot reach Yorkshire (options: bel); the unit is disbanded',
    );
    expect(t('zh-TW', retreat)).toBe('Holland 的陸軍無法到達 Yorkshire（可撤退至：bel）；該單位被解散');
  });

  it('words the battles decided outside the adjudicator (Warhammer’s decisive battles)', () => {
    const said = [
      'lost the battle at Burgundy and Munich; dislodged by A ruh from Ruhr',
      'held; it won the battle at Munich',
      'support given; it won the battle at Munich and held it',
      'won the battle at Burgundy and moved there, dislodging A bur',
      'no move into Burgundy succeeded: the battle there was won by a side that could not take it',
      'destroyed (removed from the game: no retreat)',
    ];
    for (const reason of said) {
      const m = reasonMsg(classic, reason);
      expect(t('en', m)).toBe(reason);
      expect(englishWords(t('fr', m)), t('fr', m)).toEqual([]);
    }
    expect(t('fr', reasonMsg(classic, said[0]!))).toBe(
      'a perdu la bataille de Bourgogne et Munich ; délogée par A Ruhr',
    );
  });

  it('names the places in the reader language and joins the parts', () => {
    const m = reasonMsg(classic, 'bounced with A mun (1 vs 1); dislodged by A ruh from Ruhr');
    expect(t('fr', m)).toBe('rebond avec A Munich (1 contre 1) ; délogée par A Ruhr');
    expect(t('zh-CN', m)).toBe('与 A mun 相持不下（1 对 1）；被来自 Ruhr 的 A ruh 击退');
    expect(t('fr', reasonMsg(classic, 'moved to Burgundy'))).toBe('s’est déplacée vers la Bourgogne');
  });

  it('agrees in French with the unit it speaks of (une armée, une flotte), as the dislodged units’ lines do', () => {
    // The results post read `❌ \`A Venise tient\` — délogé par A Tyrol` above `Italie A Venise a été délogée`.
    const fr = (reason: string) => t('fr', reasonMsg(classic, reason));
    expect(fr('dislodged by A tyr')).toBe('délogée par A Tyrol');
    expect(fr('no retreat order: disbanded')).toBe('aucun ordre de retraite : dissoute');
    expect(fr('disbanded')).toBe('dissoute');
    expect(fr('blocked by A mun')).toBe('bloquée par A Munich');
    expect(fr('moved to Burgundy, dislodging A mun')).toBe('s’est déplacée vers la Bourgogne, délogeant A Munich');
  });

  it('names the place of a unit once: the unit names it where the reader writes units by name', () => {
    const bounced = reasonMsg(classic, 'bounced off A mun in Munich, which did not move away (1 vs 1)');
    expect(t('en', bounced)).toBe('bounced off A mun in Munich, which did not move away (1 vs 1)');
    expect(t('fr', bounced)).toBe('repoussée par A Munich, qui n’a pas bougé (1 contre 1)');
    expect(t('zh-CN', bounced)).toBe('被 Munich 未能移开的 A mun 挡回（1 对 1）');
    const dislodged = reasonMsg(classic, 'dislodged by A ruh from Ruhr (attack 2)');
    expect(t('en', dislodged)).toBe('dislodged by A ruh from Ruhr (attack 2)');
    expect(t('fr', dislodged)).toBe('délogée par A Ruhr (attaque 2)');
    expect(t('zh-TW', dislodged)).toBe('被來自 Ruhr 的 A ruh 擊退（攻擊力 2）');
    const chinese = reasonMsg(warringStates, 'bounced off A yon in Yong (1 vs 1); dislodged by A xia from Xianyang');
    expect(t('zh-CN', chinese)).toBe('被 A 雍挡回（1 对 1）；被 A 咸阳击退');
    expect(t('zh-TW', chinese)).toBe('被 A 雍擋回（1 對 1）；被 A 咸陽擊退');
    expect(t('fr', chinese)).toBe('repoussée par A yon en Yong (1 contre 1) ; délogée par A xia venant de Xianyang');
  });
});
