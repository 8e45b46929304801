/**
 * The card game's private views as pure builders (src/bot/cards): only legal choices are offered, equal cards are
 * one option, more than 25 are paged, every custom id and select fits Discord's limits, and the views are built
 * from the seat's own view only (no other hand can reach them).
 */
import { describe, expect, it } from 'vitest';
import { apply, DECK_IDS, privateView, type CardGameState } from '../../src/cardgame/index.js';
import type { View } from '../../src/bot/cards/ui.js';
import { brightOptions, brightStep, decodeWage, dynastyStep, encodeWage, playStep, previewStep, secondChoices } from '../../src/bot/cards/play.js';
import { draftScreen, effectFromValue, effectSecondStep, planDraft } from '../../src/bot/cards/fallback.js';
import { chooseStep, giveStep, handView } from '../../src/bot/cards/views.js';
import { tableComponents } from '../../src/bot/cards/table.js';
import { stateFromView } from '../../src/bot/cards/seen.js';
import { cardName } from '../../src/bot/cards/format.js';
import { play, table } from '../cardgame/fixtures.js';

const ref = { gameId: 12345, version: 678 };

/** Discord's limits on every view. */
function checkLimits(v: View): void {
  expect(v.content.length).toBeLessThanOrEqual(2000);
  expect(v.components.length).toBeLessThanOrEqual(5);
  const ids = new Set<string>();
  for (const row of v.components) {
    for (const c of row.components as unknown as { type: number; custom_id: string; options?: { value: string; label: string }[] }[]) {
      expect(c.custom_id.length).toBeLessThanOrEqual(100);
      expect(ids.has(c.custom_id)).toBe(false);
      ids.add(c.custom_id);
      if (c.type === 3) {
        expect(c.options!.length).toBeGreaterThan(0);
        expect(c.options!.length).toBeLessThanOrEqual(25);
        expect(new Set(c.options!.map((o) => o.value)).size).toBe(c.options!.length);
        for (const o of c.options!) expect(o.label.length).toBeLessThanOrEqual(100);
      }
    }
  }
}

function selectOf(v: View, action: string): { custom_id: string; options: { value: string; label: string; description?: string }[]; min_values: number; max_values: number } {
  for (const row of v.components) for (const c of row.components as never[]) if ((c as { custom_id: string }).custom_id.startsWith(`cards:${action}:`) && (c as { type: number }).type === 3) return c;
  throw new Error(`no select ${action} in ${JSON.stringify(v.components)}`);
}

const seen = (s: CardGameState, seat: number) => stateFromView(privateView(s, seat));

/** Design §4.1 S1: Qi has fallen back; Qin played fire/chariot/cavalry + dark chariot, Yan forest/infantry/chariot. */
function s1() {
  const t = table({
    dynasties: ['qin', 'yan', 'qi'],
    hands: [['fire/chariot/cavalry', 'dark chariot', 'forest/infantry/spy', 'wind/crossbow/infantry', 'mountain/chariot/spy', 'wild', 'dark spy'], ['forest/infantry/chariot', 'dark chariot'], ['wild']],
    row: ['dark fire', 'wild', 'dark wind', 'fire/infantry/spy', 'dark forest', 'dark mountain'],
  });
  const [b1, dark] = t.ids[0]!;
  return play(t, { type: 'wage', seat: 0, bright: b1!, dark: dark! }, { type: 'wage', seat: 1, bright: t.ids[1]![0]! }, { type: 'fallBack', seat: 2 }).state;
}

describe('play wizard', () => {
  it('S1 (a): offers only the bright cards matching the latest one, plus the wild', () => {
    const s = seen(s1(), 0);
    const labels = brightOptions(s, 0).map((o) => o.label);
    expect(labels).toEqual(['Mountain/Chariot/Spy', 'Wild']);
    const v = brightStep(ref, s, 0);
    checkLimits(v);
    expect(selectOf(v, 'pb').options.map((o) => o.description)).toEqual(['matches Chariot', 'a wild card may always be played']);
  });

  it('offers as second cards only the dark cards sharing a symbol, and the preview says what falling back would claim', () => {
    const t = table({ dynasties: ['qin', 'yan'], hands: [['fire/chariot/cavalry', 'dark chariot', 'dark spy', 'dark fire'], ['wild']], resistance: ['wild'] });
    const s = seen(t, 0);
    const seconds = secondChoices(s, 0, t.ids[0]![0]!).map((c) => c.option.label);
    expect(seconds).toEqual(['— none —', 'Advisor/Chariot', 'Advisor/Fire']);
    const a = decodeWage(0, encodeWage({ type: 'wage', seat: 0, bright: t.ids[0]![0]!, dark: t.ids[0]![1]! }))!;
    const v = previewStep(ref, s, a);
    checkLimits(v);
    // against a wild resistance (1 of each): chariot 2–1 leads, fire and cavalry tie
    expect(v.content).toContain('You lead 🛞 Chariot 2–1');
    expect(v.content).toContain('tied 🐎 Cavalry 1–1 with the local resistance, 🔥 Fire 1–1 with the local resistance');
    expect(v.content).toContain('would claim Chariot.');
    // one screen: the second card can still be changed (its select shows the current choice), then Confirm
    expect(selectOf(v, 'ps').options.find((o) => (o as { default?: boolean }).default)?.label).toBe('Advisor/Chariot');
    expect(v.components[1]!.components.map((c) => (c as { custom_id: string }).custom_id)).toEqual([`cards:pc:12345:678:${t.ids[0]![0]}.${t.ids[0]![1]}`, 'cards:po:12345:678', 'cards:px:12345:678']);
  });

  it('every screen of the wizard has Back: the card step back to the hand, the play step back to the cards', () => {
    const s = seen(s1(), 0);
    const first = brightStep(ref, s, 0);
    expect((first.components.at(-1)!.components as { label: string; custom_id: string }[]).map((b) => [b.label, b.custom_id])).toEqual([
      ['Back', 'cards:hv:12345:678'],
      ['Cancel', 'cards:px:12345:678'],
    ]);
    const wild = brightOptions(s, 0).find((o) => o.label === 'Wild')!.value;
    const second = playStep(ref, s, 0, wild);
    checkLimits(second);
    expect((second.components.at(-1)!.components as { label: string }[]).map((b) => b.label)).toEqual(['Confirm', 'Back', 'Cancel']);
    expect(second.content).toContain('you play Wild.');
  });

  it('groups equal cards into one option and pages past 25 card types', () => {
    // every bright type twice: 40 types, 80 cards; the first card of a round is free, so all are legal
    const brights = DECK_IDS.filter((c) => c.startsWith('B'));
    const t = table({ dynasties: ['chu', 'jin'], hands: [brights, []] });
    const s = seen(t, 0);
    expect(brightOptions(s, 0)).toHaveLength(40);
    expect(brightOptions(s, 0)[0]!.label).toBe('Fire/Cavalry/Chariot ×2');
    const first = brightStep(ref, s, 0, 0);
    checkLimits(first);
    expect(selectOf(first, 'pb').options).toHaveLength(25);
    const second = brightStep(ref, s, 0, 1);
    checkLimits(second);
    expect(selectOf(second, 'pb').options).toHaveLength(15);
    const nav = second.components[1]!.components as { label: string; custom_id: string; disabled?: boolean }[];
    expect(nav.map((b) => [b.label, b.custom_id, b.disabled ?? false])).toEqual([
      ['◀ Previous', 'cards:po:12345:678:0', false],
      ['Next ▶', 'cards:po:12345:678:2', true],
    ]);
  });

  it('dynasty cards: Qi lists its covers, Qin takes then gives, Yan takes back', () => {
    const qi = table({ dynasties: ['qi', 'yan'], dynastyCards: true, hands: [['fire/cavalry/chariot'], ['wild']], resistance: ['wild'] });
    expect(secondChoices(seen(qi, 0), 0, qi.ids[0]![0]!).map((c) => c.option.label)).toEqual(['— none —', 'Qi 齊 dynasty card: cover Cavalry', 'Qi 齊 dynasty card: cover Chariot']);
    const qin = table({ dynasties: ['qin', 'yan'], dynastyCards: true, hands: [['fire/cavalry/chariot', 'dark spy'], ['wild']], row: ['wild', 'dark fire'], resistance: ['wild'] });
    const sq = seen(qin, 0);
    expect(secondChoices(sq, 0, qin.ids[0]![0]!).map((c) => [c.option.value, c.play === null])).toEqual([['none', false], ['yq', true]]);
    const takeView = dynastyStep(ref, sq, 0, qin.ids[0]![0]!);
    checkLimits(takeView);
    const takes = selectOf(takeView, 'pq').options.map((o) => o.label);
    expect(takes).toEqual(['Wild', 'Advisor/Fire']);
    const giveView = dynastyStep(ref, sq, 0, qin.ids[0]![0]!, qin.row[0]!);
    expect(selectOf(giveView, 'pg').options.map((o) => o.label)).toEqual(['Advisor/Spy', 'Wild']);
    // Yan: after a first play, the card to take back is any card in front, the one being played included
    const yan0 = table({ dynasties: ['yan', 'qin'], dynastyCards: true, hands: [['wind/spy/infantry', 'fire/spy/chariot'], ['wild']], resistance: ['wild'] });
    const yan = play(yan0, { type: 'wage', seat: 0, bright: yan0.ids[0]![0]! }, { type: 'wage', seat: 1, bright: yan0.ids[1]![0]! }).state;
    const sy = seen(yan, 0);
    const bright = yan0.ids[0]![1]!;
    expect(secondChoices(sy, 0, bright).map((c) => [c.option.value, c.play === null])).toEqual([['none', false], ['yy', true]]);
    const back = dynastyStep(ref, sy, 0, bright);
    checkLimits(back);
    expect(selectOf(back, 'py').options.map((o) => o.value)).toEqual([yan0.ids[0]![0], bright]);
    expect(selectOf(back, 'py').options.map((o) => o.label)).toEqual([cardName(yan0.ids[0]![0]!), cardName(bright)]);
  });
});

describe('fall-back wizard', () => {
  /** Qin (0) alone with fire, wind, chariot, spy against Yan (1) who has nothing: Qin claims all four. */
  function fallTable() {
    const t = table({
      dynasties: ['qin', 'yan'],
      hands: [['fire/chariot/spy', 'wind/crossbow/infantry'], ['wild']],
      strongholds: { 13: [0], 14: [1], 19: [1, 1] },
      row: ['dark fire', 'wild', 'dark wind', 'fire/infantry/spy'],
      resistance: ['dark cavalry', 'mountain/cavalry/cavalry'.replace('cavalry/cavalry', 'cavalry/chariot')],
    });
    return play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }, { type: 'fallBack', seat: 1 }).state;
  }

  it('the first screen names the claims and the ties, and the whole fall back with its defaults', () => {
    const s = seen(fallTable(), 0);
    const v = draftScreen(ref, s, 0, { effects: [], recruit: null });
    checkLimits(v);
    expect(v.content).toContain('You will claim 🕵️ Spy, 🔥 Fire.');
    expect(v.content).toContain('🛞 Chariot is tied with the local resistance (1–1) and will not be claimed.');
    // the defaults (design §3.8), each after the one before: Spy takes the row card with the most symbols (Yan's
    // fall back took Fire/Infantry/Spy and Advisor/Fire), Fire draws; then the recruit takes what is left
    expect(v.content).toContain('• 🕵️ Spy: take Advisor/Wind from the recruiting row *(default)*');
    expect(v.content).toContain('• 🔥 Fire: draw a card instead *(default)*');
    expect(v.content).toContain('• Recruit: Wild *(default)* (the last to fall back takes 1)');
    // one click falls back with all of it; Back and Cancel are there
    const buttons = v.components.at(-1)!.components.map((c) => (c as { label: string; custom_id?: string }).label);
    expect(buttons).toEqual(['Fall back now (defaults for the rest)', 'Back', 'Preview board', 'Cancel']);
  });

  it('a fall back of any size is 2 clicks: its first screen falls back with the defaults for every superiority', () => {
    // Qin alone in the battle after three plays: it claims 7 of the 9 superiorities
    const t = table({
      dynasties: ['qin', 'yan', 'qi'],
      hands: [['fire/chariot/spy', 'wind/chariot/infantry', 'mountain/infantry/crossbow'], ['wild'], ['wild']],
      strongholds: { 13: [0], 14: [1] },
      row: ['dark fire', 'wild', 'dark wind', 'fire/infantry/spy', 'dark forest', 'dark mountain'],
    });
    const [a, b, c] = t.ids[0]!;
    const s = seen(play(t, { type: 'wage', seat: 0, bright: a! }, { type: 'fallBack', seat: 1 }, { type: 'fallBack', seat: 2 }, { type: 'wage', seat: 0, bright: b! }, { type: 'wage', seat: 0, bright: c! }).state, 0);
    const v = draftScreen(ref, s, 0, { effects: [], recruit: null });
    checkLimits(v);
    const plan = planDraft(s, 0, []);
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.claims).toHaveLength(7);
    // the whole fall back as it will be, every superiority with its default, and the recruit
    expect(v.content.match(/\*\(default\)\*/g)).toHaveLength(8);
    const first = v.components.at(-1)!.components[0] as { label: string; custom_id: string };
    expect(first.label).toBe('Fall back now (defaults for the rest)');
    expect(first.custom_id).toBe('cards:fD:12345:678:0');
  });

  it('one choice at a time with legal targets only (a draw among them), Fire in two selects, then the recruit', () => {
    const s = seen(fallTable(), 0);
    const v = draftScreen(ref, s, 0, { effects: [], recruit: null });
    expect(selectOf(v, 'ff').options.map((o) => o.value)).toEqual(['spy', 'fire']);
    expect(selectOf(v, 'ft').options[0]).toMatchObject({ value: 'draw', label: 'Draw a card instead' });
    // Fire sources: only strongholds with a single opponent army (14; not 19, a stack of two Yan)
    expect(selectOf(draftScreen(ref, s, 0, { effects: [], recruit: null }, 'fire'), 'fs').options.map((o) => o.value)).toEqual(['draw', '14']);
    const moves = effectSecondStep(ref, s, 0, { effects: [], recruit: null }, 'fire', 14);
    checkLimits(moves);
    const opts = selectOf(moves, 'ft').options;
    expect(opts.map((o) => o.value)).toEqual(['14|1>9', '14|1>10']);
    expect(moves.components.at(-1)!.components.map((c) => (c as { label: string }).label)).toEqual(['Back', 'Cancel']);
    const fire = effectFromValue(s, 0, 'fire', '14|1>9')!;
    expect(fire).toEqual({ symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 9 }] });
    expect(effectFromValue(s, 0, 'fire', '19|1>23')).toBeNull();
    expect(effectFromValue(s, 0, 'fire', 'draw')).toEqual({ symbol: 'fire', draw: true });
    // Spy from the row, then the recruit: 1 card (last to fall back) from the row without the Spy pick
    const spy = effectFromValue(s, 0, 'spy', s.row[1]!)!;
    const plan = planDraft(s, 0, [fire, spy]);
    if ('error' in plan) throw new Error(plan.error);
    expect([plan.remaining, plan.recruitCount, plan.state.row.length]).toEqual([[], 1, 1]);
    const r = draftScreen(ref, s, 0, { effects: [fire, spy], recruit: null });
    checkLimits(r);
    const sel = selectOf(r, 'fr');
    expect([sel.min_values, sel.max_values, sel.options.length, sel.custom_id]).toEqual([1, 1, 1, 'cards:fr:12345:678:2']);
    // every choice made: the last screen says what happens and falls back
    const done = draftScreen(ref, s, 0, { effects: [fire, spy], recruit: [s.row[0]!] });
    expect(done.content).toContain('• 🔥 Fire: on 14 · Xing S (also Wey, Gu) — Yan: Yan → 9 · Zhongshan SE (also Xing, Wey)');
    expect(done.components.at(-1)!.components.map((c) => (c as { label: string }).label)[0]).toBe('Fall back');
  });

  it('a draft that no longer fits the table is refused as stale', () => {
    const s = seen(fallTable(), 0);
    const v = draftScreen(ref, s, 0, { effects: [{ symbol: 'mountain', stronghold: 13 }], recruit: null });
    expect(v.content).toMatch(/^⚠️ The table changed — reopen/);
    // its reason names cards as players read them, never by deck id
    const gone = draftScreen(ref, s, 0, { effects: [{ symbol: 'spy', card: 'B10' }], recruit: null });
    expect(gone.content).toMatch(/^⚠️ The table changed — reopen/);
    expect(gone.content).toContain('Fire/Chariot/Crossbow is not in the recruiting row');
    expect(gone.content).not.toMatch(/\b[BDW]\d/);
  });
});

describe('other views', () => {
  it('setup: exactly 2 of the 8 dealt cards; the hand shows only its own cards', async () => {
    const { newGame } = await import('../../src/cardgame/index.js');
    const s0 = newGame({ seats: 3, seed: 'views', dynasties: ['chu', 'qin', 'yan'] });
    const s = seen(s0, 1);
    expect(s.seats[0]!.hand).toEqual([]);
    expect(s.seats[2]!.hand).toEqual([]);
    const v = giveStep(ref, s, 1);
    checkLimits(v);
    const sel = selectOf(v, 'gv');
    expect([sel.min_values, sel.max_values, sel.options.length]).toEqual([2, 2, 8]);
    // the default (D-21: the 2 weakest) in one click, and Back to the hand
    const buttons = v.components[1]!.components as { label: string; custom_id: string }[];
    expect(buttons.map((b) => b.custom_id)).toEqual(['cards:gd:12345:678', 'cards:hv:12345:678']);
    expect(buttons[0]!.label).toMatch(/^Use the default: \S+ and \S+$/);
    const hand = handView(ref, s, 1);
    checkLimits(hand);
    const others = [...s0.seats[0]!.hand, ...s0.seats[2]!.hand].filter((c) => !s0.seats[1]!.hand.includes(c));
    for (const id of others) expect(JSON.stringify(hand)).not.toContain(id);
  });

  it('choosing the next battle: the Spy claimer picks the start seat, then an eligible state', () => {
    const t = table({ dynasties: ['chu', 'qin', 'yan'], strongholds: { 10: [0], 14: [0], 15: [1], 19: [1], 20: [2] } });
    t.phase = 'choose';
    t.turnSeat = null;
    t.chooser = { seat: 1, pickStart: true };
    t.states.gu = [0];
    const s = seen(t, 1);
    const first = chooseStep(ref, s, 1);
    checkLimits(first);
    expect(selectOf(first, 'cs').options.map((o) => o.label)).toEqual(['Chu 楚', 'Qin 秦 (you)', 'Yan 燕']);
    const second = chooseStep(ref, s, 1, 2);
    checkLimits(second);
    const states = selectOf(second, 'ct');
    expect(states.custom_id).toBe('cards:ct:12345:678:2');
    expect(states.options.find((o) => o.value === 'gu')).toBeUndefined(); // Chu's, 5 around
    expect(states.options.find((o) => o.value === 'xing')!.description).toBe('neutral · 2 around');
    // defaults for the rest on both screens (the chooser starts; the first eligible state here), and Back
    const labels = (v: View) => (v.components[1]!.components as { label: string; custom_id: string }[]).map((b) => [b.label, b.custom_id]);
    expect(labels(first)).toEqual([
      ['Defaults: you start, battle in Zhongshan 中山', 'cards:cD:12345:678:1'],
      ['Back', 'cards:hv:12345:678'],
    ]);
    expect(labels(second)).toEqual([
      ['Default: battle in Zhongshan 中山', 'cards:cD:12345:678:2'],
      ['Back', 'cards:co:12345:678'],
    ]);
  });

  it('table buttons per phase', () => {
    expect(tableComponents(7, 'battle')[0]!.components.map((c) => (c as { label: string }).label)).toEqual(['Wage battle', 'Fall back', 'My hand', 'Board', 'Rules']);
    expect(tableComponents(7, 'finished')).toEqual([]);
  });

  it('a wage preview that the engine refuses shows the reason', () => {
    const s = seen(s1(), 0);
    const v = previewStep(ref, s, { type: 'wage', seat: 0, bright: s.seats[0]!.hand.find((c) => c.startsWith('B'))! });
    expect(v.content.startsWith('⚠️') || v.content.includes('confirm')).toBe(true);
    expect(apply(s, { type: 'wage', seat: 1, bright: 'B01' }).ok).toBe(false);
  });
});
