import { afterEach, describe, expect, it } from 'vitest';
import { memberRef, timeRef } from '../../../src/game/core/text-refs.js';
import { vacantUserId } from '../../../src/game/core/holder.js';
import { discordText } from '../../../src/bot/markup.js';
import { newGame, apply, publicView, type CardGameState } from '../../../src/cardgame/index.js';
import { deliverOutbox, type DeliveryRow } from '../../../src/game/delivery/deliver.js';
import { cardName, inNotation, type CardSeatInfo } from '../../../src/game/cards/index.js';
import {
  battlefieldLines,
  cardTableReply,
  cardTableText,
  claimPreviewText,
  effectLabel,
  eventText,
  logLine,
  roundSummaryText,
  strongholdLabel,
  winnerText,
} from '../../../src/bot/cards/words.js';
import { sentences } from '../../../src/bot/cards/names.js';
import { outbox } from '../../../src/store/schema.js';
import { internalErrors, makeEnv, type TestEnv } from '../helpers.js';
import {
  actOnce,
  at,
  CH,
  cardDataOf,
  cardEventOf,
  chooseFirst,
  GM,
  giveAll,
  info,
  ok,
  startedCards,
} from './helpers.js';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
  expect(internalErrors).toEqual([]);
});

const seats: CardSeatInfo[] = [0, 1, 2].map((seat) => ({
  seat,
  userId: `u${seat}`,
  dynasty: null,
  notify: 'mention',
  away: seat === 2,
  conceded: false,
  timeouts: 0,
}));

function battleState(): CardGameState {
  let s = newGame({ seats: 3, seed: 'table-text', dynasties: ['chu', 'qin', 'yan'] });
  for (let i = 0; i < 3; i++) s = (apply(s, { type: 'give', seat: i }) as { state: CardGameState }).state;
  s = (apply(s, { type: 'choose', seat: s.chooser!.seat, state: 'gu' }) as { state: CardGameState }).state;
  return s;
}

describe('card game table text (built from the public view only)', () => {
  it('shows the battle, the turn with its deadline, a line per superiority and per seat, the row', () => {
    const s = battleState();
    const t = cardTableText(publicView(s), seats, Date.UTC(2026, 0, 1, 13), false);
    expect(t.title).toBe('Round 1 · Battle in Gu 顧');
    const deadline = Date.UTC(2026, 0, 1, 13);
    expect(t.turn).toBe(
      `Turn: ${memberRef(`u${s.turnSeat}`)} (${['Chu 楚', 'Qin 秦', 'Yan 燕'][s.turnSeat!]}) · deadline ${timeRef(deadline, 'f')} (${timeRef(deadline, 'R')}).`,
    );
    // as the channel reads it
    expect(discordText(t.turn)).toBe(
      `Turn: <@u${s.turnSeat}> (${['Chu 楚', 'Qin 秦', 'Yan 燕'][s.turnSeat!]}) · deadline <t:1767272400:f> (<t:1767272400:R>).`,
    );
    expect(t.battlefield).toHaveLength(9);
    expect(t.battlefield[0]).toBe('🐎 Cavalry — nobody');
    expect(t.seats).toHaveLength(3);
    expect(t.seats[2]).toContain('away');
    expect(t.seats[0]).toMatch(/hand 6 · supply 24 · states 0/);
    expect(t.row[0]).toMatch(/^Recruiting row: .* · deck \d+ · discard 0$/);
    // no card id of any hand appears
    for (const c of s.seats.flatMap((x) => x.hand)) expect(t.text).not.toMatch(new RegExp(`\\b${c}\\b`));
    expect(t.text.length).toBeLessThanOrEqual(4000);
  });

  it('a vacant seat (its player left) is named so, never "away": nobody holds it', () => {
    const s = battleState();
    const vacant = seats.map((x) => (x.seat === 2 ? { ...x, userId: vacantUserId('Yan 燕') } : x));
    const line = cardTableText(publicView(s), vacant, Date.UTC(2026, 0, 1, 13), false).seats[2]!;
    expect(line).toMatch(/^a vacant seat \(Yan 燕\)/);
    expect(line).not.toContain('away');
  });

  it('counts leads and ties from the played cards', () => {
    let s = battleState();
    const seat = s.turnSeat!;
    const bright = s.seats[seat]!.hand.find((c) => c.startsWith('B'))!;
    s = (apply(s, { type: 'wage', seat, bright }) as { state: CardGameState }).state;
    const lines = battlefieldLines(publicView(s));
    expect(lines.filter((l) => l.endsWith(' 1'))).toHaveLength(3);
  });

  it('log lines and the winner line', () => {
    expect(
      logLine(
        3,
        [
          { kind: 'x', text: 'Qin fell back.' },
          { kind: 'y', text: 'Yan waged.' },
        ],
        { dynasties: [], actor: 'time ran out: default' },
      ),
    ).toBe('Round 3 · Qin fell back. Yan waged. (time ran out: default)');
    const s = battleState();
    expect(winnerText({ ...publicView(s), winner: 1 })).toBe(
      '**Qin 秦 unites China and becomes the First Emperor** (0 states).',
    );
  });

  it('the last round’s summary leaves the end of the game to the end post, so the channel reads it once', () => {
    const s = battleState();
    const after = { ...publicView(s), phase: 'finished' as const, winner: 1 };
    const events = [
      { kind: 'row', cards: [], text: 'The recruiting row: nothing.' },
      { kind: 'gameOver', reason: 'victory-states', text: 'The game ends: a dynasty controls enough states.' },
      { kind: 'finished', winner: 1, text: 'Qin unites China and becomes the First Emperor.' },
    ];
    for (const locale of ['en', 'zh-TW'] as const) {
      const summary = roundSummaryText(3, events, after, locale);
      expect(summary).not.toMatch(/First Emperor|The game ends|始皇帝|對局結束/);
    }
    expect(winnerText(after)).toContain('First Emperor');
  });

  it('the control counts say one army in the singular, in English as the engine writes it and in French', () => {
    const after = { ...publicView(battleState()), phase: 'battle' as const };
    const why = 'Gu: Qin 1, neutral 1 — neutral with 1 army around (a neutral state needs 4)';
    const events = [{ kind: 'control', changes: [], why: [why], text: 'Control round: no state changed hands.' }];
    expect(roundSummaryText(2, events, after, 'en')).toContain(`· ${why}`);
    expect(roundSummaryText(2, events, after, 'fr')).toMatch(/neutre avec 1 armée autour \(il en faut 4/);
  });

  it('a finished event stored before its `reason`: the winner’s reason read back from the English it stored', () => {
    const dynasties = ['chu', 'qin'] as const;
    const cases = [
      [
        'Qin unites China and becomes the First Emperor (Qin controls the most states (7)).',
        1,
        /contrôle le plus d’États \(7\)/,
      ],
      [
        'Qin unites China and becomes the First Emperor (Qin claimed the most superiorities (Chu 1 – Qin 2)).',
        1,
        /le plus de supériorités \(Chu 1 – Qin 2\)/,
      ],
      [
        'Qin unites China and becomes the First Emperor (no tied seat has a bright or wild card left; Qin has armies in the most strongholds (4)).',
        1,
        /plus de carte claire ni de joker ; Qin a des armées sur le plus de places fortes \(4\)/,
      ],
      [
        'Qin unites China and becomes the First Emperor (the tie-break round was played without a card; tied on strongholds, Qin has the most armies on the board (9)).',
        1,
        /sans aucune carte ; à égalité de places fortes, Qin a le plus d’armées sur le plateau \(9\)/,
      ],
      [
        'Chu and Qin share the victory (the tie-break round was played without a card; still tied on strongholds and armies: a shared victory).',
        [0, 1],
        /^Chu et Qin se partagent la victoire \(la manche de départage s’est jouée sans aucune carte ; toujours à égalité de places fortes et d’armées\)\.$/,
      ],
    ] as const;
    for (const [text, winner, french] of cases) {
      const e = { kind: 'finished', winner: winner as number | number[], text };
      expect(eventText(e, dynasties, 'en')).toBe(text);
      expect(eventText(e, dynasties, 'fr')).toMatch(french);
      for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const)
        expect(eventText(e, dynasties, locale)).not.toMatch(/controls|claimed|strongholds|armies|tied|card|\(\)/);
      expect(eventText(e, dynasties, 'zh-CN')).toMatch(/（.+）。$/);
    }
    // an English sentence no pattern knows loses its reason rather than show English
    const odd = { kind: 'finished', winner: 1, text: 'Qin unites China and becomes the First Emperor (by decree).' };
    expect(eventText(odd, dynasties, 'fr')).toBe('Qin unifie la Chine et fonde le premier Empire.');
  });

  it('events name cards by their symbols, never by deck id, and states with their Chinese beside the Latin name', () => {
    const d = ['chu', 'qin', 'yan'] as const;
    // B10 fire/chariot/crossbow, D04 dark chariot, W1 wild (docs/cardgame.md "The cards")
    expect(
      eventText(
        {
          kind: 'wage',
          seat: 1,
          bright: 'B10',
          dark: 'D04',
          text: 'Qin waged battle with B10 fire/chariot/crossbow + D04 dark chariot.',
        },
        d,
      ),
    ).toBe('Qin waged battle with Fire/Chariot/Crossbow + Advisor/Chariot.');
    expect(
      eventText(
        { kind: 'recruit', seat: 2, cards: ['B10', 'W1'], text: 'Yan took B10, W1 from the recruiting row.' },
        d,
      ),
    ).toBe('Yan took Fire/Chariot/Crossbow, Wild from the recruiting row.');
    expect(
      eventText(
        { kind: 'effect', seat: 0, symbol: 'spy', card: 'D04', text: 'Chu took D04 from the recruiting row (Spy).' },
        d,
      ),
    ).toBe('Chu took Advisor/Chariot from the recruiting row (Spy).');
    expect(eventText({ kind: 'row', cards: ['B10', 'D04'], text: 'New recruiting row: B10, D04.' }, d)).toBe(
      'New recruiting row: Fire/Chariot/Crossbow, Advisor/Chariot.',
    );
    expect(
      eventText({ kind: 'choose', seat: 0, state: 'gu', start: 2, text: 'Round 1: battle in Gu; Yan starts.' }, d),
    ).toBe('Battle in Gu 顧; Yan starts.');
    expect(
      eventText(
        { kind: 'fallBack', seat: 1, claims: ['fire', 'spy'], text: 'Qin fell back and claimed fire, spy.' },
        d,
      ),
    ).toBe('Qin fell back and claimed Fire, Spy.');
    expect(
      eventText({ kind: 'wage', seat: 1, bright: 'W1', dynasty: 'qin', take: 'B10', give: 'D04', text: '' }, d),
    ).toBe(
      'Qin waged battle with Wild + the Qin dynasty card, taking Fire/Chariot/Crossbow from the recruiting row and putting Advisor/Chariot there.',
    );
    // Fire says where it sent the armies in every language, as the engine's English does
    const fire = {
      kind: 'effect',
      seat: 0,
      symbol: 'fire',
      stronghold: 28,
      moves: [
        { owner: 1, to: 24 },
        { owner: 2, to: 32 },
      ],
      text: 'Chu used Fire on stronghold 28: Qin to 24, Yan to 32.',
    };
    expect(eventText(fire, d)).toBe('Chu used Fire on stronghold 28: Qin to 24, Yan to 32.');
    expect(eventText(fire, d, 'zh-TW')).toBe('楚對據點 28 使用了火：秦移到 24、燕移到 32。');
    expect(eventText(fire, d, 'zh-CN')).toBe('楚对据点 28 使用了火：秦移到 24、燕移到 32。');
    expect(eventText(fire, d, 'fr')).toContain('Qin vers 24');
  });

  it('an engine refusal reads in the notation', () => {
    expect(
      inNotation(
        'B63 wind/cavalry/crossbow must match a symbol on your previous bright card B39 forest/infantry/spy: forest, infantry, spy (or be a wild card).',
      ),
    ).toBe(
      'Wind/Cavalry/Crossbow must match a symbol on your previous bright card Forest/Infantry/Spy: forest, infantry, spy (or be a wild card).',
    );
    expect(inNotation('D04 dark chariot must share a symbol with W1 wild; B10 is not in your hand.')).toBe(
      'Advisor/Chariot must share a symbol with Wild; Fire/Chariot/Crossbow is not in your hand.',
    );
    expect(inNotation('B99 is not a card.')).toBe('B99 is not a card.');
  });

  it("a whole round's log lines and summary carry no deck id at all", async () => {
    env = await startedCards(3);
    await giveAll(env);
    await chooseFirst(env);
    const round = (await info(env)).round;
    for (let i = 0; i < 30 && (await info(env)).round === round; i++) await actOnce(env, i % 3 ? 'fallBack' : 'wage');
    const texts = (await env.deps.store.db.select().from(outbox))
      .filter((r) => ['log', 'round'].includes(cardEventOf(r) ?? ''))
      .map((r) => cardDataOf(r, 'log').text);
    expect(texts.length).toBeGreaterThan(4);
    for (const t of texts) expect(t, t).not.toMatch(/\b(B\d\d|D\d\d|W\d)\b/);
    expect(texts.some((t) => /waged battle with [A-Z][a-z]+(\/[A-Z][a-z]+)+|waged battle with Wild/.test(t))).toBe(
      true,
    );
    expect(roundSummaryText(1, [], publicView(battleState()))).toBe('**Round 1 is over.**');
  });

  it("the deliverer fills a card game's table message at delivery, edits it in place, and pins nothing new per round", async () => {
    env = await startedCards(3);
    await giveAll(env);
    await chooseFirst(env);
    for (let i = 0; i < 12; i++) await actOnce(env, i % 2 ? 'fallBack' : 'wage');
    const sent: DeliveryRow[] = [];
    // Passes until everything due went out (one pass handles at most its limit of rows).
    for (let pass = 0; pass < 5; pass++) {
      const stats = await deliverOutbox({
        store: env.deps.store,
        now: env.deps.now,
        send: async (row) => (sent.push(row), row.kind === 'status' ? { messageId: 'table-1' } : undefined),
      });
      if (stats.sent + stats.skipped === 0) break;
    }
    const status = sent.filter((r) => r.kind === 'status');
    expect(status.length).toBeGreaterThanOrEqual(1);
    const last = status.at(-1)!;
    expect(last.payload).toMatchObject({
      type: 'status',
      own: { kind: 'cards', data: { version: (await info(env)).version, phase: (await info(env)).phase } },
    });
    expect(status.slice(1).every((r) => r.statusMessageId === 'table-1')).toBe(true);
    expect(sent.some((r) => r.payload.type === 'kind' && r.payload.event === 'round')).toBe(true);
    expect((await info(env)).tableMessageId).toBe('table-1');
  });
});

describe('the table picture', () => {
  it('is drawn anew whenever what it shows changes: the give, the choice of battle, each play (docs/cardgame.md)', async () => {
    const { cardTableOf } = await import('../../../src/game/cards/index.js');
    env = await startedCards(3);
    const key = async () => (await cardTableOf(env!.deps, CH))!.boardKey;
    const keys = [await key()];
    await giveAll(env);
    keys.push(await key());
    await chooseFirst(env);
    keys.push(await key());
    // a wage changes the battlefield, the seat's cards and hand, not the board's armies
    await actOnce(env, 'wage');
    keys.push(await key());
    expect(new Set(keys).size).toBe(keys.length);
    // and a change nothing in the picture shows (a game master's pause) keeps the picture
    const { gmPauseCards } = await import('../../../src/game/cards/index.js');
    const before = await key();
    ok(await gmPauseCards(env.deps, at(GM)));
    expect(await key()).toBe(before);
  });
});

describe('wizard labels', () => {
  it('names a stronghold’s corner in the reader’s words: no English compass letters in French or Chinese', () => {
    expect(strongholdLabel(4)).toBe('4 · Zhongshan NW');
    expect(strongholdLabel(4, 'fr')).toBe('4 · Zhongshan NO');
    expect(strongholdLabel(19, 'zh-CN')).toBe('19 · 卫东南（亦属顾、宋）');
    expect(strongholdLabel(19, 'zh-TW')).toBe('19 · 衛東南（亦屬顧、宋）');
  });

  it('names strongholds by number and corner, cards by symbols, effects in words', () => {
    expect(strongholdLabel(19)).toBe('19 · Wey SE (also Gu, Song)');
    expect(strongholdLabel(1)).toBe('1 · Zhongshan N');
    expect([cardName('W1'), cardName('D04'), cardName('B10')]).toEqual([
      'Wild',
      'Advisor/Chariot',
      'Fire/Chariot/Crossbow',
    ]);
    const s = battleState();
    const view = publicView(s);
    expect(effectLabel({ symbol: 'cavalry', stronghold: 19 }, view)).toBe(
      '🐎 Cavalry: place an army on 19 · Wey SE (also Gu, Song) — empty',
    );
    expect(effectLabel({ symbol: 'fire', draw: true }, view)).toBe('🔥 Fire: draw a card instead');
    expect(effectLabel({ symbol: 'forest', state: 'gu' }, view)).toBe('🌲 Forest: beneath the neutral army in Gu 顧');
    expect(
      effectLabel({ symbol: 'wind', from: 13, to: 14 }, { ...view, strongholds: { ...view.strongholds, '14': [1] } }),
    ).toBe('🌬️ Wind: from 13 · Zhongshan S (also Zhou, Wey) to 14 · Xing S (also Wey, Gu) — Qin');
    // in Chinese the stronghold and what stands on it come last, never a verb glued to "— 空" ("— 空放置一支軍隊")
    expect(effectLabel({ symbol: 'cavalry', stronghold: 19 }, view, 'zh-TW')).toBe(
      '🐎 騎兵：放置一支軍隊於 19 · 衛東南（亦屬顧、宋） — 空',
    );
    expect(effectLabel({ symbol: 'mountain', stronghold: 19 }, view, 'zh-CN')).toBe(
      '⛰️ 山：叠放第二支军队于 19 · 卫东南（亦属顾、宋） — 空',
    );
    expect(
      effectLabel(
        { symbol: 'wind', from: 13, to: 14 },
        { ...view, strongholds: { ...view.strongholds, '14': [1] } },
        'zh-TW',
      ),
    ).toBe('🌬️ 風：從 13 · 中山南（亦屬周、衛）移到 14 · 邢南（亦屬衛、顧） — 秦');
  });

  it('the fall-back confirm text names claims, ties and leads', () => {
    expect(
      claimPreviewText([
        { symbol: 'fire', mine: 1, best: 0, bestBy: [], claimed: true },
        { symbol: 'cavalry', mine: 2, best: 2, bestBy: ['qin'], claimed: false },
        { symbol: 'chariot', mine: 1, best: 2, bestBy: ['yan', 'resistance'], claimed: false },
        { symbol: 'spy', mine: 0, best: 1, bestBy: ['qin'], claimed: false },
      ]),
    ).toBe(
      'You will claim 🔥 Fire. 🐎 Cavalry is tied with Qin 秦 (2–2) and will not be claimed. 🛞 Chariot is led by Yan 燕 and the local resistance (1–2) and will not be claimed.',
    );
  });
});

describe('lists in the reader’s punctuation', () => {
  it('the fall-back confirm text lists the claims with 、 in Chinese, with commas in English', () => {
    const lines: Parameters<typeof claimPreviewText>[0] = [
      { symbol: 'fire', mine: 1, best: 0, bestBy: [], claimed: true },
      { symbol: 'cavalry', mine: 2, best: 0, bestBy: [], claimed: true },
    ];
    expect(claimPreviewText(lines, 'zh-CN')).toBe('你将夺得🔥 火、🐎 骑兵。');
    expect(claimPreviewText(lines)).toBe('You will claim 🔥 Fire, 🐎 Cavalry.');
    // sentences follow a Chinese full stop with no space (a game master's receipt too: `sentences`)
    const tied = [...lines, { symbol: 'spy' as const, mine: 1, best: 1, bestBy: ['qin' as const], claimed: false }];
    expect(claimPreviewText(tied, 'zh-TW')).toBe('你將奪得🔥 火、🐎 騎兵。🕵️ 間諜與秦打平（1–1），不會被奪得。');
    expect(sentences(['⏸️ 已暫停。', '已通知頻道。'], 'zh-TW')).toBe('⏸️ 已暫停。已通知頻道。');
    expect(sentences(['⏸️ Paused.', 'The channel was told.'], 'en')).toBe('⏸️ Paused. The channel was told.');
  });
});

describe('cardTableOf', () => {
  it('gives the table as it is now, and null for a Diplomacy channel', async () => {
    const { cardTableOf } = await import('../../../src/game/cards/index.js');
    const { createGame } = await import('../../../src/game/lobby/index.js');
    env = await startedCards(2);
    const t = (await cardTableOf(env.deps, 'chan-cards'))!;
    expect(t.phase).toBe('give');
    expect(cardTableReply(t)).toContain('Setup · choose recruits');
    await createGame(env.deps, { channelId: 'dip', guildId: 'guild-1', userId: 'x', variantId: 'classic' });
    expect(await cardTableOf(env.deps, 'dip')).toBeNull();
  });
});

describe('publicCardBoard', () => {
  it('gives the open table’s public view, and says why there is none before the deal or in a Diplomacy channel', async () => {
    const { publicCardBoard, createCardGame } = await import('../../../src/game/cards/index.js');
    const { createGame } = await import('../../../src/game/lobby/index.js');
    env = await makeEnv();
    await createCardGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: GM, seats: 2, preset: 'standard' });
    const forming = await publicCardBoard(env.deps, CH);
    expect(forming.ok ? null : forming.message?.key).toBe('cards.refused.noBoard');
    await env.close();
    env = await startedCards(2);
    const open = await publicCardBoard(env.deps, CH);
    if (!open.ok) throw new Error(open.error);
    expect(open.view.seats.every((s) => s.hand === undefined && s.give === undefined)).toBe(true);
    expect(open.view.phase).toBe('give');
    await createGame(env.deps, { channelId: 'dip', guildId: 'guild-1', userId: 'x', variantId: 'classic' });
    const dip = await publicCardBoard(env.deps, 'dip');
    expect(dip.ok ? null : dip.message?.key).toBe('cards.refused.diplomacy');
  });
});

describe('card game: a rollback in the log', () => {
  it('reads in the reader’s language, as the channel’s notice does', () => {
    const text =
      'The game master rolled the game back to the start of round 3: every action since is undone, and the cards not yet drawn were reshuffled.';
    const e = { kind: 'rollback', text } as Parameters<typeof eventText>[0];
    expect(eventText(e, [], 'en')).toBe(text);
    expect(eventText(e, [], 'fr')).toContain('au début de la manche 3');
    expect(eventText(e, [], 'zh-CN')).toContain('3');
    expect(eventText(e, [], 'zh-CN')).not.toContain('round');
  });
});
