/**
 * Cases for the rules where the seed is silent or only implies the answer; each decision and the seed sentence it
 * rests on is written in docs/rules/warring-states.md (section named in `seed`).
 */
import type { WsCase } from './harness.js';

export const decisionCases: WsCase[] = [
  {
    name: 'Raise: only on a coastal or river province',
    seed: 'Fleets 2: "A Fleet can only be raised on a coastal or river province."',
    units: ['Zhao A tai'],
    orders: { Zhao: ['A Tai R F'] },
    expect: { results: { tai: 'illegal' }, units: ['Zhao A tai'] },
  },
  {
    name: 'Raise: on a river province',
    seed: 'Fleets 2 (river provinces count)',
    units: ['Wei A zmo'],
    orders: { Wei: ['A Zmo Raise Fleet'] },
    expect: { results: { zmo: 'success' }, units: ['Wei F zmo'] },
  },
  {
    name: 'Fleet reversion: a completely invalid order is a hold and does not revert',
    seed: 'Fleets 6: "If the order is completely invalid ... it is NOT considered an attempt"',
    units: ['Chu F wu'],
    orders: { Chu: ['F Wu - Yzh'] },
    expect: { results: { wu: 'illegal' }, units: ['Chu F wu'] },
  },
  {
    name: 'Fleet reversion: a river fleet ordered to a river province of another river reverts and moves',
    seed: 'Fleets 4 and 6: fleets move "along rivers"; anywhere else an army could go, the fleet reverts',
    units: ['Chu F yin'],
    orders: { Chu: ['F Yin - Yyi'] },
    expect: { results: { yin: 'success' }, units: ['Chu A yyi'] },
  },
  {
    name: 'No convoys',
    seed: 'Fleets 5: "There is no convoy order."',
    units: ['Qi A jia', 'Qi F boh'],
    orders: { Qi: ['F Boh C A Jia - Gua', 'A Jia - Gua'] },
    expect: { results: { boh: 'illegal', jia: 'illegal' }, units: ['Qi A jia', 'Qi F boh'] },
  },
  {
    name: 'Walls also weaken a move competing for a vacated walled province',
    seed: 'Wall rule 1 a): "occupied by an opponent\'s unit at the start of the turn"',
    units: ['Qi A lin', 'Chu A lu', 'Zhao A diq'],
    orders: { Qi: ['A Lin - Jia'], Chu: ['A Lu - Lin'], Zhao: ['A Diq - Lin'] },
    // Chu crosses Linzi's wall (Linzi held a Qi unit at the start): 0, so Zhao (1) enters
    expect: {
      results: { lin: 'success', lu: 'failure', diq: 'success' },
      units: ['Qi A jia', 'Chu A lu', 'Zhao A lin'],
    },
  },
  {
    name: 'Floating Fortress: a river fleet holds with 2',
    seed: 'FF rule 2: "A Fleet on a river defends with a strength of 2."',
    units: ['Wei F wei', 'Zhao A ye', 'Zhao A cao'],
    orders: { Zhao: ['A Ye - Wei', 'A Cao S A Ye - Wei'] },
    expect: { results: { ye: 'failure' }, units: ['Wei F wei', 'Zhao A ye', 'Zhao A cao'] },
  },
  {
    name: 'Floating Fortress: head-to-head, the river fleet attacks and defends with 2',
    seed: 'FF rules 1 and 2',
    units: ['Wei F wei', 'Han A dal'],
    orders: { Wei: ['F Wei - Dal'], Han: ['A Dal - Wei'] },
    expect: { results: { wei: 'success', dal: 'failure' }, units: ['Wei F dal'], dislodged: ['Han A dal'] },
  },
  {
    name: 'Floating Fortress: the fleet wins a contested empty river province 2 to 1',
    seed: 'FF rule 1: a move "does so with a strength of 2"',
    units: ['Wei F wei', 'Zhao A cao'],
    orders: { Wei: ['F Wei - Dal'], Zhao: ['A Cao - Dal'] },
    expect: { results: { wei: 'success', cao: 'failure' }, units: ['Wei F dal', 'Zhao A cao'] },
  },
  {
    name: 'Floating Fortress: a fleet in a sea holds with 1',
    seed: 'FF rule 2 names rivers only',
    units: ['Qi F boh', 'Yan F lba', 'Yan F kor'],
    orders: { Yan: ['F LBA - Boh', 'F Kor S F LBA - Boh'] },
    expect: { results: { lba: 'success' }, units: ['Yan F boh', 'Yan F kor'], dislodged: ['Qi F boh'] },
  },
  {
    name: 'Rapid River Move: a friendly unit holding on the way does not block',
    seed: 'RRM rule 4: "A Powers\' own units do not block a Fleet\'s Rapid River Move"',
    units: ['Qi F boh', 'Qi A lin'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'A Lin H'] },
    expect: { results: { boh: 'success' }, units: ['Qi F wei', 'Qi A lin'] },
  },
  {
    name: 'Rapid River Move: the final space must be vacant, even of friendly units',
    seed: 'RRM rule 4: "The final target destination must be vacant"',
    units: ['Qi F boh', 'Qi A wei'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'] },
    expect: { results: { boh: 'failure' }, units: ['Qi F diq', 'Qi A wei'] },
  },
  {
    name: 'Rapid River Move: the fleet cannot stop on a friendly unit it passed',
    seed: 'RRM rule 4: "the Fleet is then left at the last vacant space that it could move through"',
    units: ['Qi F boh', 'Qi A diq', 'Zhao A wei'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'] },
    expect: { results: { boh: 'failure' }, units: ['Qi F lin', 'Qi A diq', 'Zhao A wei'] },
  },
  {
    name: 'Rapid River Move: zero strength loses the last space to an ordinary move',
    seed: 'RRM rule 2: "Rapid River Moves have zero strength while moving."',
    units: ['Qi F boh', 'Zhao A ye'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'], Zhao: ['A Ye - Wei'] },
    expect: { results: { boh: 'failure', ye: 'success' }, units: ['Qi F diq', 'Zhao A wei'] },
  },
  {
    name: 'Rapid River Move: cannot be supported',
    seed: 'RRM rule 3: "Fleets using Rapid River Move cannot be supported."',
    units: ['Qi F boh', 'Qi A cao'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'A Cao S F Boh - Wei'] },
    expect: { results: { boh: 'success', cao: 'void' }, units: ['Qi F wei', 'Qi A cao'] },
  },
  {
    name: 'Rapid River Move: a fleet left at its start defends normally but gets no hold support',
    seed: 'RRM rule 2: "it defends with its normal strength ... it cannot receive supports to hold."',
    units: ['Qi F lin', 'Qi A lu', 'Zhao A diq', 'Zhao A lib', 'Zhao A jia'],
    orders: { Qi: ['F Lin - Diq - Wei - Dal', 'A Lu S F Lin'], Zhao: ['A Lib - Lin', 'A Jia S A Lib - Lin'] },
    // blocked at once by Zhao in Diqiu; 2 (river fleet) vs 2: it holds, and Lu's hold support is void
    expect: {
      results: { lin: 'failure', lu: 'void', lib: 'failure' },
      units: ['Qi F lin', 'Qi A lu', 'Zhao A diq', 'Zhao A lib', 'Zhao A jia'],
    },
  },
  {
    name: 'Rapid River Move: a fleet left at its start can be dislodged',
    seed: 'RRM rule 4: "If this would leave the Fleet at its starting space, it is vulnerable to being attacked and/or dislodged."',
    units: ['Qi F lin', 'Zhao A diq', 'Zhao A lib', 'Zhao A jia', 'Zhao A lu'],
    orders: { Qi: ['F Lin - Diq - Wei - Dal'], Zhao: ['A Lib - Lin', 'A Jia S A Lib - Lin', 'A Lu S A Lib - Lin'] },
    // 1 + 2 supports - 1 (Lu's support crosses Linzi's wall) = 2 vs 2: the fleet holds; see the next case for 3
    expect: {
      results: { lin: 'failure', lib: 'failure' },
      units: ['Qi F lin', 'Zhao A diq', 'Zhao A lib', 'Zhao A jia', 'Zhao A lu'],
    },
  },
  {
    name: 'Rapid River Move: a fleet left at its start is dislodged by a strong enough attack',
    seed: 'RRM rule 4 (as above)',
    units: ['Qi F lin', 'Zhao A diq', 'Zhao A lib', 'Zhao A jia', 'Zhao A gua'],
    orders: { Qi: ['F Lin - Diq - Wei - Dal'], Zhao: ['A Diq - Lin', 'A Lib S A Diq - Lin', 'A Jia S A Diq - Lin'] },
    // Diqiu leaves towards Linzi: the fleet's first space looks free, but Zhao comes the other way; 3 vs 2
    expect: {
      results: { lin: 'failure', diq: 'success' },
      units: ['Zhao A lin', 'Zhao A lib', 'Zhao A jia', 'Zhao A gua'],
      dislodged: ['Qi F lin'],
    },
  },
  {
    name: 'Rapid River Move: an ordinary unit coming the other way cannot be passed',
    seed: 'RRM rule 5: "Fleets using Rapid River Move cannot pass through each other" (applied to any unit)',
    units: ['Qi F boh', 'Zhao F lin'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'], Zhao: ['F Lin - Boh'] },
    expect: { results: { boh: 'failure', lin: 'failure' }, units: ['Qi F boh', 'Zhao F lin'] },
  },
  {
    name: 'Rapid River Move: two fleets of one power cannot pass through each other',
    seed: 'RRM rule 5: "cannot pass through each other, even if from the same power"',
    units: ['Qi F boh', 'Qi F wei'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'F Wei - Diq - Lin - Boh'] },
    // step 1: Linzi and Diqiu; step 2 they would swap: both stop
    expect: { results: { boh: 'failure', wei: 'failure' }, units: ['Qi F lin', 'Qi F diq'] },
  },
  {
    name: 'Rapid River Move: a fleet may follow another one along the river',
    seed: 'RRM rule 5: "resolved simultaneously one space at a time"',
    units: ['Qi F lin', 'Qi F boh'],
    orders: { Qi: ['F Lin - Diq - Wei - Dal', 'F Boh - Lin - Diq'] },
    expect: { results: { lin: 'success', boh: 'success' }, units: ['Qi F dal', 'Qi F diq'] },
  },
  {
    name: 'Rapid River Move: an ordinary unit takes the start another rapid-river fleet left, blocking a third',
    seed: 'RRM rule 4: "All intervening spaces must either be vacant or occupied by friendly units after all other orders are resolved."',
    units: ['Chu F cha', 'Chu F yyi', 'Wei A yin'],
    orders: { Chu: ['F Cha - Jiu - Wu', 'F Yyi - Cha - Yin'], Wei: ['A Yin - Cha'] },
    expect: {
      results: { cha: 'success', yyi: 'failure', yin: 'success' },
      units: ['Chu F wu', 'Chu F yyi', 'Wei A cha'],
    },
  },
  {
    name: 'Rapid River Move: a fleet blocked at its start is told it attempted a move, and loses its hold support',
    seed: 'RRM rule 2: "However, since it has attempted a move, it cannot receive supports to hold."',
    // Qi's army in Wei blocks the way at once: F Dal stays and holds with 2 (a river fleet), without A Zmo's support,
    // against 3.
    units: ['Wei F dal', 'Wei A zmo', 'Qi A wei', 'Han A yzh', 'Han A che', 'Han A son'],
    orders: {
      Wei: ['F Dal - Wei - Diq', 'A Zmo S F Dal'],
      Han: ['A Yzh - Dal', 'A Che S A Yzh - Dal', 'A Son S A Yzh - Dal'],
    },
    expect: {
      results: { dal: 'failure', zmo: 'void', yzh: 'success' },
      reasons: {
        zmo: 'support not used: the supported fleet attempted a rapid river move, so it cannot receive supports to hold (Rapid River Move rule 2)',
      },
      dislodged: ['Wei F dal'],
    },
  },
  // An order the validator rejects as a rapid river move is an illegal order: the unit holds and can be supported to
  // hold (DATC 4.E.1), as Fleets 6 says of a completely invalid order ("the unit is effectively given a hold order").
  // Only a legal rapid river move that fails loses its hold support (RRM rule 2, the case above).
  {
    name: 'Rapid River Move ordered for an army: an illegal order, the army holds and is supported to hold',
    seed: 'Fleets 6: "If the order is completely invalid ... it is NOT considered an attempt, since the unit is effectively given a hold order."',
    units: ['Wei A dal', 'Wei A zmo', 'Han A yzh', 'Han A che'],
    orders: { Wei: ['A Dal - Wei - Diq', 'A Zmo S A Dal'], Han: ['A Yzh - Dal', 'A Che S A Yzh - Dal'] },
    expect: {
      results: { dal: 'illegal', zmo: 'success', yzh: 'failure' },
      reasons: { zmo: 'support given', yzh: 'bounced off A dal in Daliang (2 vs 2)' },
      units: ['Wei A dal', 'Wei A zmo', 'Han A yzh', 'Han A che'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move off the river: an illegal order, the river fleet holds with 2 and is supported to hold',
    seed: 'Fleets 6: "the unit is effectively given a hold order"; FF rule 2: "A Fleet on a river defends with a strength of 2."',
    // Zhongmou to Yangzhai is no river step: F Dal holds with 2 + A Wei's support against 3.
    units: ['Wei F dal', 'Wei A wei', 'Han A yzh', 'Han A che', 'Han A son'],
    orders: {
      Wei: ['F Dal - Zmo - Yzh', 'A Wei S F Dal'],
      Han: ['A Yzh - Dal', 'A Che S A Yzh - Dal', 'A Son S A Yzh - Dal'],
    },
    expect: {
      results: { dal: 'illegal', wei: 'success', yzh: 'failure' },
      reasons: {
        wei: 'support given',
        yzh: 'bounced off F dal in Daliang (3 vs 3: a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
      },
      units: ['Wei F dal', 'Wei A wei', 'Han A yzh', 'Han A che', 'Han A son'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move with a sea-to-sea step: an illegal order, the fleet holds and is supported to hold',
    seed: 'RRM rule 1: "However Korea Bay -> Bo Hai -> Linzi -> Diqui is not valid."; Fleets 6: "effectively given a hold order"',
    units: ['Qi F kor', 'Qi F boh', 'Yan F lia', 'Yan F yel'],
    orders: { Qi: ['F Kor - Boh - Lin', 'F Boh S F Kor'], Yan: ['F Lia - Kor', 'F Yel S F Lia - Kor'] },
    expect: {
      results: { kor: 'illegal', boh: 'success', lia: 'failure' },
      reasons: { boh: 'support given', lia: 'bounced off F kor in Korea Bay (2 vs 2)' },
      units: ['Qi F kor', 'Qi F boh', 'Yan F lia', 'Yan F yel'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move visiting a space twice: an illegal order, the fleet holds and is supported to hold',
    seed: 'RRM rule 1: "move up to 3 spaces in one move turn, into consecutive river spaces"; Fleets 6: "effectively given a hold order"',
    units: ['Wei F dal', 'Wei A zmo', 'Han A yzh', 'Han A che', 'Han A son'],
    orders: {
      Wei: ['F Dal - Wei - Dal', 'A Zmo S F Dal'],
      Han: ['A Yzh - Dal', 'A Che S A Yzh - Dal', 'A Son S A Yzh - Dal'],
    },
    expect: {
      results: { dal: 'illegal', zmo: 'success', yzh: 'failure' },
      reasons: {
        dal: 'a rapid river move cannot visit a space twice, so the unit held',
        zmo: 'support given',
        yzh: 'bounced off F dal in Daliang (3 vs 3: a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
      },
      units: ['Wei F dal', 'Wei A zmo', 'Han A yzh', 'Han A che', 'Han A son'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move: a fleet must make it',
    seed: 'RRM rule 1: "allows a Fleet to move"',
    units: ['Qi A lin'],
    orders: { Qi: ['A Lin - Diq - Wei'] },
    expect: { results: { lin: 'illegal' }, units: ['Qi A lin'] },
  },
  {
    name: 'Rapid River Move: steps must follow a river',
    seed: 'RRM rule 1: "into consecutive river spaces"',
    units: ['Chu F yin'],
    orders: { Chu: ['F Yin - Yyi - Dan'] },
    expect: { results: { yin: 'illegal' }, units: ['Chu F yin'] },
  },
];
