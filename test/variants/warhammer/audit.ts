/**
 * Issue 19: the Warhammer positions the independent audits found wrong, and more adversarial positions written from
 * the seed's sentences, each with the sentence it rests on (decisions in docs/rules/warhammer.md).
 */
import type { DecisiveDeclaration } from '../../../src/engine/rules.js';
import { ILLUSION, ILLUSION_SUPPORT, IMMORTALITY, SEA_RAIDERS } from './abilities.js';
import type { BattleCase } from './battles.js';
import type { WhCase } from './harness.js';

const STRONG_CAPITALS = 'Strong Capitals: "Any unit holding on a capital, holds with an additional strength."';
const ILLEGAL = 'DATC 4.E.1 (an illegal order is a hold), with the abilities: issue 19 §2.1';

/** Issue 19 §2.1: an illegal order is a hold for the abilities too. */
export const illegalNearAbilities: WhCase[] = [
  {
    name: 'issue 19 §2.1: a Wood Elf fleet ordered into landlocked Athel-Loren does not dispel the Illusion',
    seed: `${ILLUSION}; ${ILLEGAL}`,
    units: ['Wood Elves: F carc', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['F Carc - Athe'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { carc: 'illegal', chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: F carc'] },
  },
  {
    name: 'issue 19 §2.1: a Wood Elf army’s move into Athel-Loren from a province not next to it does not dispel the Illusion',
    seed: `${ILLUSION}; ${ILLEGAL}`,
    units: ['Wood Elves: A lang', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['A Lang - Athe'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { lang: 'illegal', chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: A lang'] },
  },
  {
    name: 'issue 19 §2.1: an order of the Wood Elves’ replaced by a later one for the same unit does not dispel the Illusion',
    seed: `${ILLUSION}; a later order for the same unit replaces the earlier`,
    units: ['Wood Elves: A irra', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['A Irra - Athe', 'A Irra H'], Bretonnia: ['A Chet - Athe'] },
    expect: { results: { chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: A irra'] },
  },
  {
    name: 'issue 19 §2.1: a Wood Elf army on Athel-Loren with an illegal move keeps the Illusion’s support (2 versus 2)',
    seed: `${ILLUSION_SUPPORT}; ${ILLEGAL}`,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale'],
    orders: { 'Wood Elves': ['A Athe - Bord'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { athe: 'illegal', chet: 'failure' }, dislodged: [] },
  },
  {
    name: 'issue 19 §2.1: a Wood Elf army on Athel-Loren with an illegal support keeps the Illusion’s support',
    seed: `${ILLUSION_SUPPORT}; ${ILLEGAL}`,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale'],
    orders: { 'Wood Elves': ['A Athe S A Pale - Bord'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { athe: 'illegal', chet: 'failure' }, dislodged: [] },
  },
  {
    name: 'issue 19 §2.1: an illegal Vampire Counts move into Sylvania (not next to it) does not stop Immortality',
    seed: `${IMMORTALITY}; ${ILLEGAL}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A midd'],
    orders: { 'Vampire Counts': ['A Midd - Sylv'] },
    expect: { results: { midd: 'illegal' }, units: ['Vampire Counts: A midd', 'Vampire Counts: A sylv'] },
  },
  {
    name: 'issue 19 §2.1: an illegal convoy move of a Vampire Counts army into Sylvania (landlocked) does not stop Immortality',
    seed: `${IMMORTALITY}; ${ILLEGAL}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A ostl'],
    orders: { 'Vampire Counts': ['A Ostl - Sylv via convoy'] },
    expect: { results: { ostl: 'illegal' }, units: ['Vampire Counts: A ostl', 'Vampire Counts: A sylv'] },
  },
  {
    name: 'Immortality steps aside for a legal Vampire Counts move into Sylvania (the two would stand each other off)',
    seed: IMMORTALITY,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Vampire Counts: A gfor'],
    orders: { 'Vampire Counts': ['A Gfor - Sylv'] },
    expect: { results: { gfor: 'success' }, units: ['Vampire Counts: A sylv'] },
  },
  {
    name: 'issue 19 §2.1: under Strong Capitals a unit on its capital with an illegal move keeps the +1 (2 versus 2)',
    seed: `${STRONG_CAPITALS}; ${ILLEGAL}`,
    options: { strongCapitals: 'on' },
    units: ['Kislev: A kisl', 'Empire: A ostl', 'Empire: A ostm'],
    orders: { Kislev: ['A Kisl - Midd'], Empire: ['A Ostl - Kisl', 'A Ostm S A Ostl - Kisl'] },
    expect: { results: { kisl: 'illegal', ostl: 'failure' }, dislodged: [] },
  },
  {
    name: 'Strong Capitals: a unit on its capital that moves out and bounces back gets no +1 (it was not holding)',
    seed: STRONG_CAPITALS,
    options: { strongCapitals: 'on' },
    units: ['Kislev: A kisl', 'Kislev: A kadr', 'Empire: A ostl', 'Empire: A ostm'],
    orders: { Kislev: ['A Kisl - Kadr'], Empire: ['A Ostl - Kisl', 'A Ostm S A Ostl - Kisl'] },
    expect: { results: { kisl: 'failure', ostl: 'success' }, dislodged: ['Kislev: A kisl'] },
  },
  {
    name: 'Sea Raiders: a Norse fleet’s illegal move (a coast it cannot reach) is a hold, without the raiders’ strength',
    seed: `${SEA_RAIDERS}; ${ILLEGAL}`,
    units: ['Norse: F scha', 'Chaos: A snor'],
    orders: { Norse: ['F Scha - Snor'] },
    expect: { results: { scha: 'illegal' }, units: ['Chaos: A snor', 'Norse: F scha'] },
  },
  {
    name: 'Immortality: a support of the Immortality army by another power is illegal (a hold), and the army rises alone',
    seed: `${IMMORTALITY} "A second Vampire Count army may support this move."`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A sylv', 'Dwarves: A kark'],
    orders: { Dwarves: ['A Kark S Immortality'] },
    expect: { results: { kark: 'illegal' }, units: ['Dwarves: A kark', 'Empire: A sylv'] },
  },
];

const d = (power: string, unit: string, kind: 'move' | 'hold', province: string): DecisiveDeclaration => ({ power, unit, kind, province });

const H2H =
  'A unit and all of it’s supports is considered one group for the purpose of determining where a decisive battle occurs. … only one battle is fought to determine if A moves to C or if D moves to B. … If you are the victor of the decisive battle, then you have sufficient strength to either take the province or hold the province, recalculate the results of the diplomacy move.';

/** Issue 19 §2.2: a decisive battle never lets two units swap places without a convoy. */
export const headToHeadBattles: BattleCase[] = [
  {
    name: 'issue 19 §2.2: A Altd - Reik against A Reik - Altd (Bretonnia supported): one battle over both provinces; the winner’s order stands, the loser stays',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd', 'A Wast S A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1875'] } }],
    outcomes: [
      // The Empire wins: its move succeeds; Bretonnia's army stays in Reikland Forest and is dislodged. Never a swap.
      { reports: [{ province: 'reik', winner: 'Empire' }], units: ['Bretonnia: A wast', 'Empire: A reik'], dislodged: ['Bretonnia: A reik'] },
      // Bretonnia wins: the provisional result (it takes Altdorf; the Empire's army is dislodged).
      { reports: [{ province: 'reik', winner: 'Bretonnia' }], units: ['Bretonnia: A altd', 'Bretonnia: A wast'], dislodged: ['Empire: A altd'] },
    ],
  },
  {
    name: 'issue 19 §2.2: a decisive hold won in a head-to-head holds the province; the winner’s own move still fails',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd', 'A Wast S A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'hold', 'altd')],
    battles: [{ provinces: ['altd'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1875'] } }],
    outcomes: [
      { reports: [{ province: 'altd', winner: 'Empire' }], units: ['Bretonnia: A reik', 'Bretonnia: A wast', 'Empire: A altd'], dislodged: [] },
      { reports: [{ province: 'altd', winner: 'Bretonnia' }], units: ['Bretonnia: A altd', 'Bretonnia: A wast'], dislodged: ['Empire: A altd'] },
    ],
  },
  {
    name: 'issue 19 §2.2: a 1 v 1 head-to-head where both declare is one battle with two sides; the winner moves, the loser is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik'), d('Bretonnia', 'A reik', 'move', 'altd')],
    battles: [{ provinces: ['altd', 'reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1500'] } }],
    outcomes: [
      {
        reports: [{ province: 'altd', winner: 'Empire' }, { province: 'reik', winner: 'Empire' }],
        units: ['Empire: A reik'],
        dislodged: ['Bretonnia: A reik'],
      },
      {
        reports: [{ province: 'altd', winner: 'Bretonnia' }, { province: 'reik', winner: 'Bretonnia' }],
        units: ['Bretonnia: A altd'],
        dislodged: ['Empire: A altd'],
      },
    ],
  },
  {
    name: 'issue 19 §2.2: a 1 v 1 head-to-head where only one side declares: its battle has both armies; won, it moves in and the other is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    declarations: [d('Empire', 'A altd', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A reik': ['Bretonnia: 1500'] } }],
    outcomes: [
      { reports: [{ province: 'reik', winner: 'Empire' }], units: ['Empire: A reik'], dislodged: ['Bretonnia: A reik'] },
      { reports: [{ province: 'reik', winner: 'Bretonnia' }], units: ['Bretonnia: A reik', 'Empire: A altd'], dislodged: [] },
    ],
  },
  {
    name: 'issue 19 §2.2: a head-to-head with a third army into one of the provinces: the winner takes it; the head-to-head loser is dislodged',
    seed: H2H,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Wood Elves: A grey'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'], 'Wood Elves': ['A Grey - Reik'] },
    declarations: [d('Wood Elves', 'A grey', 'move', 'reik')],
    battles: [{ provinces: ['reik'], sides: { 'A altd': ['Empire: 1500'], 'A grey': ['Wood Elves: 1500'], 'A reik': ['Bretonnia: 1500'] } }],
    outcomes: [
      { reports: [{ province: 'reik', winner: 'Wood Elves' }], units: ['Empire: A altd', 'Wood Elves: A reik'], dislodged: ['Bretonnia: A reik'] },
      { reports: [{ province: 'reik', winner: 'Empire' }], units: ['Empire: A reik', 'Wood Elves: A grey'], dislodged: ['Bretonnia: A reik'] },
      { reports: [{ province: 'reik', winner: 'Bretonnia' }], units: ['Bretonnia: A reik', 'Empire: A altd', 'Wood Elves: A grey'], dislodged: [] },
    ],
  },
];

/** Issue 19 §2.3: which decisive moves are offered (positions; the expected declarations in the test). */
export interface OfferCase {
  name: string;
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  season?: 'spring' | 'fall';
  owners?: Record<string, string>;
  /** Exactly the declarations allowed, as `Power: kind unit at province`. */
  allowed: string[];
}

const BOUNCE = 'You may declare a decisive move with any unit which would normally bounce against an opponent’s unit during its move, or you may declare a decisive hold if with any unit that would normally be dislodged.';

export const offerCases: OfferCase[] = [
  {
    name: 'issue 19 §2.3: two armies of one power that bounce off each other after the foreign unit left are offered nothing',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Reik - Chet'] },
    allowed: [],
  },
  {
    name: 'issue 19 §2.3: the same bounce while the foreign unit stays is a bounce against an opponent',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Reik H'] },
    allowed: ['Empire: move A altd at reik', 'Empire: move A nuln at reik'],
  },
  {
    name: 'issue 19 §2.3: a foreign army bouncing in the same province is an opponent, even when the two own armies also bounce off each other',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A altd', 'Bretonnia: A chet'],
    orders: { Empire: ['A Nuln - Reik', 'A Altd - Reik'], Bretonnia: ['A Chet - Reik'] },
    allowed: ['Bretonnia: move A chet at reik', 'Empire: move A altd at reik', 'Empire: move A nuln at reik'],
  },
  {
    name: 'issue 19 §2.3: a move kept out only by its own power’s unit that stayed is offered nothing, though a foreign move bounced there too',
    seed: BOUNCE,
    units: ['Empire: A nuln', 'Empire: A reik', 'Bretonnia: A chet'],
    orders: { Empire: ['A Nuln - Reik', 'A Reik H'], Bretonnia: ['A Chet - Reik'] },
    allowed: ['Bretonnia: move A chet at reik'],
  },
  {
    name: 'issue 19 §2.2, §2.3: two armies of one power moving into each other’s province are offered no decisive move (winning could only swap them), though a foreign move stood one off',
    seed: `${BOUNCE} ${H2H}`,
    units: ['Empire: A altd', 'Empire: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik', 'A Reik - Altd'], Bretonnia: ['A Wast - Altd'] },
    allowed: ['Bretonnia: move A wast at altd'],
  },
  {
    name: 'a move that fails for want of a convoy bounced against nobody',
    seed: BOUNCE,
    units: ['Kislev: A kisl', 'Bretonnia: A wast'],
    orders: { Kislev: ['A Kisl - Wast via convoy'], Bretonnia: ['A Wast H'] },
    allowed: [],
  },
  {
    name: 'issue 19 §2.5: a move that bounces off the Illusion is offered a decisive move (the virtual army is the Wood Elves’)',
    seed: `${BOUNCE} ${ILLUSION}`,
    units: ['Bretonnia: A chet', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe'] },
    allowed: ['Bretonnia: move A chet at athe'],
  },
  {
    name: 'issue 19 §2.5: the Illusion that a supported attack would dispel is offered a decisive hold',
    seed: `${BOUNCE} ${ILLUSION}`,
    units: ['Bretonnia: A chet', 'Bretonnia: A pale', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    allowed: ['Wood Elves: hold A athe at athe'],
  },
  {
    name: 'issue 19 §2.5: a move that stands off with the Immortality army is offered; so is the Immortality army',
    seed: `${BOUNCE} ${IMMORTALITY}`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A gfor'],
    orders: { Empire: ['A Gfor - Sylv'] },
    allowed: ['Empire: move A gfor at sylv', 'Vampire Counts: move Immortality at sylv'],
  },
  {
    name: 'issue 19 §2.5: a unit in Sylvania the Immortality army would dislodge is offered a decisive hold',
    seed: `${BOUNCE} ${IMMORTALITY} "A second Vampire Count army may support this move."`,
    season: 'fall',
    owners: { sylv: 'Empire' },
    units: ['Empire: A sylv', 'Vampire Counts: A gfor'],
    orders: { 'Vampire Counts': ['A Gfor S Immortality'] },
    allowed: ['Empire: hold A sylv at sylv'],
  },
];

/** Issue 19 §4: what a unit reads after a decisive battle, said once and truthfully (the players' result lines). */
export interface BattleTextCase {
  name: string;
  seed: string;
  units: string[];
  orders: Record<string, string[]>;
  battles: { province: string; winner: string }[];
  /** Unit (`A altd`) -> its reason. */
  reasons: Record<string, string>;
}

const VICTOR = 'If you are the victor of the decisive battle, then you have sufficient strength to either take the province or hold the province, recalculate the results of the diplomacy move.';
const ALTD_ATTACKED = ['Empire: A altd', 'Empire: A nuln', 'Bretonnia: A reik', 'Bretonnia: A wast'];
const BRETONNIA_INTO_ALTD = ['A Reik - Altd', 'A Wast S A Reik - Altd'];

export const battleTexts: BattleTextCase[] = [
  {
    name: 'the winner of a decisive hold whose order was a support is told it won the battle and held',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd S A Nuln H'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'support cut by A REIK; it won the battle at Altdorf and held it', 'A reik': 'lost the battle at Altdorf' },
  },
  {
    name: 'the winner of a decisive hold whose support was not used is told it won the battle and held',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd S A Nuln - Gfor'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'support not used: the supported unit did not move there; it won the battle at Altdorf and held it' },
  },
  {
    name: 'the winner of a decisive hold with no order is told it won the battle',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'no order: the unit held; it won the battle at Altdorf', 'A reik': 'lost the battle at Altdorf' },
  },
  {
    name: 'the winner of a decisive hold whose order was illegal (a hold) is told it won the battle',
    seed: `${VICTOR}; DATC 4.E.1 (an illegal order is a hold)`,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd - Kisl'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'Altdorf is not next to Kislev, so the unit held; it won the battle at Altdorf' },
  },
  {
    name: 'the winner of a decisive hold that held: the same words, with the same separator',
    seed: VICTOR,
    units: ALTD_ATTACKED,
    orders: { Empire: ['A Altd H'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'held; it won the battle at Altdorf' },
  },
  {
    name: 'a convoying fleet that won the battle at its sea is told so',
    seed: `${VICTOR}; item 8: "Convoys are NOT disrupted if they are met with less than the needed strength to dislodge them (even if they are hit with a decisive battle which causes them to dislodge)."`,
    units: ['Empire: F claw', 'Empire: A wast', 'Bretonnia: F ngwo'],
    orders: { Empire: ['F Claw C A Wast - Kisl', 'A Wast - Kisl'], Bretonnia: ['F Ngwo - Claw'] },
    battles: [{ province: 'claw', winner: 'Empire' }],
    reasons: { 'F claw': 'convoyed A WAST; it won the battle at Sea of Claws and held it', 'F ngwo': 'lost the battle at Sea of Claws' },
  },
  {
    name: 'the loser of a decisive battle at its own province reads "lost the battle; dislodged", one separator for every order',
    seed: VICTOR,
    units: ['Empire: F claw', 'Empire: A wast', 'Bretonnia: F ngwo'],
    orders: { Empire: ['F Claw C A Wast - Kisl', 'A Wast - Kisl'], Bretonnia: ['F Ngwo - Claw'] },
    battles: [{ province: 'claw', winner: 'Bretonnia' }],
    reasons: { 'F claw': 'convoyed A WAST; lost the battle at Sea of Claws; dislodged by F NGWO from Northern Great Western Ocean' },
  },
  {
    name: 'a head-to-head unit that won the hold at its province is not told it lost a battle: its move failed, it won the battle and held',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik', 'Bretonnia: A wast'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: BRETONNIA_INTO_ALTD },
    battles: [{ province: 'altd', winner: 'Empire' }],
    reasons: { 'A altd': 'its move failed in the head-to-head with A REIK (1 vs 2); it won the battle at Altdorf and held it', 'A reik': 'lost the battle at Altdorf' },
  },
  {
    name: 'one battle over both provinces of a head-to-head is told once, naming both (as its event does)',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    battles: [
      { province: 'altd', winner: 'Empire' },
      { province: 'reik', winner: 'Empire' },
    ],
    reasons: {
      'A altd': 'won the battle at Reikland Forest and moved there, dislodging A REIK',
      'A reik': 'lost the battle at Altdorf and Reikland Forest; dislodged by A ALTD from Altdorf',
    },
  },
  {
    name: 'a 1 v 1 head-to-head where the defender won its province: the loser lost the battle, the winner held',
    seed: `${H2H}; ${VICTOR}`,
    units: ['Empire: A altd', 'Bretonnia: A reik'],
    orders: { Empire: ['A Altd - Reik'], Bretonnia: ['A Reik - Altd'] },
    battles: [{ province: 'reik', winner: 'Bretonnia' }],
    reasons: {
      'A altd': 'lost the battle at Reikland Forest',
      'A reik': 'its move failed in the head-to-head with A ALTD (1 vs 1); it won the battle at Reikland Forest and held it',
    },
  },
];
