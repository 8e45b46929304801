/**
 * Issue 9: support-cut loops through walls and Floating Fortresses, and two Rapid River Move edge cases. Each case
 * was order-dependent before (its outcome changed with the order the units were listed in); the decisions are in
 * docs/rules/warring-states.md ("Support-cut loops", "R4", "R5") and docs/engine.md (backup rule).
 */
import type { WsCase } from './harness.js';

export const loopCases: WsCase[] = [
  {
    name: 'Wall loop: two supports across walls, each cut only if the other is not',
    seed: 'Wall rule 5: "An attack reduced to zero strength cannot cut support."',
    // Linzi has walls towards Lu and Donghai, Jiaodong towards Donghai. A Lu - Lin is 1 + (Jia's support) - 1 and
    // cuts Lin's support only if Jia's support counts; A Don - Jia likewise. Both "Jia's support counts" and "Lin's
    // support counts" are consistent: undecidable, so both count as cut and each attack has 0 against a holder of 1.
    units: ['Chu A lin', 'Chu A don', 'Qi A jia', 'Qi A lu'],
    orders: { Chu: ['A Lin S A Don - Jia', 'A Don - Jia'], Qi: ['A Jia S A Lu - Lin', 'A Lu - Lin'] },
    expect: {
      results: { lin: 'failure', don: 'failure', jia: 'failure', lu: 'failure' },
      reasons: {
        lin: 'support counted as cut: whether A Lu cut it depended on this support itself (a support-cut loop)',
        jia: 'support counted as cut: whether A Don cut it depended on this support itself (a support-cut loop)',
        lu: 'bounced off A Lin in Linzi (0 vs 1: the wall of Linzi takes 1 from the attack (wall rule 1))',
        don: 'bounced off A Jia in Jiaodong (0 vs 1: the wall of Jiaodong takes 1 from the attack (wall rule 1))',
      },
      units: ['Chu A lin', 'Chu A don', 'Qi A jia', 'Qi A lu'],
      dislodged: [],
    },
  },
  {
    name: 'Floating Fortress loop with exactly one consistent outcome',
    seed: 'FF rule 3: a Floating Fortress support "can have its support cut, but only by an amount equal to strength of the strongest cutting attack"',
    // Both fleets stand on the Han river and support into it with 2. Danyang has a wall towards Yiyang, so A Yiy -
    // Dan has the strength of F Yyi's support (0..2) and reduces F Dan's support by that much; A Syo - Yyi has 1 +
    // F Dan's support and reduces F Yyi's. Only "F Dan counts 2, F Yyi counts 0" is consistent: A Syo attacks with 3
    // and dislodges the river fleet (2).
    units: ['Qin F yyi', 'Qin A yiy', 'Chu F dan', 'Chu A syo'],
    orders: { Qin: ['F Yyi S A Yiy - Dan', 'A Yiy - Dan'], Chu: ['F Dan S A Syo - Yyi', 'A Syo - Yyi'] },
    expect: {
      results: { syo: 'success', dan: 'success', yiy: 'failure', yyi: 'failure' },
      reasons: {
        syo: 'moved to Yanying, dislodging F Yyi',
        dan: 'support given (strength 2)',
        yiy: 'bounced off F Dan in Danyang (0 vs 2: the wall of Danyang takes 1 from the attack (wall rule 1); a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
        yyi: 'support cut by A Syo; dislodged by A Syo from Shangyong',
      },
      units: ['Qin A yiy', 'Chu F dan', 'Chu A yyi'],
      dislodged: ['Qin F yyi'],
    },
  },
  {
    name: 'Three walled supports in a ring: no consistent outcome',
    seed: 'Wall rule 5: "An attack reduced to zero strength cannot cut support."',
    // Each attack crosses a wall of the province it attacks (Yuyang–Donghu, Guangyang–Libei, Ji–Zhongshan), so its
    // strength is the value of its one support, and it cuts the next support exactly when its own counts: an odd
    // ring, no consistent outcome. All three supports count as cut; nothing moves (never an attack of 0 succeeding).
    units: ['Yan A ji', 'Yan A dhu', 'Wei A yuy', 'Wei A lib', 'Zhao A gua', 'Zhao A zho'],
    orders: { Yan: ['A Ji S A Dhu - Yuy', 'A Dhu - Yuy'], Wei: ['A Yuy S A Lib - Gua', 'A Lib - Gua'], Zhao: ['A Gua S A Zho - Ji', 'A Zho - Ji'] },
    expect: {
      results: { ji: 'failure', dhu: 'failure', yuy: 'failure', lib: 'failure', gua: 'failure', zho: 'failure' },
      reasons: {
        ji: 'support counted as cut: whether A Zho cut it depended on this support itself (a support-cut loop)',
        yuy: 'support counted as cut: whether A Dhu cut it depended on this support itself (a support-cut loop)',
        gua: 'support counted as cut: whether A Lib cut it depended on this support itself (a support-cut loop)',
        dhu: 'bounced off A Yuy in Yuyang (0 vs 1: the wall of Yuyang takes 1 from the attack (wall rule 1))',
        lib: 'bounced off A Gua in Guangyang (0 vs 1: the wall of Guangyang takes 1 from the attack (wall rule 1))',
        zho: 'bounced off A Ji in Ji (0 vs 1: the wall of Ji takes 1 from the attack (wall rule 1))',
      },
      units: ['Yan A ji', 'Yan A dhu', 'Wei A yuy', 'Wei A lib', 'Zhao A gua', 'Zhao A zho'],
      dislodged: [],
    },
  },
  {
    name: 'Floating Fortress support partly cut reports what it still counts',
    seed: 'FF rule 3: "a one-strength attack on a Floating Fortress that is supporting cuts only one strength worth of support, leaving one remaining"',
    units: ['Zhao A dal', 'Han A zmo', 'Han F wei', 'Zhao A cao', 'Zhao A ye'],
    orders: { Han: ['A Zmo - Dal', 'F Wei S A Zmo - Dal'], Zhao: ['A Cao - Wei', 'A Ye - Wei'] },
    expect: {
      results: { zmo: 'success', wei: 'success' },
      reasons: { wei: 'support given with strength 1 of 2: reduced by 1 by A Cao and A Ye', zmo: 'moved to Daliang, dislodging A Dal' },
      dislodged: ['Zhao A dal'],
    },
  },
  {
    name: 'Rapid River Move passes a friendly unit whose move toward the fleet failed',
    seed: 'RRM rule 4: "A Powers\' own units do not block a Fleet\'s Rapid River Move"',
    // The armies stand off in Linzi (a standoff of the fleet's own units does not block), A Diq never leaves
    // Diqiu, so the fleet passes both and reaches Wei.
    units: ['Qi F boh', 'Qi A diq', 'Qi A lib'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'A Diq - Lin', 'A Lib - Lin'] },
    expect: {
      results: { boh: 'success', diq: 'failure', lib: 'failure' },
      reasons: { boh: 'moved along the river to Wei' },
      units: ['Qi F wei', 'Qi A diq', 'Qi A lib'],
    },
  },
  {
    name: 'Two Rapid River Moves stand off: the space is contested for retreats',
    seed: 'RRM rule 5: "A stand off between two Fleets Rapid River Moving can occur"',
    // Both fleets would enter Diqiu on their second step: they stand off there and stop on their first space.
    // A province left vacant by a standoff cannot be retreated into, so A Ye cannot retreat to Diqiu.
    units: ['Qi F boh', 'Wei F dal', 'Zhao A ye', 'Han A han', 'Han A stg'],
    orders: { Qi: ['F Boh - Lin - Diq'], Wei: ['F Dal - Wei - Diq'], Han: ['A Han - Ye', 'A Stg S A Han - Ye'] },
    expect: {
      results: { boh: 'failure', dal: 'failure', han: 'success' },
      reasons: { boh: 'stopped short at Linzi: a standoff with F dal in Diqiu', dal: 'stopped short at Wei: a standoff with F boh in Diqiu' },
      units: ['Qi F lin', 'Wei F wei', 'Han A ye', 'Han A stg'],
      dislodged: ['Zhao A ye'],
      retreats: { ye: ['hen'] },
      contested: ['diq'],
    },
  },
];
