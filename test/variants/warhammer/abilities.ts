/**
 * The national abilities, one named case each, with the seed sentence they rebuild
 * (decisions in docs/rules/warhammer.md).
 */
import type { WhCase } from './harness.js';

const SEA_RAIDERS = 'Norse (Sea Raiders): "Norse fleets attack with a strength of 2 when assaulting a coastal province."';
const NOT_HOLDING = 'Sea Raiders: "This does NOT count when holding in a coastal province or supporting an attack on a coastal province."';
const ILLUSION = 'Wood Elves (Illusion): "the home center of Athel-Loren always has a virtual army on it. This army is always on hold orders"';
const ILLUSION_SUPPORT = 'Illusion: "if a real unit is holding on Athel-Loren, it supports that unit to hold"';
const UNDERWAYS = 'Skaven (The Underways): "This allows Skaven armies on Skavenblight to move (or support) to an Underway Entrance … and vice versa."';

export const abilityCases: WhCase[] = [
  {
    name: 'Example Turn, provisional result: Claws dislodges Middenheim, Nuln and Wastelands bounce',
    seed: 'Example Turn: "Claws dislodges Middenhiem (strength 2 versus strength 1), Nuln bounces in Reiklands Forest (strength 1 versus strength 1) and Wastelands bounces in Altdorf"',
    units: ['Empire: A nuln', 'Empire: A altd', 'Empire: F midd', 'Bretonnia: A wast', 'Bretonnia: A reik', 'Kislev: F claw', 'Vampire Counts: A gfor'],
    orders: {
      Empire: ['A Altd S A Nuln - Reik', 'A Nuln - Reik', 'F Midd H'],
      Bretonnia: ['A Wast - Altd', 'A Reik S A Wast - Altd'],
      Kislev: ['F Claw - Midd'],
      'Vampire Counts': ['A Gfor S F Claw - Midd'],
    },
    expect: { results: { nuln: 'failure', wast: 'failure', claw: 'success' }, dislodged: ['Empire: F midd'] },
  },
  {
    name: 'Sea Raiders: a Norse fleet dislodges a coastal unit alone (2 versus 1)',
    seed: SEA_RAIDERS,
    units: ['Norse: F scha', 'Chaos: A grae'],
    orders: { Norse: ['F Scha - Grae'] },
    expect: { results: { scha: 'success' }, dislodged: ['Chaos: A grae'] },
  },
  {
    name: 'Sea Raiders: the strength also prevents (2 beats a lone army into the same coast)',
    seed: SEA_RAIDERS,
    units: ['Norse: F scha', 'Chaos: A snor'],
    orders: { Norse: ['F Scha - Grae'], Chaos: ['A Snor - Grae'] },
    expect: { results: { scha: 'success', snor: 'failure' }, units: ['Chaos: A snor', 'Norse: F grae'] },
  },
  {
    name: 'Sea Raiders: a supported army into the same coast stands off with the raider (2 versus 2)',
    seed: SEA_RAIDERS,
    units: ['Norse: F scha', 'Chaos: A snor', 'Chaos: A sjok'],
    orders: { Norse: ['F Scha - Grae'], Chaos: ['A Snor - Grae', 'A Sjok S A Snor - Grae'] },
    expect: { results: { scha: 'failure', snor: 'failure' } },
  },
  {
    name: 'Sea Raiders: no bonus for a move into a sea',
    seed: SEA_RAIDERS,
    units: ['Norse: F grae', 'Chaos: F scha'],
    orders: { Norse: ['F Grae - Scha'] },
    expect: { results: { grae: 'failure' }, units: ['Chaos: F scha', 'Norse: F grae'] },
  },
  {
    name: 'Sea Raiders: no bonus when holding in a coastal province',
    seed: NOT_HOLDING,
    units: ['Norse: F sjok', 'Chaos: A mtns', 'Chaos: A snor'],
    orders: { Norse: ['F Sjok H'], Chaos: ['A Mtns - Sjok', 'A Snor S A Mtns - Sjok'] },
    expect: { results: { mtns: 'success' }, dislodged: ['Norse: F sjok'] },
  },
  {
    name: 'Sea Raiders: no bonus when supporting an attack on a coastal province',
    seed: NOT_HOLDING,
    units: ['Norse: F scha', 'Chaos: A sjok', 'Kislev: A grae', 'Kislev: F ssch'],
    orders: { Norse: ['F Scha S A Sjok - Grae'], Chaos: ['A Sjok - Grae'], Kislev: ['F Ssch S A Grae H'] },
    expect: { results: { sjok: 'failure' }, dislodged: [] },
  },
  {
    name: 'Illusion: a lone attack on empty Athel-Loren bounces off the virtual army',
    seed: ILLUSION,
    units: ['Bretonnia: A chet', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe'] },
    expect: { results: { chet: 'failure' }, units: ['Bretonnia: A chet', 'Wood Elves: A irra'] },
  },
  {
    name: 'Illusion: a supported attack takes Athel-Loren; the virtual army simply vanishes',
    seed: ILLUSION,
    units: ['Bretonnia: A chet', 'Bretonnia: A pale', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { chet: 'success' }, units: ['Bretonnia: A athe', 'Bretonnia: A pale', 'Wood Elves: A irra'], dislodged: [] },
  },
  {
    name: 'Illusion: a unit of any power (the Grey Mountains) supports the virtual army to hold',
    seed: 'Illusion: "It is also possible for a unit not on Athel-Loren (say the Grey Mountains) to support the virtual army on Athel-Loren in it\'s hold."',
    units: ['Bretonnia: A chet', 'Bretonnia: A pale', 'Empire: A grey', 'Wood Elves: A irra'],
    orders: { Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'], Empire: ['A Grey S A Athe'] },
    expect: { results: { chet: 'failure', grey: 'success' }, units: ['Bretonnia: A chet', 'Bretonnia: A pale', 'Empire: A grey', 'Wood Elves: A irra'] },
  },
  {
    name: 'Illusion: a real Wood Elf unit holding on Athel-Loren has one more hold support (2 versus 2 bounces)',
    seed: ILLUSION_SUPPORT,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale'],
    orders: { 'Wood Elves': ['A Athe H'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] },
    expect: { results: { chet: 'failure' }, dislodged: [] },
  },
  {
    name: 'Illusion: its support cannot be cut (three supported attackers win 3 versus 2, not more)',
    seed: ILLUSION_SUPPORT,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale', 'Bretonnia: A carc'],
    orders: { 'Wood Elves': ['A Athe H'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe', 'A Carc S A Chet - Athe'] },
    expect: { results: { chet: 'success' }, dislodged: ['Wood Elves: A athe'] },
  },
  {
    name: 'Illusion: a Wood Elf unit that moves out gets no Illusion, and the attacker walks in',
    seed: ILLUSION_SUPPORT,
    units: ['Wood Elves: A athe', 'Bretonnia: A chet'],
    orders: { 'Wood Elves': ['A Athe - Irra'], Bretonnia: ['A Chet - Athe'] },
    expect: { units: ['Bretonnia: A athe', 'Wood Elves: A irra'] },
  },
  {
    name: 'Illusion: the virtual army never blocks a Wood Elf unit coming home',
    seed: ILLUSION,
    units: ['Wood Elves: A irra'],
    orders: { 'Wood Elves': ['A Irra - Athe'] },
    expect: { results: { irra: 'success' }, units: ['Wood Elves: A athe'] },
  },
  {
    name: 'Illusion: a foreign unit on Athel-Loren gets no Illusion support',
    seed: ILLUSION_SUPPORT,
    units: ['Bretonnia: A athe', 'Empire: A grey', 'Empire: A chet', 'Wood Elves: A irra'],
    orders: { Empire: ['A Grey - Athe', 'A Chet S A Grey - Athe'] },
    expect: { results: { grey: 'success' }, dislodged: ['Bretonnia: A athe'] },
  },
  {
    name: 'Underways: a Skaven army moves from Skavenblight to an entrance',
    seed: UNDERWAYS,
    units: ['Skaven: A skav'],
    orders: { Skaven: ['A Skav - Midd'] },
    expect: { results: { skav: 'success' }, units: ['Skaven: A midd'] },
  },
  {
    name: 'Underways: and back from an entrance to Skavenblight',
    seed: UNDERWAYS,
    units: ['Skaven: A slus'],
    orders: { Skaven: ['A Slus - Skav'] },
    expect: { results: { slus: 'success' }, units: ['Skaven: A skav'] },
  },
  {
    name: 'Underways: a Skaven army on Skavenblight supports into an entrance',
    seed: UNDERWAYS,
    units: ['Skaven: A skav', 'Bretonnia: A wast', 'Empire: F midd'],
    orders: { Skaven: ['A Skav S A Wast - Midd'], Bretonnia: ['A Wast - Midd'] },
    expect: { results: { wast: 'success', skav: 'success' }, dislodged: ['Empire: F midd'] },
  },
  {
    name: 'Underways: reserved to the Skaven (another army on Skavenblight cannot use them)',
    seed: 'The Skaven: "The Skaven are able to move armies via the Underways."',
    units: ['Empire: A skav'],
    orders: { Empire: ['A Skav - Midd'] },
    expect: { results: { skav: 'illegal' }, units: ['Empire: A skav'] },
  },
];
