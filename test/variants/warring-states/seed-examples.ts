/**
 * Every example of the seed (Warring States v2, "Examples of Play" and "Common Misconceptions"), rebuilt on this
 * map from its caption. The seed's pictures were not recovered, so each board is a reconstruction that shows
 * exactly what the caption says; the outcome is the one the seed states.
 *
 * Walls used (map.json features.walls): Linzi has walls on its borders with Lu and Donghai (Qi Great Wall),
 * none towards Diqiu, Libei or Jiaodong; Zhongmou has a wall on its border with Zheng (Wei Henan wall).
 */
import type { WsCase } from './harness.js';

export const wallExamples: WsCase[] = [
  {
    name: 'Wall Example 1',
    seed: 'Wall reduces attack strength by 1 due to attack over wall.',
    units: ['Qi A lin', 'Chu A lu', 'Chu A diq'],
    orders: { Chu: ['A Lu - Lin', 'A Diq S A Lu - Lin'] },
    // 2 - 1 (the attack crosses Linzi's wall with Lu) = 1 vs 1
    expect: { results: { lu: 'failure', diq: 'success' }, units: ['Qi A lin', 'Chu A lu', 'Chu A diq'], dislodged: [] },
  },
  {
    name: 'Wall Example 2',
    seed: 'Wall reduces attack strength by 1 due to support over wall.',
    units: ['Qi A lin', 'Chu A lu', 'Chu A diq'],
    orders: { Chu: ['A Diq - Lin', 'A Lu S A Diq - Lin'] },
    // the attack from Diqiu crosses no wall, its support from Lu does: 2 - 1 = 1 vs 1
    expect: { results: { diq: 'failure' }, units: ['Qi A lin', 'Chu A lu', 'Chu A diq'], dislodged: [] },
  },
  {
    name: 'Wall Example 2.5',
    seed: "Wall only helps if it's on the defender's side.",
    units: ['Chu A lu', 'Qi A lin', 'Qi A don'],
    orders: { Qi: ['A Lin - Lu', 'A Don S A Lin - Lu'] },
    // the Linzi–Lu wall stands on Linzi's side: it does not protect Lu (and never weakens Linzi's own attacks, rule 3)
    expect: { results: { lin: 'success' }, units: ['Qi A lu', 'Qi A don'], dislodged: ['Chu A lu'] },
  },
  {
    name: 'Wall Example 3',
    seed: 'Walls can only reduce an attack by one strength total.',
    units: ['Qi A lin', 'Chu A lu', 'Chu A don', 'Chu A diq'],
    orders: { Chu: ['A Lu - Lin', 'A Don S A Lu - Lin', 'A Diq S A Lu - Lin'] },
    // the attack and one support cross walls: 3 - 1 = 2 vs 1
    expect: { results: { lu: 'success' }, units: ['Chu A lin', 'Chu A don', 'Chu A diq'], dislodged: ['Qi A lin'] },
  },
  {
    name: 'Wall Example 4',
    seed: 'Wall has no effect if the walled province was unoccupied before orders.',
    units: ['Chu A lu', 'Chu A don', 'Qi A lib'],
    orders: { Chu: ['A Lu - Lin', 'A Don S A Lu - Lin'], Qi: ['A Lib - Lin'] },
    // Linzi is empty: Chu 2 (no reduction) beats Qi 1
    expect: { results: { lu: 'success', lib: 'failure' }, units: ['Chu A lin', 'Chu A don', 'Qi A lib'] },
  },
  {
    name: 'Wall Example 5',
    seed: 'Support Hold orders not affected by wall.',
    units: ['Qi A lin', 'Qi A lu', 'Zhao A diq', 'Zhao A lib'],
    orders: { Qi: ['A Lin H', 'A Lu S A Lin'], Zhao: ['A Diq - Lin', 'A Lib S A Diq - Lin'] },
    // the hold support comes over the Lu wall and still counts 1: 2 vs 2
    expect: { results: { lu: 'success', diq: 'failure' }, units: ['Qi A lin', 'Qi A lu', 'Zhao A diq', 'Zhao A lib'] },
  },
  {
    name: 'Wall Example 6',
    seed: 'Attacks on your own units not affected by wall.',
    units: ['Qi A lin', 'Qi A lu', 'Chu A diq'],
    orders: { Qi: ['A Lin - Jia', 'A Lu - Lin'], Chu: ['A Diq - Lin'] },
    // Linzi held a Qi unit: Qi's own attack over the wall keeps strength 1, so Qi and Chu stand off (self-standoff kept)
    expect: { results: { lin: 'success', lu: 'failure', diq: 'failure' }, units: ['Qi A jia', 'Qi A lu', 'Chu A diq'] },
  },
  {
    name: 'Wall Example 7',
    seed: 'Zero strength attack cannot cut a support.',
    units: ['Qi A lin', 'Qi A lib', 'Zhao A diq', 'Chu A lu'],
    orders: { Qi: ['A Lib - Diq', 'A Lin S A Lib - Diq'], Chu: ['A Lu - Lin'] },
    // Chu's unsupported attack over Linzi's wall has strength 0 and does not cut: Qi 2 vs 1
    expect: {
      results: { lib: 'success', lin: 'success', lu: 'failure' },
      units: ['Qi A lin', 'Qi A diq', 'Chu A lu'],
      dislodged: ['Zhao A diq'],
    },
  },
  {
    name: 'Wall Example 8',
    seed: 'Wall only helps if it covers the part of the border being used.',
    units: ['Qi A lin', 'Chu A diq', 'Chu A jia'],
    orders: { Chu: ['A Diq - Lin', 'A Jia S A Diq - Lin'] },
    // Linzi is walled towards Lu and Donghai, not towards Diqiu or Jiaodong: 2 vs 1
    expect: { results: { diq: 'success' }, units: ['Chu A lin', 'Chu A jia'], dislodged: ['Qi A lin'] },
  },
];

export const fleetExamples: WsCase[] = [
  {
    name: 'Fleet Example 1',
    seed: 'A Fleet moving inland succeeds but reverts to an Army.',
    units: ['Chu F wu'],
    orders: { Chu: ['F Wu - Sch'] },
    expect: { results: { wu: 'success' }, units: ['Chu A sch'] },
  },
  {
    name: 'Fleet Example 2',
    seed: 'Fleet supporting inland succeeds (with strength of 1), but reverts fleet to army.',
    units: ['Chu F wu', 'Chu A jiu', 'Qi A sch', 'Qi A hua'],
    orders: { Chu: ['A Jiu - Sch', 'F Wu S A Jiu - Sch'], Qi: ['A Hua S A Sch'] },
    // the reverted army supports with 1 (no Floating Fortress: Shouchun is no river province): 2 vs 2, and it is an army now
    expect: { results: { jiu: 'failure', wu: 'success' }, units: ['Chu A wu', 'Chu A jiu', 'Qi A sch', 'Qi A hua'] },
  },
  {
    name: 'Fleet Example 2 (support that does not match)',
    seed: 'Even a failed support, or a support invalidated due to the target not holding, would revert the fleet to an army if the target is inland.',
    units: ['Chu F wu', 'Chu A sch'],
    orders: { Chu: ['A Sch - Hua', 'F Wu S A Sch'] },
    expect: { results: { wu: 'void', sch: 'success' }, units: ['Chu A wu', 'Chu A hua'] },
  },
];

export const floatingFortressExamples: WsCase[] = [
  {
    name: 'Floating Fortress Example 1',
    seed: 'Fleet strength reduced by wall from 2 to 1, 1v1, attack fails.',
    units: ['Wei A zmo', 'Han F zhe'],
    orders: { Han: ['F Zhe - Zmo'] },
    expect: { results: { zhe: 'failure' }, units: ['Wei A zmo', 'Han F zhe'] },
  },
  {
    name: 'Floating Fortress Example 2',
    seed: '2v1, attack succeeds.',
    units: ['Wei A dal', 'Han F zmo'],
    orders: { Han: ['F Zmo - Dal'] },
    expect: { results: { zmo: 'success' }, units: ['Han F dal'], dislodged: ['Wei A dal'] },
  },
  {
    name: 'Floating Fortress Example 3',
    seed: '2 support and 1 attack minus 1 from wall, 2v1.',
    units: ['Wei A zmo', 'Han A zhe', 'Han F dal'],
    orders: { Han: ['A Zhe - Zmo', 'F Dal S A Zhe - Zmo'] },
    expect: {
      results: { zhe: 'success', dal: 'success' },
      units: ['Han A zmo', 'Han F dal'],
      dislodged: ['Wei A zmo'],
    },
  },
  {
    name: 'Floating Fortress Example 5',
    seed: "Attack on the fleet only cuts one strength's worth of support, still enough to succeed, 2v1.",
    units: ['Zhao A dal', 'Han A zmo', 'Han F wei', 'Zhao A cao'],
    orders: { Han: ['A Zmo - Dal', 'F Wei S A Zmo - Dal'], Zhao: ['A Cao - Wei'] },
    expect: {
      results: { zmo: 'success', cao: 'failure' },
      units: ['Han A dal', 'Han F wei', 'Zhao A cao'],
      dislodged: ['Zhao A dal'],
    },
  },
  {
    name: 'Floating Fortress Example 6',
    seed: 'Support strength is cut by the amount of the strongest cutting attack, which is 1. 2v1.',
    units: ['Zhao A dal', 'Han A zmo', 'Han F wei', 'Zhao A cao', 'Zhao A ye'],
    orders: { Han: ['A Zmo - Dal', 'F Wei S A Zmo - Dal'], Zhao: ['A Cao - Wei', 'A Ye - Wei'] },
    expect: {
      results: { zmo: 'success', cao: 'failure', ye: 'failure' },
      units: ['Han A dal', 'Han F wei', 'Zhao A cao', 'Zhao A ye'],
      dislodged: ['Zhao A dal'],
    },
  },
  {
    name: 'Floating Fortress Example 7',
    seed: 'Strongest cutting attack is 2, support fully cut.',
    units: ['Zhao A dal', 'Han A zmo', 'Han F wei', 'Zhao A cao', 'Zhao A ye'],
    orders: { Han: ['A Zmo - Dal', 'F Wei S A Zmo - Dal'], Zhao: ['A Cao - Wei', 'A Ye S A Cao - Wei'] },
    // Cao's attack (2) cuts the whole support; it does not dislodge the river fleet (2 vs 2)
    expect: {
      results: { zmo: 'failure', wei: 'failure', cao: 'failure' },
      units: ['Zhao A dal', 'Han A zmo', 'Han F wei', 'Zhao A cao', 'Zhao A ye'],
    },
  },
  {
    name: 'Floating Fortress Example 8',
    seed: 'Floating Fortress applies when target is a river province that the fleet can move to. The move into Wu succeeds.',
    units: ['Yue A wu', 'Chu F yel'],
    orders: { Chu: ['F YEL - Wu'] },
    expect: { results: { yel: 'success' }, units: ['Chu F wu'], dislodged: ['Yue A wu'] },
  },
  {
    name: 'Floating Fortress Example 9',
    seed: 'The Fleet is not in a sea or river when attacking a river province, and so attacks with a regular strength of 1 (ie. no Floating Fortress bonus).',
    units: ['Yue A wu', 'Chu F jyi'],
    orders: { Chu: ['F Jyi - Wu'] },
    expect: { results: { jyi: 'failure' }, units: ['Yue A wu', 'Chu F jyi'] },
  },
  {
    name: 'Floating Fortress Example 10',
    seed: 'The red Fleet in Jyi supports with a strength of 1 ... Fleet ECS attacks Wu as a 2 strength unit: total 3. Fleet Wu defends with the Floating Fortress bonus and the support from Sny: 3, and repels the attack.',
    units: ['Chu F jyi', 'Chu F ecs', 'Yue F wu', 'Yue A sny'],
    orders: { Chu: ['F Jyi S F ECS - Wu', 'F ECS - Wu'], Yue: ['F Wu H', 'A Sny S F Wu'] },
    expect: {
      results: { ecs: 'failure', jyi: 'success', sny: 'success' },
      units: ['Chu F jyi', 'Chu F ecs', 'Yue F wu', 'Yue A sny'],
    },
  },
];

export const rapidRiverExamples: WsCase[] = [
  {
    name: 'Rapid River Move Example 1',
    seed: 'Friendly unit and enemy unit successfully moving away from move path means the 3-space move succeeds.',
    units: ['Qi F boh', 'Qi A lin', 'Zhao A diq'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'A Lin - Lu'], Zhao: ['A Diq - Jul'] },
    expect: { results: { boh: 'success' }, units: ['Qi F wei', 'Qi A lu', 'Zhao A jul'] },
  },
  {
    name: 'Rapid River Move Example 2',
    seed: 'Enemy unit blocks, most recent vacant space is the starting space, so the fleet does not move.',
    units: ['Qi F boh', 'Zhao A lin'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'] },
    expect: { results: { boh: 'failure' }, units: ['Qi F boh', 'Zhao A lin'] },
  },
  {
    name: 'Rapid River Move Example 3',
    seed: 'Enemy unit blocks, most recent vacant space is the first target space.',
    units: ['Qi F boh', 'Zhao A diq'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'] },
    expect: { results: { boh: 'failure' }, units: ['Qi F lin', 'Zhao A diq'] },
  },
  {
    name: 'Rapid River Move Example 4',
    seed: 'Enemy standoff block movement.',
    units: ['Qi F boh', 'Zhao A jul', 'Wei A ye'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'], Zhao: ['A Jul - Diq'], Wei: ['A Ye - Diq'] },
    expect: {
      results: { boh: 'failure', jul: 'failure', ye: 'failure' },
      units: ['Qi F lin', 'Zhao A jul', 'Wei A ye'],
    },
  },
  {
    name: 'Rapid River Move Example 4 (friendly standoff)',
    seed: "(Friendly standoff wouldn't.)",
    units: ['Qi F boh', 'Qi A lib', 'Qi A lu'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei', 'A Lib - Diq', 'A Lu - Diq'] },
    expect: { results: { boh: 'success', lib: 'failure', lu: 'failure' }, units: ['Qi F wei', 'Qi A lib', 'Qi A lu'] },
  },
  {
    name: 'Rapid River Move Example 5',
    seed: 'Can start in sea space.',
    units: ['Chu F ecs'],
    orders: { Chu: ['F ECS - Wu - Jiu - Cha'] },
    expect: { results: { ecs: 'success' }, units: ['Chu F cha'] },
  },
  {
    name: 'Rapid River Move Example 6',
    seed: 'Competing Rapid River moves resolved one space at a time.',
    units: ['Qi F boh', 'Wei F dal'],
    orders: { Qi: ['F Boh - Lin - Diq - Wei'], Wei: ['F Dal - Wei - Diq - Lin'] },
    // step 1: Qi enters Linzi, Wei enters Wei; step 2: both want Diqiu and stand off there
    expect: { results: { boh: 'failure', dal: 'failure' }, units: ['Qi F lin', 'Wei F wei'] },
  },
  {
    name: 'Rapid River Move Example 7',
    seed: 'First or last space can be sea space, not intervening space. (Korea Bay -> Bo Hai -> Linzi -> Diqiu is not valid.)',
    units: ['Yan F kor'],
    orders: { Yan: ['F Kor - Boh - Lin - Diq'] },
    expect: { results: { kor: 'illegal' }, units: ['Yan F kor'] },
  },
  {
    name: 'Rapid River Move Example 7 (ends in a sea)',
    seed: 'Bo Hai -> Linzi -> Diqui -> Wei is valid, as is the reverse.',
    units: ['Wei F wei'],
    orders: { Wei: ['F Wei - Diq - Lin - Boh'] },
    expect: { results: { wei: 'success' }, units: ['Wei F boh'] },
  },
  {
    name: 'Rapid River Move rule 1 (Xianyang to Zheng)',
    seed: 'so is Xianyang -> Anyi -> Luoyang -> Zheng.',
    units: ['Qin F xia'],
    orders: { Qin: ['F Xianyang - Anyi - Luoyang - Zheng'] },
    expect: { results: { xia: 'success' }, units: ['Qin F zhe'] },
  },
];

export const misconceptions: WsCase[] = [
  {
    name: 'Misconception: raising while supported and under attack',
    seed: 'Raising a Fleet counts as a hold, and is does not fail unless dislodged; so you can raise a fleet successfully while being supported, and while under attack.',
    units: ['Yan A ji', 'Yan A yuy', 'Zhao A dai'],
    orders: { Yan: ['A Ji R F', 'A Yuy S A Ji'], Zhao: ['A Dai - Ji'] },
    expect: {
      results: { ji: 'success', yuy: 'success', dai: 'failure' },
      units: ['Yan F ji', 'Yan A yuy', 'Zhao A dai'],
    },
  },
  {
    name: 'Misconception: a dislodged army raises no fleet',
    seed: 'If a unit using the Raise order is dislodged, the Raise order fails.',
    units: ['Yan A ji', 'Zhao A dai', 'Zhao A jpa'],
    orders: { Yan: ['Army Ji Raise Fleet'], Zhao: ['A Dai - Ji', 'A JPa S A Dai - Ji'] },
    expect: { results: { ji: 'failure', dai: 'success' }, units: ['Zhao A ji', 'Zhao A jpa'], dislodged: ['Yan A ji'] },
  },
  {
    name: 'Misconception: an unsuccessful inland order still reverts the fleet',
    seed: 'Even an unsuccessful inland order by a fleet will cause it to revert to an army; and after it reverts, it still attempts to carry out the order.',
    units: ['Chu F wu', 'Qi A sch'],
    orders: { Chu: ['F Wu - Sch'] },
    expect: { results: { wu: 'failure' }, units: ['Chu A wu', 'Qi A sch'] },
  },
  {
    name: 'Misconception: walls protect only their own province',
    seed: "Walls only protect the unit that's in the same province as the wall, not the province on the other side.",
    units: ['Wei A ye', 'Zhao A han', 'Zhao A stg'],
    orders: { Zhao: ['A Han - Ye', 'A Stg S A Han - Ye'] },
    // the Handan–Ye wall is Handan's: Ye gets no protection from it (2 vs 1)
    expect: { results: { han: 'success' }, units: ['Zhao A ye', 'Zhao A stg'], dislodged: ['Wei A ye'] },
  },
  {
    name: 'Misconception: walls protect their own province',
    seed: 'Walls only protect the unit that is in the same province as the wall.',
    units: ['Zhao A han', 'Wei A ye', 'Wei A diq'],
    orders: { Wei: ['A Ye - Han', 'A Diq S A Ye - Han'] },
    // the attack crosses Handan's wall with Ye: 2 - 1 = 1 vs 1
    expect: { results: { ye: 'failure', diq: 'success' }, units: ['Zhao A han', 'Wei A ye', 'Wei A diq'] },
  },
  {
    name: 'a wall that turns a supported attack into 1 vs 1 is named in the reason',
    seed: 'Wall rule 1: an attack on a walled province by a unit (or with a support) crossing the wall loses 1 strength.',
    units: ['Zhao A han', 'Wei A ye', 'Wei A diq'],
    orders: { Wei: ['A Ye - Han', 'A Diq S A Ye - Han'] },
    expect: {
      reasons: {
        ye: 'bounced off A han in Handan (1 vs 1: the wall of Handan takes 1 from the attack (wall rule 1))',
        diq: 'support given',
      },
    },
  },
  {
    name: 'a Floating Fortress that holds a river province against a supported attack is named in the reason',
    seed: 'FF rule 2: "A Fleet on a river defends with a strength of 2."',
    units: ['Chu F yin', 'Qin A qur', 'Qin A syo'],
    orders: { Qin: ['A Qur - Yin', 'A Syo S A Qur - Yin'] },
    expect: {
      reasons: {
        qur: 'bounced off F yin in Ying (2 vs 2: a fleet on a river defends with strength 2 (Floating Fortress rule 2))',
      },
    },
  },
];
