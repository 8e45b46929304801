/**
 * The winner's reason in the reader's words (src/bot/cards/words.ts, docs/cardgame.md "The end of the game"): worded
 * from the `finished` event's `reason`, never from its English text; an event stored before the reason is read back
 * from its English; the end post says why after a tie on states.
 */
import { describe, expect, it } from 'vitest';
import { newGame, publicView, type FinishReason, type GameEvent } from '../../../src/cardgame/index.js';
import { cardsEventText, eventText } from '../../../src/bot/cards/words.js';
import type { Locale } from '../../../src/i18n/index.js';

const dynasties = ['chu', 'qin'] as const;
/** An English text no pattern of the stored-event fallback knows: the words must come from `reason` alone. */
const REWORDED = 'Qin wins.';

/** The reason, the winner, the reason in English (as the engine writes it), the event's line in fr and zh-CN. */
type Case = [FinishReason, Seat | Seat[], { en: string; fr: RegExp; 'zh-CN': RegExp }];
type Seat = number;

const CASES: Case[] = [
  [
    { kind: 'states', seat: 1, count: 7 },
    1,
    {
      en: 'Qin controls the most states (7)',
      fr: /^Qin unifie la Chine et fonde le premier Empire \(Qin contrôle le plus d’États \(7\)\)\.$/,
      'zh-CN': /^秦统一天下，成为始皇帝（秦控制的国最多（7））。$/,
    },
  ],
  [
    {
      kind: 'superiorities',
      seat: 1,
      counts: [
        { seat: 0, count: 1 },
        { seat: 1, count: 2 },
      ],
    },
    1,
    {
      en: 'Qin claimed the most superiorities (Chu 1 – Qin 2)',
      fr: /\(Qin a revendiqué le plus de supériorités \(Chu 1 – Qin 2\)\)\.$/,
      'zh-CN': /（秦夺得的优势最多（楚 1 – 秦 2））。$/,
    },
  ],
  [
    { kind: 'strongholds', cause: 'no-cards-left', seat: 1, count: 4 },
    1,
    {
      en: 'no tied seat has a bright or wild card left; Qin has armies in the most strongholds (4)',
      fr: /\(aucun des joueurs à égalité n’a plus de carte claire ni de joker ; Qin a des armées sur le plus de places fortes \(4\)\)\.$/,
      'zh-CN': /（打平的各方都已没有明牌或万能牌；秦占据的据点最多（4））。$/,
    },
  ],
  [
    { kind: 'armies', cause: 'no-card-played', seat: 1, count: 9 },
    1,
    {
      en: 'the tie-break round was played without a card; tied on strongholds, Qin has the most armies on the board (9)',
      fr: /\(la manche de départage s’est jouée sans aucune carte ; à égalité de places fortes, Qin a le plus d’armées sur le plateau \(9\)\)\.$/,
      'zh-CN': /（加赛轮无人出牌；据点数相同，秦在棋盘上的军队最多（9））。$/,
    },
  ],
  [
    { kind: 'shared', cause: 'no-card-played' },
    [0, 1],
    {
      en: 'the tie-break round was played without a card; still tied on strongholds and armies: a shared victory',
      fr: /^Chu et Qin se partagent la victoire \(la manche de départage s’est jouée sans aucune carte ; toujours à égalité de places fortes et d’armées\)\.$/,
      'zh-CN': /^楚和秦共享胜利（加赛轮无人出牌；据点数和军队数仍然相同）。$/,
    },
  ],
];

/** Each case named by its kind, for the tests' titles. */
const KINDS = CASES.map(([reason, winner, words]) => [reason.kind, reason, winner, words] as const);

describe('the winner’s reason', () => {
  it.each(KINDS)(
    '%s: worded from the event’s reason in fr and zh-CN; the engine’s own in en',
    (_, reason, winner, words) => {
      const e: GameEvent = { kind: 'finished', winner, reason, text: REWORDED };
      for (const locale of ['fr', 'zh-CN'] as const) expect(eventText(e, dynasties, locale)).toMatch(words[locale]);
      // an English line shows the engine's text (written from the same reason: src/cardgame/round.ts `finish`)
      expect(eventText(e, dynasties, 'en')).toBe(REWORDED);
    },
  );

  it('an event stored before the reason is read back from its English; one no pattern knows has no reason', () => {
    const text = 'Qin unites China and becomes the First Emperor (Qin controls the most states (7)).';
    const stored: GameEvent = { kind: 'finished', winner: 1, text };
    expect(eventText(stored, dynasties, 'en')).toBe(text);
    expect(eventText(stored, dynasties, 'fr')).toBe(
      'Qin unifie la Chine et fonde le premier Empire (Qin contrôle le plus d’États (7)).',
    );
    expect(eventText(stored, dynasties, 'zh-CN')).toBe('秦统一天下，成为始皇帝（秦控制的国最多（7））。');
    const odd: GameEvent = { kind: 'finished', winner: 1, text: REWORDED };
    expect(eventText(odd, dynasties, 'fr')).toBe('Qin unifie la Chine et fonde le premier Empire.');
  });
});

describe('the end post', () => {
  const game = newGame({ seats: 2, seed: 'end', dynasties: [...dynasties] });
  const over = (winner: Seat | Seat[], events: GameEvent[], locale: Locale) =>
    cardsEventText(
      {
        event: 'over',
        data: { board: { ...publicView(game), phase: 'finished', winner }, words: { what: 'over', events } },
      },
      locale,
    );

  it.each(KINDS)('%s: the end post words the reason in English as the engine does', (_, reason, winner, words) => {
    const finished: GameEvent = { kind: 'finished', winner, reason, text: REWORDED };
    expect(over(winner, [finished], 'en').split('\n').at(-1)).toBe(`After the tie on states: ${words.en}.`);
  });

  it('after a tie on states, says why the winner won, in the reader’s language', () => {
    const reason: FinishReason = {
      kind: 'superiorities',
      seat: 1,
      counts: [
        { seat: 0, count: 1 },
        { seat: 1, count: 2 },
      ],
    };
    const finished: GameEvent = { kind: 'finished', winner: 1, reason, text: REWORDED };
    expect(over(1, [finished], 'en')).toMatch(
      /First Emperor\*\* \(0 states\)\.\nAfter the tie on states: Qin claimed the most superiorities \(Chu 1 – Qin 2\)\.$/,
    );
    expect(over(1, [finished], 'fr')).toMatch(
      /\nAprès l’égalité en nombre d’États : Qin a revendiqué le plus de supériorités \(Chu 1 – Qin 2\)\.$/,
    );
    expect(over(1, [finished], 'zh-CN')).toMatch(/\n控制国数打平后：秦夺得的优势最多（楚 1 – 秦 2）。$/);
    const shared: GameEvent = {
      kind: 'finished',
      winner: [0, 1],
      reason: { kind: 'shared', cause: 'no-cards-left' },
      text: REWORDED,
    };
    expect(over([0, 1], [shared], 'zh-CN')).toMatch(
      /^共享胜利：.+\n控制国数打平后：打平的各方都已没有明牌或万能牌；据点数和军队数仍然相同。$/,
    );
  });

  it('an end post queued before it gives the winner and the end check only, as before', () => {
    const gameOver: GameEvent = {
      kind: 'gameOver',
      reason: 'victory-states',
      text: 'The game ends: a dynasty controls enough states. States: Chu 0, Qin 7.',
    };
    const text = over(1, [gameOver], 'en');
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/\nThe game ends: a dynasty controls enough states\. States: Chu 0(, | and )Qin 7\.$/);
  });
});
