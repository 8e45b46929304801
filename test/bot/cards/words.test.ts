/**
 * The winner's reason in the reader's words (src/bot/cards/words.ts, docs/cardgame.md "The end of the game"): worded
 * from the `finished` event's `reason`, never from its English text; an event stored before the reason is read back
 * from its English; the end post says why after a tie on states. So are the `chooser`, `give`, `extraDraw`,
 * `controlArmy`, `gameOver` and `control` events' details (docs/cardgame.md "Events", "Languages").
 */
import { describe, expect, it } from 'vitest';
import { newGame, publicView, type FinishReason, type GameEvent } from '../../../src/cardgame/index.js';
import { cardsEventText, controlWhyLines, eventText } from '../../../src/bot/cards/words.js';
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

/** An English text no fallback pattern knows: a line worded from it alone has its words from the event's data. */
const UNKNOWN = 'Qin did something.';

/** An event's data (with the English text no pattern knows), its line in fr and zh-CN. */
const DETAILS: [string, GameEvent, string, string][] = [
  [
    'chooser: Spy',
    { kind: 'chooser', seat: 1, round: 3, reason: 'spy', text: UNKNOWN },
    'Qin a revendiqué l’Espion et choisit le premier joueur et l’État de la manche 3.',
    '秦夺得间谍优势，选择第 3 轮的先手玩家和交战之国。',
  ],
  [
    'chooser: fell back last',
    { kind: 'chooser', seat: 1, round: 3, reason: 'last', text: UNKNOWN },
    'Qin s’est replié en dernier : il commence la manche 3 et choisit l’État.',
    '秦最后退兵：由其开始第 3 轮并选择交战之国。',
  ],
  [
    'give: changed',
    { kind: 'give', seat: 1, changed: true, text: UNKNOWN },
    'Qin a changé ses cartes pour la rangée de recrutement.',
    '秦更换了放入招募区的牌。',
  ],
  [
    'extraDraw: drawn',
    { kind: 'extraDraw', seat: 1, drew: true, text: UNKNOWN },
    'Qin n’a joué aucune carte cette manche et pioche 1 carte de plus.',
    '秦本轮未出牌，额外摸 1 张牌。',
  ],
  [
    'extraDraw: nothing to draw',
    { kind: 'extraDraw', seat: 1, drew: false, text: UNKNOWN },
    'Qin n’a joué aucune carte cette manche, mais la pioche et la défausse sont vides.',
    '秦本轮未出牌，但牌堆和弃牌堆都已空。',
  ],
  [
    'controlArmy',
    { kind: 'controlArmy', seat: 1, state: 'lu', stronghold: 3, text: UNKNOWN },
    'Qin n’avait plus d’armée en réserve : l’armée pour Lu vient de la place forte 3.',
    '秦已无备用军队：鲁的军队取自据点 3。',
  ],
  [
    'gameOver',
    {
      kind: 'gameOver',
      reason: 'round-cap',
      states: [
        { seat: 0, count: 0 },
        { seat: 1, count: 6 },
      ],
      text: UNKNOWN,
    },
    'La partie s’achève : la dernière manche a été jouée. États : Chu 0, Qin 6.',
    '对局结束：最后一轮已结束。控制国数：楚 0、秦 6。',
  ],
];

/** The same events stored before their data: an English the fallback reads back, and the line without the detail. */
const STORED: [string, GameEvent, string, string][] = [
  [
    'chooser',
    { kind: 'chooser', seat: 1, text: 'Qin claimed Spy and chooses the start player and the state for round 3.' },
    'Qin a revendiqué l’Espion et choisit le premier joueur et l’État de la manche 3.',
    'Qin choisit le prochain État où livrer bataille.',
  ],
  [
    'give',
    { kind: 'give', seat: 1, text: 'Qin changed its cards for the recruiting row.' },
    'Qin a changé ses cartes pour la rangée de recrutement.',
    'Qin a choisi ses 2 cartes pour la rangée de recrutement.',
  ],
  [
    'extraDraw',
    { kind: 'extraDraw', seat: 1, text: 'Qin played no card this round and drew 1 extra card.' },
    'Qin n’a joué aucune carte cette manche et pioche 1 carte de plus.',
    'Qin n’a joué aucune carte cette manche.',
  ],
  [
    'controlArmy',
    {
      kind: 'controlArmy',
      seat: 1,
      stronghold: 3,
      text: 'Qin had no army in supply: the army for Lu came from stronghold 3 (D-11).',
    },
    'Qin n’avait plus d’armée en réserve : l’armée pour Lu vient de la place forte 3.',
    'Qin n’avait plus d’armée en réserve : une armée vient de la place forte 3.',
  ],
  [
    'gameOver',
    {
      kind: 'gameOver',
      reason: 'round-cap',
      text: 'The game ends: the last round has been played. States: Chu 0, Qin 6.',
    },
    'La partie s’achève : la dernière manche a été jouée. États : Chu 0, Qin 6.',
    'La partie s’achève : la dernière manche a été jouée.',
  ],
];

describe('the events’ detail in the reader’s words', () => {
  it.each(DETAILS)('%s: worded from the event’s data in fr and zh-CN; the engine’s own in en', (_, e, fr, zh) => {
    expect(eventText(e, dynasties, 'fr')).toBe(fr);
    expect(eventText(e, dynasties, 'zh-CN')).toBe(zh);
    expect(eventText(e, dynasties, 'en')).toBe(UNKNOWN);
  });

  it.each(STORED)(
    '%s stored before its data: read back from its English, else without the detail',
    (_, e, fr, plain) => {
      expect(eventText(e, dynasties, 'fr')).toBe(fr);
      expect(eventText({ ...e, text: UNKNOWN }, dynasties, 'fr')).toBe(plain);
    },
  );

  const control: GameEvent = {
    kind: 'control',
    changes: [],
    text: UNKNOWN,
    why: [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN],
    counts: [
      {
        state: 'lu',
        scores: [
          { owner: 1, score: 2 },
          { owner: 0, score: 2 },
        ],
        outcome: { kind: 'tie-broken', by: 1, takes: 1 },
      },
      {
        state: 'gu',
        scores: [
          { owner: 0, score: 1 },
          { owner: 'neutral', score: 1 },
        ],
        outcome: { kind: 'neutral-weak', count: 1, needs: 4 },
      },
      {
        state: 'wey',
        scores: [
          { owner: 0, score: 1 },
          { owner: 1, score: 1 },
        ],
        outcome: { kind: 'tied' },
      },
      {
        state: 'cai',
        scores: [
          { owner: 1, score: 3 },
          { owner: 0, score: 1 },
        ],
        outcome: { kind: 'leader', takes: 1 },
      },
    ],
  };

  it('the control round’s counts: worded from `counts`; the engine’s `why` in en', () => {
    expect(controlWhyLines(control, dynasties, 'fr')).toEqual([
      'Lu : Qin 2, Chu 2 — égalité tranchée par l’armée de Qin placée dessous — Qin en prend le contrôle',
      'Gu : Chu 1, neutre 1 — neutre avec 1 armée autour (il en faut 4 à un État neutre)',
      'Wey : Chu 1, Qin 1 — égalité, aucun changement',
      'Cai : Qin 3, Chu 1 — Qin en prend le contrôle',
    ]);
    expect(controlWhyLines(control, dynasties, 'zh-CN')).toEqual([
      '鲁：秦 2、楚 2 — 因秦在下方的军队打破平局 — 秦取得控制权',
      '顾：楚 1、中立 1 — 中立，周围有 1 支军队（中立国需要 4 支）',
      '卫：楚 1、秦 1 — 平局，不变',
      '蔡：秦 3、楚 1 — 秦取得控制权',
    ]);
    expect(controlWhyLines(control, dynasties, 'en')).toEqual(control.why);
  });

  it('the control round’s counts stored before `counts`: read back from `why`, a line no pattern knows left out', () => {
    const stored: GameEvent = {
      kind: 'control',
      changes: [],
      text: UNKNOWN,
      why: ["Lu: Qin 2, Chu 2 — tie broken by Qin's army beneath: Qin takes control", UNKNOWN],
    };
    expect(controlWhyLines(stored, dynasties, 'zh-CN')).toEqual([
      '鲁：秦 2、楚 2 — 因秦在下方的军队打破平局 — 秦取得控制权',
    ]);
  });
});
