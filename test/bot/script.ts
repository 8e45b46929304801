/**
 * The scripted 7-player Classic game of the end-to-end test: Spring 1901, Fall 1901 (Austria dislodges
 * Italy's army in Venice; it retreats to Piedmont) and Winter 1901 (builds). Orders are written in the
 * normalized form (src/engine/format.ts), so the test can look for them verbatim in everything Discord shows.
 */
export const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'] as const;
export type ScriptPower = (typeof POWERS)[number];

/** Username of the player of each power. */
export const playerOf = (power: ScriptPower): string => power.toLowerCase();

export const SPRING_1901: Record<ScriptPower, string[]> = {
  Austria: ['A bud - ser', 'A vie - tyr', 'F tri H'],
  England: ['F lon - nth', 'F edi - nwg', 'A lvp - yor'],
  France: ['A par - bur', 'A mar - spa', 'F bre - mao'],
  Germany: ['A ber - kie', 'F kie - den', 'A mun - ruh'],
  Italy: ['A ven H', 'A rom - apu', 'F nap - ion'],
  Russia: ['A mos - ukr', 'A war H', 'F sev H', 'F stp/sc - bot'],
  Turkey: ['A con - bul', 'F ank - bla', 'A smy H'],
};

/** Austria takes Venice with support from Trieste: Italy's A ven is dislodged (retreats: pie, rom, tus). */
export const FALL_1901: Record<ScriptPower, string[]> = {
  Austria: ['A ser H', 'A tyr - ven', 'F tri S A tyr - ven'],
  England: ['F nwg - nwy', 'F nth H', 'A yor H'],
  France: ['A bur - bel', 'A spa H', 'F mao - por'],
  Germany: ['F den H', 'A ruh - hol', 'A kie H'],
  Italy: ['A ven H', 'A apu H', 'F ion - tun'],
  Russia: ['F bot - swe', 'A ukr - rum', 'A war H', 'F sev H'],
  Turkey: ['A bul H', 'F bla H', 'A smy H'],
};

export const FALL_1901_RETREAT: Partial<Record<ScriptPower, string[]>> = {
  Italy: ['A ven R pie'],
};

/** Only Austria and Russia order their builds; the other powers' builds are waived at the deadline. */
export const WINTER_1901: Partial<Record<ScriptPower, string[]>> = {
  Austria: ['A vie B', 'A bud B'],
  Russia: ['A mos B', 'F stp/nc B'],
};
