/**
 * Maps in the readers' locale (docs/locales.md "Names"): a variant labelled by names takes its names in that locale
 * alone (Warring States in Chinese: `咸陽`, not `咸阳 Xianyang`), a variant labelled by its codes keeps them (Classic in
 * French), and the legend names the powers and the keys in the locale. Without a locale, or in English, the scene is
 * the one it always was. Labels must fit: no more of them go without room, or overlap, than in English.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { legalOrderObjects } from '../../src/engine/options.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, type RenderOptions, type Scene } from '../../src/render/index.js';
import { overlaps } from '../../src/render/placement.js';
import { getVariant } from '../../src/variants/index.js';
import { ordersFor } from './helpers.js';

/** The start of `v` with each unit's second legal order, adjudicated: arrows, failures and a legend with keys. */
function sceneOf(v: Variant, opts: RenderOptions = {}): Scene {
  const position = v.startingPosition();
  const orders = v.powers.flatMap((p) =>
    legalOrderObjects(v, position, p.name).map((u) => ({
      power: p.name,
      order: u.orders[Math.min(1, u.orders.length - 1)]!,
    })),
  );
  const adjudication = adjudicate(v, position, orders);
  const r = buildScene(v, position, { orders, results: adjudication.results, adjudication, ...opts });
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

/** Label pairs whose boxes overlap, and labels left without room. */
function crowding(scene: Scene): { overlapping: number; missing: number } {
  let overlapping = 0;
  for (let i = 0; i < scene.labels.length; i++)
    for (let j = i + 1; j < scene.labels.length; j++)
      if (overlaps(scene.labels[i]!.box, scene.labels[j]!.box)) overlapping++;
  return { overlapping, missing: scene.warnings.filter((w) => w.startsWith('no room for the label')).length };
}

const label = (scene: Scene, province: string) => scene.labels.find((l) => l.province === province);

describe('maps in the readers’ locale', () => {
  const ws = getVariant('warring-states')!;
  const classic = getVariant('classic')!;

  it('Warring States in Chinese: each label is the Chinese name alone, in the reader’s script', () => {
    const english = sceneOf(ws);
    const traditional = sceneOf(ws, { locale: 'zh-TW' });
    const simplified = sceneOf(ws, { locale: 'zh-CN' });
    expect(label(english, 'xia')?.text ?? label(english, 'xia')?.lines?.join(' ')).toContain('Xianyang');
    expect(label(traditional, 'xia')?.text).toBe('咸陽');
    expect(label(simplified, 'xia')?.text).toBe('咸阳');
    expect(label(traditional, 'lin')?.text).toBe('臨淄');
    expect(label(simplified, 'lin')?.text).toBe('临淄');
    for (const scene of [traditional, simplified]) {
      expect(scene.labels.every((l) => !/[A-Za-z]/.test(l.text))).toBe(true);
      const [ours, theirs] = [crowding(scene), crowding(english)];
      expect(ours.missing).toBeLessThanOrEqual(theirs.missing);
      expect(ours.overlapping).toBeLessThanOrEqual(theirs.overlapping);
    }
    expect(traditional.legend.entries.map((e) => e.text)).toContain('秦 3');
    expect(traditional.legend.keys.map((k) => k.text)).toEqual(expect.arrayContaining(['移動', '陸軍', '補給中心']));
    expect(simplified.legend.keys.map((k) => k.text)).toEqual(expect.arrayContaining(['移动', '陆军', '补给中心']));
  });

  it('Chinese names alone are drawn larger where they fit, to read at the 550 px preview', () => {
    const moh = getVariant('mandate-of-heaven')!;
    for (const v of [ws, moh]) {
      const english = sceneOf(v);
      const base = Math.max(...english.labels.map((l) => l.size));
      for (const locale of ['zh-CN', 'zh-TW'] as const) {
        const scene = sceneOf(v, { locale });
        // 8.7 px at 550 px wide, where 6.2 px Han characters do not read; most names get it, none is smaller than before.
        const large = scene.labels.filter((l) => l.size >= base * 1.4 - 0.01);
        expect(large.length / scene.labels.length, `${v.id} ${locale}`).toBeGreaterThan(0.8);
        expect(Math.min(...scene.labels.map((l) => l.size))).toBe(Math.min(...english.labels.map((l) => l.size)));
        expect(scene.labels.filter((l) => !l.inside).length).toBeLessThanOrEqual(
          english.labels.filter((l) => !l.inside).length,
        );
      }
    }
  });

  it('the variants’ own legend keys (walls, the Hai river, the nomads’ band) in the reader’s language', () => {
    const keys = (v: typeof ws, locale?: 'fr' | 'zh-CN' | 'zh-TW') =>
      sceneOf(v, locale ? { locale } : {}).legend.keys.map((k) => k.text);
    expect(keys(ws)).toEqual(expect.arrayContaining(['wall', 'the Hai river']));
    expect(keys(ws, 'zh-TW')).toEqual(expect.arrayContaining(['城牆', '海河']));
    expect(keys(ws, 'zh-CN')).toEqual(expect.arrayContaining(['城墙', '海河']));
    expect(keys(ws, 'fr')).toEqual(expect.arrayContaining(['muraille', 'le fleuve Hai']));
    const moh = getVariant('mandate-of-heaven')!;
    expect(keys(moh, 'zh-CN')).toContain('匈奴部署区');
    expect(keys(moh, 'fr')).toContain('zone de placement des Hsiung-Nu');
    const english = ['wall', 'the Hai river', 'Hsiung-Nu placement area', 'raise fleet', 'river move'];
    for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const)
      for (const v of [ws, moh]) expect(keys(v, locale).filter((k) => english.includes(k))).toEqual([]);
  });

  it('a move along a link is keyed in the reader’s language, the link by the variant’s name for it', () => {
    const start = ws.startingPosition();
    const position = { ...start, units: [{ power: 'Yan', type: 'F' as const, province: 'ji', coast: null }] };
    const orders = ordersFor(position, { Yan: 'F ji - boh' }, ws);
    const adjudication = adjudicate(ws, position, orders);
    const key = (locale?: 'fr' | 'zh-CN' | 'zh-TW') => {
      const r = buildScene(ws, position, { orders, adjudication, ...(locale ? { locale } : {}) });
      if (!r.ok) throw new Error(r.error);
      return r.scene.legend.keys.find((k) => k.kind === 'link-move')?.text;
    };
    expect(key()).toBe('move by the Hai river');
    expect(key('fr')).toBe('mouvement par le fleuve Hai');
    expect(key('zh-CN')).toBe('经海河移动');
    expect(key('zh-TW')).toBe('經海河移動');
  });

  it('Classic in French: the codes players type stay, the legend and the title are French', () => {
    const english = sceneOf(classic);
    const french = sceneOf(classic, { locale: 'fr' });
    expect(french.labels.map((l) => l.text)).toEqual(english.labels.map((l) => l.text));
    expect(french.legend.entries.map((e) => e.text)).toContain('Allemagne 3');
    expect(french.legend.keys.map((k) => k.text)).toEqual(
      expect.arrayContaining(['mouvement', "n'a pas réussi", 'armée', 'flotte', 'centre de ravitaillement']),
    );
    expect(french.title.text).toBe('Diplomatie classique · Printemps 1901, mouvements');
  });

  it('Mandate of Heaven in Chinese: its calendar and its name in the title', () => {
    const moh = getVariant('mandate-of-heaven')!;
    const r = buildScene(moh, moh.startingPosition(), { locale: 'zh-CN' });
    if (!r.ok) throw new Error(r.error);
    expect(r.scene.title.text).toBe('天命 · 部署阶段：公元前369年冬（猪年）');
  });

  it('Mandate of Heaven in Chinese: units and legend marked with the state’s character, Latin in English and French', () => {
    const moh = getVariant('mandate-of-heaven')!;
    const marks = (locale?: 'zh-CN' | 'zh-TW' | 'fr') => {
      const r = buildScene(moh, moh.startingPosition(), locale ? { locale } : {});
      if (!r.ok) throw new Error(r.error);
      return {
        units: Object.fromEntries(r.scene.units.map((u) => [u.power, u.mark])),
        legend: Object.fromEntries(r.scene.legend.entries.map((e) => [e.power, e.mark])),
      };
    };
    const zh = marks('zh-CN');
    expect(zh.units.Qin).toBe('秦');
    expect(zh.units.Chu).toBe('楚');
    expect(zh.legend.Zhao).toBe('赵');
    expect(marks('zh-TW').legend.Zhao).toBe('趙');
    const letters = Object.values(zh.legend);
    expect(new Set(letters).size).toBe(letters.length);
    expect(marks().units.Qin).toBe(marks('fr').units.Qin);
    expect(marks().units.Qin).toMatch(/^[A-Za-z]{1,2}$/);
  });

  it('English, or no locale, draws the scene it always drew', () => {
    expect(JSON.stringify(sceneOf(classic, { locale: 'en' }))).toBe(JSON.stringify(sceneOf(classic)));
    expect(JSON.stringify(sceneOf(ws, { locale: 'en' }))).toBe(JSON.stringify(sceneOf(ws)));
    // A locale the variant has no names in changes the words, never the labels.
    expect(sceneOf(ws, { locale: 'fr' }).labels.map((l) => l.text)).toEqual(sceneOf(ws).labels.map((l) => l.text));
  });
});
