/**
 * The rules' refusals of a follower's choice and of a revolt (src/variants/warhammer/followers.ts `FollowerRefusal`),
 * as `/act` words them through the phase machine: the same English sentence as the rules' own, and French and
 * traditional Chinese with no English left (docs/locales.md, "Variants' own texts").
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import { stepMachine, type PhaseFrame } from '../../../src/game/phase/index.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { pluginOf } from '../../../src/variants/index.js';
import { becomeSepoy, recordWins, warhammer } from '../../../src/variants/warhammer/index.js';
import { englishWords } from '../../support/english-left.js';

/** Kislev conquered: the Empire holds its capital and Praag (an inland centre outside the Empire's nation). */
function sepoyKislev(wins: number, adjustment: boolean): Position {
  const start = warhammer.startingPosition();
  const supplyCenters = {
    ...start.supplyCenters,
    Kislev: [],
    Empire: ['altd', 'kisl', 'midd', 'nuln', 'praa', 'wast'],
    Bretonnia: ['cour', 'lang'],
  };
  const conquered = { ...start, units: start.units.filter((u) => u.power !== 'Kislev'), supplyCenters };
  const sepoy = becomeSepoy(conquered, 'Kislev');
  if (!sepoy.ok) throw new Error(sepoy.error);
  const won = recordWins(sepoy.position, { Kislev: wins });
  return adjustment ? { ...won, phase: { season: 'winter', year: 2501, type: 'adjustment' } } : won;
}

function frameOf(position: Position): PhaseFrame {
  return {
    variant: warhammer,
    plugin: pluginOf('warhammer'),
    game: {
      id: 1,
      channelId: 'chan',
      options: { decisiveBattles: 'gm' },
      durations: { movement: 3_600_000, retreat: 3_600_000, adjustment: 3_600_000 },
      deadline: null,
      gmUserId: 'gm',
    },
    phase: { id: 7, index: 3, position, resolved: false, adjudication: null },
    seats: ['Kislev', 'Empire', 'Bretonnia'].map((power) => ({ power, userId: `user-${power}` })),
    steps: { step: null, startedAt: 0, token: 'token' },
    records: [],
    orders: () => [],
    now: 1_000_000,
    random: () => 0.5,
  };
}

/** Kislev's `/act` refused by the rules: why, as a message. */
function refusal(position: Position, action: string, choice: string, detail: string): Msg {
  const answer = stepMachine(frameOf(position), {
    kind: 'act',
    by: 'player',
    caller: { userId: 'user-Kislev', power: 'Kislev' },
    action,
    values: { choice, detail },
  }).answer!;
  if (answer.ok || answer.refusal.kind !== 'refused')
    throw new Error(`not refused by the rules: ${JSON.stringify(answer)}`);
  return answer.refusal.why;
}

const CASES = [
  {
    name: 'a revolt too early',
    why: () => refusal(sepoyKislev(1, true), 'revolt', 'praa', 'army'),
    en: "Kislev cannot revolt in praa now (3 won battles, an adjustment phase, an empty centre of its master outside the master's nation) (1 won so far).",
    fr: 'Kislev ne peut pas se révolter à praa maintenant',
    zh: '目前已贏1場',
  },
  {
    name: 'a fleet inland',
    why: () => refusal(sepoyKislev(3, true), 'revolt', 'praa', 'fleet'),
    en: 'A fleet cannot be placed in praa (3 won so far).',
    fr: 'Une flotte ne peut pas être placée à praa (3 batailles gagnées jusqu’ici).',
    zh: '不能在 praa 部署艦隊（目前已贏3場）。',
  },
  {
    name: 'a Mercenary of itself',
    why: () => refusal(sepoyKislev(0, false), 'follow', 'mercenary', 'Kislev'),
    en: 'Kislev is not a power on the board.',
    fr: 'Kislev n’est pas une puissance présente sur le plateau.',
    zh: 'Kislev 不是棋盤上的國家。',
  },
];

describe('Warhammer’s rules refuse a follower or a revolt in the player’s language', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const why = c.why();
      expect(t('en', why)).toBe(c.en);
      expect(t('fr', why)).toContain(c.fr);
      expect(t('zh-TW', why)).toContain(c.zh);
      for (const locale of ['fr', 'zh-CN', 'zh-TW'] as const) expect(englishWords(t(locale, why))).toEqual([]);
    });
  }
});
