/**
 * Support-cut loops through walls and Floating Fortresses, and Rapid River Move edge cases. Each case was
 * order-dependent before (its outcome changed with the order the units were listed in); the decisions are in
 * docs/rules/warring-states.md ("Support-cut loops", "R4", "R5") and docs/engine.md (backup rule).
 *
 * The support-cut loop families, each checked under every listing of its units (loops.test.ts):
 * - two supports, each for the attack on the other supporter: FF rule 3's last sentence ("a unit's supports do not
 *   contribute to cutting supports for attacks on itself") takes the other supporter's support out of each cutting
 *   attack, so there is no loop: walls only, a wall and a Floating Fortress, two Floating Fortresses;
 * - three supports in a ring (each cutting attack is supported by a unit that is not the one attacked): no
 *   consistent outcome, the backup rule counts them as cut: walls only, and with Floating Fortress reductions.
 */
import type { WsCase } from './harness.js';

const FF3_LAST =
  'FF rule 3: "In keeping with the spirit of the original Diplomacy rules, a unit\'s supports do not contribute to cutting supports for attacks on itself."';

export const loopCases: WsCase[] = [
  {
    name: 'Two walled supports for attacks on each other: no loop, both supports count',
    seed: `${FF3_LAST} With wall rule 5: "An attack reduced to zero strength cannot cut support."`,
    // Linzi has walls towards Lu and Donghai, Jiaodong towards Donghai. A Lu - Lin cuts A Lin's support for the attack
    // on A Jia, so A Jia's support does not count toward A Lu's cutting strength: 1 - 1 (wall) = 0, no cut. Likewise
    // A Don cuts nothing. Both supports count; each attack is 1 + 1 - 1 = 1 against a holder of 1.
    units: ['Chu A lin', 'Chu A don', 'Qi A jia', 'Qi A lu'],
    orders: { Chu: ['A Lin S A Don - Jia', 'A Don - Jia'], Qi: ['A Jia S A Lu - Lin', 'A Lu - Lin'] },
    expect: {
      results: { lin: 'success', don: 'failure', jia: 'success', lu: 'failure' },
      reasons: {
        lin: 'support given',
        jia: 'support given',
        lu: 'bounced off A lin in Linzi (1 vs 1: the wall of Linzi takes 1 from the attack (wall rule 1))',
        don: 'bounced off A jia in Jiaodong (1 vs 1: the wall of Jiaodong takes 1 from the attack (wall rule 1))',
      },
      units: ['Chu A lin', 'Chu A don', 'Qi A jia', 'Qi A lu'],
      dislodged: [],
    },
  },
  {
    name: 'A Floating Fortress support and a walled support for attacks on each other: F Jia dislodges F Boh',
    seed: `${FF3_LAST} With FF rule 3: "can have its support cut, but only by an amount equal to strength of the strongest cutting attack"`,
    // F Boh (Bo Hai) supports A Lu into Linzi, a river province: worth 2. F Jia cuts it for the attack on F Lin, so
    // F Lin's support does not count toward F Jia's cutting strength: 1, F Boh's support keeps 1. A Lu cuts F Lin's
    // support for the attack on F Boh, so F Boh's support does not count toward A Lu's cutting strength: 1 - 1
    // (Linzi's wall) = 0, no cut. F Jia attacks with 1 + F Lin's support = 2 against F Boh's 1 (a sea) and dislodges
    // it; A Lu, left without F Boh's support, is 0 against the river fleet's 2.
    units: ['Chu F boh', 'Chu A lu', 'Qi F lin', 'Qi F jia'],
    orders: { Chu: ['F Boh S A Lu - Lin', 'A Lu - Lin'], Qi: ['F Lin S F Jia - Boh', 'F Jia - Boh'] },
    expect: {
      results: { boh: 'failure', lu: 'failure', lin: 'success', jia: 'success' },
      reasons: {
        boh: 'support cut by F jia; dislodged by F jia from Jiaodong',
        lu: 'bounced off F lin in Linzi (0 vs 2: the wall of Linzi takes 1 from the attack (wall rule 1); a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
        lin: 'support given',
        jia: 'moved to Bo Hai, dislodging F boh',
      },
      units: ['Chu A lu', 'Qi F lin', 'Qi F boh'],
      dislodged: ['Chu F boh'],
    },
  },
  {
    name: "The same from Donghai, across Linzi's other wall: F Jia dislodges F Boh",
    seed: FF3_LAST,
    units: ['Chu F boh', 'Chu A don', 'Qi F lin', 'Qi F jia'],
    orders: { Chu: ['F Boh S A Don - Lin', 'A Don - Lin'], Qi: ['F Lin S F Jia - Boh', 'F Jia - Boh'] },
    expect: {
      results: { boh: 'failure', don: 'failure', lin: 'success', jia: 'success' },
      reasons: {
        boh: 'support cut by F jia; dislodged by F jia from Jiaodong',
        don: 'bounced off F lin in Linzi (0 vs 2: the wall of Linzi takes 1 from the attack (wall rule 1); a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
        lin: 'support given',
        jia: 'moved to Bo Hai, dislodging F boh',
      },
      units: ['Chu A don', 'Qi F lin', 'Qi F boh'],
      dislodged: ['Chu F boh'],
    },
  },
  {
    name: 'Two Floating Fortress supports for attacks on each other: A Syo dislodges F Yyi',
    seed: `${FF3_LAST} With FF rule 3: "a one-strength attack on a Floating Fortress that is supporting cuts only one strength worth of support"`,
    // Both fleets stand on the Han river and support into it with 2; Danyang has a wall towards Yiyang. A Yiy cuts
    // F Dan's support for the attack on F Yyi, without F Yyi's support: 1 - 1 (wall) = 0, no cut, F Dan counts 2.
    // A Syo cuts F Yyi's support for the attack on F Dan, without F Dan's support: 1, F Yyi keeps 1. A Syo attacks
    // with 1 + 2 = 3 and dislodges the river fleet (2), which then gives no support.
    units: ['Qin F yyi', 'Qin A yiy', 'Chu F dan', 'Chu A syo'],
    orders: { Qin: ['F Yyi S A Yiy - Dan', 'A Yiy - Dan'], Chu: ['F Dan S A Syo - Yyi', 'A Syo - Yyi'] },
    expect: {
      results: { syo: 'success', dan: 'success', yiy: 'failure', yyi: 'failure' },
      reasons: {
        syo: 'moved to Yanying, dislodging F yyi',
        dan: 'support given (strength 2)',
        yiy: 'bounced off F dan in Danyang (0 vs 2: the wall of Danyang takes 1 from the attack (wall rule 1); a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
        yyi: 'support cut by A syo; dislodged by A syo from Shangyong',
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
    orders: {
      Yan: ['A Ji S A Dhu - Yuy', 'A Dhu - Yuy'],
      Wei: ['A Yuy S A Lib - Gua', 'A Lib - Gua'],
      Zhao: ['A Gua S A Zho - Ji', 'A Zho - Ji'],
    },
    expect: {
      results: { ji: 'failure', dhu: 'failure', yuy: 'failure', lib: 'failure', gua: 'failure', zho: 'failure' },
      reasons: {
        ji: 'support counted as cut: whether A zho cut it depended on this support itself (a support-cut loop)',
        yuy: 'support counted as cut: whether A dhu cut it depended on this support itself (a support-cut loop)',
        gua: 'support counted as cut: whether A lib cut it depended on this support itself (a support-cut loop)',
        dhu: 'bounced off A yuy in Yuyang (0 vs 1: the wall of Yuyang takes 1 from the attack (wall rule 1))',
        lib: 'bounced off A gua in Guangyang (0 vs 1: the wall of Guangyang takes 1 from the attack (wall rule 1))',
        zho: 'bounced off A ji in Ji (0 vs 1: the wall of Ji takes 1 from the attack (wall rule 1))',
      },
      units: ['Yan A ji', 'Yan A dhu', 'Wei A yuy', 'Wei A lib', 'Zhao A gua', 'Zhao A zho'],
      dislodged: [],
    },
  },
  {
    name: 'Three supports in a ring with Floating Fortress reductions: no consistent outcome',
    seed: 'FF rule 3: a Floating Fortress support "can have its support cut, but only by an amount equal to strength of the strongest cutting attack"',
    // F Dal and F Wei support into river provinces with 2, A Zmo with 1; no cutting attack is supported by the unit
    // its target's support is for, so FF rule 3's last sentence takes nothing out. A Son cuts F Dal by 1 + F Wei's
    // support; A Cao cuts F Wei by 1 + A Zmo's support; A Zhe crosses Zhongmou's wall and cuts A Zmo only if F Dal's
    // support counts. A Zmo counting leaves F Wei 0, F Dal 1, which cuts A Zmo; A Zmo cut leaves F Wei 1, F Dal 0,
    // which does not: no consistent outcome. All three count as cut; nothing moves.
    units: ['Han F dal', 'Han A zhe', 'Qi F wei', 'Qi A son', 'Wei A zmo', 'Wei A cao'],
    orders: {
      Han: ['F Dal S A Zhe - Zmo', 'A Zhe - Zmo'],
      Qi: ['F Wei S A Son - Dal', 'A Son - Dal'],
      Wei: ['A Zmo S A Cao - Wei', 'A Cao - Wei'],
    },
    expect: {
      results: { dal: 'failure', zhe: 'failure', wei: 'failure', son: 'failure', zmo: 'failure', cao: 'failure' },
      reasons: {
        dal: 'support counted as cut: whether A son cut it depended on this support itself (a support-cut loop)',
        wei: 'support counted as cut: whether A cao cut it depended on this support itself (a support-cut loop)',
        zmo: 'support counted as cut: whether A zhe cut it depended on this support itself (a support-cut loop)',
        zhe: 'bounced off A zmo in Zhongmou (0 vs 1: the wall of Zhongmou takes 1 from the attack (wall rule 1))',
        son: 'bounced off F dal in Daliang (1 vs 2: a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
        cao: 'bounced off F wei in Wei (1 vs 2: a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
      },
      units: ['Han F dal', 'Han A zhe', 'Qi F wei', 'Qi A son', 'Wei A zmo', 'Wei A cao'],
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
      reasons: {
        wei: 'support given with strength 1 of 2: reduced by 1 by A cao and A ye',
        zmo: 'moved to Daliang, dislodging A dal',
      },
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
      reasons: {
        boh: 'stopped short at Linzi: a standoff with F dal in Diqiu',
        dal: 'stopped short at Wei: a standoff with F boh in Diqiu',
      },
      units: ['Qi F lin', 'Wei F wei', 'Han A ye', 'Han A stg'],
      dislodged: ['Zhao A ye'],
      retreats: { ye: ['hen'] },
      contested: ['diq'],
    },
  },
  // Found by the order-invariance property (test/variants/warring-states/order-invariance.test.ts), shrunk to the
  // units that matter. A Rapid River Move reads decisions far across the board, so a cycle met inside another
  // decision's resolution may hang on that decision's guess: the resolver settles it at the outer decision
  // (docs/engine.md, "Cycles under an outer guess").
  {
    name: 'Rapid River Move against a unit coming the other way, with an attack on the space it leaves',
    seed: 'RRM rule 4: "The first intervening space along the route that fails these conditions stops the movement short"',
    // F xia cannot pass F any, whether F any moves (coming the other way) or stays (another power's unit), so it
    // stays, holds with 2 on the river, and F any (2) cannot dislodge it; A hed bounces off F any.
    units: ['Han A hed', 'Chu F any', 'Han F xia'],
    orders: { Chu: ['F Any - Xia'], Han: ['A Hed - Any', 'F Xia - Any - Luo - Zhe'] },
    expect: {
      results: { any: 'failure', hed: 'failure', xia: 'failure' },
      reasons: { xia: 'blocked: Anyi was occupied by another power; the fleet stays' },
      units: ['Han A hed', 'Chu F any', 'Han F xia'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move blocked where another power arrives, while its own space is attacked',
    seed:
      'RRM rule 2: "If a failed Rapid River Move forces a Fleet to remain at its starting point, it defends with its normal strength (2 in river provinces' +
      ', 1 everywhere else)"',
    // F Jiu leaves along the river and A Sny takes Jiujiang, so F Wu is blocked there and stays: A Yue (1) bounces
    // off it (2), and F Ecs cannot pass the rapid-river fleet still in Wu.
    units: ['Chu A sny', 'Zhao F jiu', 'Chu A yue', 'Zhao F wu', 'Zhao F ecs'],
    orders: {
      Zhao: ['F Jiu - Cha - Yin - Qur', 'F Wu - Jiu - Cha', 'F Ecs - Wu - Jiu'],
      Chu: ['A Sny - Jiu', 'A Yue - Wu'],
    },
    expect: {
      results: { sny: 'success', jiu: 'success', yue: 'failure', wu: 'failure', ecs: 'failure' },
      reasons: {
        wu: 'blocked: Jiujiang was occupied by another power; the fleet stays',
        ecs: 'blocked: F wu (rapid river move) was in Wu; the fleet stays',
      },
      units: ['Chu A jiu', 'Zhao F qur', 'Chu A yue', 'Zhao F wu', 'Zhao F ecs'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move whose first space is held by a fleet that fails to leave',
    seed: 'RRM rule 4: "All intervening spaces must either be vacant or occupied by friendly units after all other other orders are resolved."',
    // F Syo's move into Ying, a province only an army could enter, makes it an army (Fleets rule 6); it bounces.
    units: ['Chu A yyi', 'Chu F nan', 'Han F syo', 'Wei F yin', 'Chu A jiu'],
    orders: {
      Chu: ['A Yyi S A Jiu - Cha', 'F Nan - Syo - Dan - Yyi', 'A Jiu - Cha'],
      Han: ['F Syo - Yin'],
      Wei: ['F Yin - Cha - Yyi - Dan'],
    },
    expect: {
      results: { nan: 'failure', syo: 'failure', yin: 'failure', jiu: 'success' },
      reasons: { nan: 'blocked: Shangyong was occupied by another power; the fleet stays' },
      units: ['Chu A yyi', 'Chu F nan', 'Han A syo', 'Wei F yin', 'Chu A cha'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move in a ring of moves that each wait for the next',
    seed: 'RRM rule 4: "The final target destination must be vacant (after other orders are resolved) for the move to succeed."',
    // F Yin reverts to an army by ordering a move only an army could make (Fleets rule 6).
    // F Qur passes Ying only if F Yin leaves, F Yin enters Yelang only if A Ylg leaves, A Ylg enters Quren only if
    // F Qur leaves: the fleet's own resolution does not move (docs/engine.md, backup rule), so none moves.
    units: ['Yan A ylg', 'Han F nan', 'Han F yin', 'Yan F qur', 'Wei A syo'],
    orders: {
      Han: ['F Nan - Syo - Dan', 'F Yin - Ylg'],
      Yan: ['A Ylg - Qur', 'F Qur - Yin - Cha'],
      Wei: ['A Syo - Nan'],
    },
    expect: {
      results: { ylg: 'failure', nan: 'failure', yin: 'failure', qur: 'failure', syo: 'failure' },
      reasons: {
        qur: 'blocked: Ying was occupied by another power; the fleet stays',
        nan: 'blocked: Shangyong was occupied by another power; the fleet stays',
      },
      units: ['Yan A ylg', 'Han F nan', 'Han A yin', 'Yan F qur', 'Wei A syo'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move through a friendly unit whose leaving lets another power in',
    seed: 'RRM rule 4: "All intervening spaces must either be vacant or occupied by friendly units after all other other orders are resolved."',
    // If F Wu leaves, A Sch enters Wu, A Jiu enters Shouchun and A Yyu enters Jiujiang: the fleet's way is blocked.
    // If F Wu stays, A Sch bounces, A Jiu stays and A Yyu bounces: Jiujiang holds a friendly unit, the fleet passes.
    // No outcome is consistent; the fleet's own resolution does not move (docs/engine.md, backup rule), whichever
    // unit the adjudication happens to ask about first.
    units: ['Yan A yyu', 'Wei A jiu', 'Chu A sch', 'Wei F wu', 'Wei A jyi'],
    orders: {
      Wei: ['A Jiu - Sch', 'F Wu - Jiu - Cha - Yyi', 'A Jyi S A Sch - Wu'],
      Chu: ['A Sch - Wu'],
      Yan: ['A Yyu - Jiu'],
    },
    expect: {
      results: { yyu: 'failure', jiu: 'failure', sch: 'failure', wu: 'failure', jyi: 'success' },
      reasons: {
        wu: 'its way depended on moves that depended on it, so it did not move',
        jiu: 'bounced off A sch in Shouchun, which did not move away (1 vs 1)',
        yyu: 'bounced off A jiu in Jiujiang, which did not move away (1 vs 1)',
      },
      units: ['Yan A yyu', 'Wei A jiu', 'Chu A sch', 'Wei F wu', 'Wei A jyi'],
      dislodged: [],
    },
  },
  {
    name: 'An attack the wall takes to nothing, into a space whose fleet left along the river',
    seed: 'Wall rule 1 (the wall takes 1 from the attack) and RRM rule 4 ("The final target destination must be vacant")',
    // F Lin leaves along the river and F Boh passes through Linzi; A Don - Lin has 0 after the wall and so cannot
    // enter even an empty Linzi: never "bounced off F lin, which did not move away".
    units: ['Chu F lin', 'Qin F boh', 'Qin A don'],
    orders: { Chu: ['F Lin - Diq - Wei - Dal'], Qin: ['F Boh - Lin - Diq - Wei', 'A Don - Lin'] },
    expect: {
      results: { lin: 'success', boh: 'success', don: 'failure' },
      reasons: {
        don: 'could not enter Linzi: its attack had no strength (0: the wall of Linzi takes 1 from the attack (wall rule 1))',
      },
      units: ['Chu F dal', 'Qin F wei', 'Qin A don'],
      dislodged: [],
    },
  },
  {
    name: 'Rapid River Move stopped short behind a friendly fleet that moves on',
    seed: 'RRM rule 4: "the Fleet is then left at the last vacant space that it could move through"',
    units: ['Yan A hed', 'Yan F any', 'Chu F zhe', 'Yan F xia'],
    orders: { Yan: ['F Any - Xia - Yon', 'A Hed - Any', 'F Xia H'], Chu: ['F Zhe - Luo - Any - Xia'] },
    expect: {
      results: { hed: 'success', any: 'success', zhe: 'failure', xia: 'success' },
      reasons: { zhe: 'stopped short at Luoyang: Anyi was occupied by another power' },
      units: ['Yan A any', 'Yan F yon', 'Chu F luo', 'Yan F xia'],
      dislodged: [],
    },
  },
];
