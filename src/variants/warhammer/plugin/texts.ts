/**
 * Warhammer's own texts as messages (docs/locales.md, "Variants' own texts"): each key here is a message of the four
 * catalogues under `variant.warhammer.`, worded where the post, DM or status line is shown, in its reader's locale.
 * test/i18n/variant-texts.test.ts fails when a catalogue lacks one of them or keeps one no longer listed here.
 */
import type { UnitType } from '../../../engine/types.js';
import type { PluginMsg, PluginParam } from '../../plugin/index.js';
import { ILLUSION_LABEL } from '../rules/illusion.js';

export const WARHAMMER_TEXTS = [
  'act.battle.declaring',
  'act.battle.noCataclysm',
  'act.battle.none',
  'act.battle.notSide',
  'act.battle.recorded',
  'act.battle.whenClosed',
  'act.battle.whenOpen',
  'act.battle.where',
  'act.declare.all',
  'act.declare.closed',
  'act.declare.none',
  'act.declare.notAllowed',
  'act.declare.notCommander',
  'act.declare.nothing',
  'act.declare.passed',
  'act.declare.stored',
  'act.declare.storedPass',
  'act.declare.taken',
  'act.declare.whenClosed',
  'act.declare.whenHidden',
  'act.declare.whenOpen',
  'act.follow.done',
  'act.follow.employer',
  'act.follow.employerFollows',
  'act.follow.mustering',
  'act.follow.noMaster',
  'act.follow.noMaster.capital',
  'act.follow.notConquered',
  'act.follow.notOnBoard',
  'act.follow.off',
  'act.follow.onBoard',
  'act.follow.role',
  'act.follow.underWay',
  'act.muster.noCoast',
  'act.muster.none',
  'act.muster.notCity',
  'act.muster.stored',
  'act.muster.whenClosed',
  'act.muster.whenHidden',
  'act.muster.whenOpen',
  'act.revolt.cannot',
  'act.revolt.done',
  'act.revolt.noCoast',
  'act.revolt.notSepoy',
  'act.unit',
  'action.battle.choice',
  'action.battle.description',
  'action.battle.detail',
  'action.battle.title',
  'action.declare.choice',
  'action.declare.description',
  'action.declare.detail',
  'action.declare.title',
  'action.follow.choice',
  'action.follow.description',
  'action.follow.detail',
  'action.follow.title',
  'action.muster.choice',
  'action.muster.description',
  'action.muster.detail',
  'action.muster.title',
  'action.revolt.choice',
  'action.revolt.description',
  'action.revolt.detail',
  'action.revolt.title',
  'advance.battles',
  'advance.declarations',
  'advance.muster',
  'advance.orders',
  'battles.armies',
  'battles.army',
  'battles.name',
  'battles.range',
  'battles.report',
  'battles.rolled',
  'battles.side',
  'battles.title',
  'battles.unopposed',
  'bullet',
  'choice.battle',
  'choice.battle.reported',
  'choice.destroyed',
  'choice.mercenary',
  'choice.none',
  'choice.sepoy',
  'choice.vs',
  'closed.battles',
  'closed.declarations',
  'closed.declarations.pad',
  'declaration.hold',
  'declaration.move',
  'dm.confirm.commander',
  'dm.confirm.head',
  'dm.confirm.pass',
  'dm.confirm.until',
  'dm.open',
  'duties.head',
  'duty.sepoy',
  'duty.unequal',
  'duty.unknown',
  'final',
  'fog.battles.dm',
  'fog.battles.public',
  'fog.follow.post',
  'fog.gm',
  'fog.muster.dm',
  'fog.muster.gm',
  'fog.muster.public',
  'fog.note.sepoy',
  'fog.nothingSeen',
  'fog.outcomes.dm',
  'fog.outcomes.public',
  'fog.provisional.dm',
  'fog.provisional.public',
  'fog.revolt.public',
  'fog.seen',
  'fog.status.battles',
  'follow.dm',
  'follow.post',
  'lead.illusion',
  'list',
  'list.or',
  'muster.announce',
  'muster.confirm',
  'muster.dm',
  'muster.option',
  'muster.placed',
  'muster.placed.head',
  'none',
  'note.mercenary',
  'note.sepoy',
  'options.decisive',
  'picture.provisional',
  'outcomes.title',
  'outcomes.unreported',
  'outcomes.won',
  'provisional.how',
  'provisional.phase',
  'provisional.possible',
  'provisional.power',
  'provisional.title',
  'ranking.rule',
  'ready.battles',
  'ready.declarations',
  'ready.declarations.pad',
  'reason.battleWon',
  'reason.illusionWon',
  'reminder',
  'revolt.post',
  'status.answered',
  'status.battles',
  'status.declarations',
  'status.mayDeclare',
  'status.muster',
  'unit',
  // A spectator's copy of a DM that addresses the player (src/game/outbox/watchers.ts `watchedKey`).
  'watched.dm.confirm.head',
  'watched.dm.confirm.until',
  'watched.dm.open',
  'watched.fog.nothingSeen',
  'watched.follow.dm',
  'watched.muster.confirm',
  'watched.muster.dm',
  'why.unreported',
  'why.won',
] as const;

export type WarhammerText = (typeof WARHAMMER_TEXTS)[number];

/** The catalogues' prefix of Warhammer's messages. */
export const TEXT_PREFIX = 'variant.warhammer.';

/** One of Warhammer's messages with its placeholders' values. */
export function wh(key: WarhammerText, params?: Record<string, PluginParam>): PluginMsg {
  return params ? { key: `${TEXT_PREFIX}${key}`, params } : { key: `${TEXT_PREFIX}${key}` };
}

/** `• text`: a bullet line. */
export const bullet = (text: PluginParam): PluginMsg => wh('bullet', { text });

/** Items joined as a list (`a; b; c` / `a ; b ; c` / `a；b；c`); null when there are none. */
export function listMsg(
  items: readonly PluginParam[],
  join: 'list' | 'list.or' | 'battles.armies' | 'choice.vs' = 'list',
): PluginParam {
  if (items.length === 0) return '';
  return items.slice(1).reduce<PluginParam>((list, item) => wh(join, { list, item }), items[0]!);
}

/** A unit type as a slot offers it: `fleet` (`flotte`, `艦隊`), the value `run` reads being the English word. */
export const unitChoice = (type: UnitType): { name: PluginMsg; value: string } => ({
  name: wh('unit', { unit: type }),
  value: type === 'F' ? 'fleet' : 'army',
});

/** The refusal of a unit typed in no locale's words (`flotte`, `艦隊` and `F` are read), with the types on offer. */
export const unknownUnit = (typed: string | null, types: readonly UnitType[]): PluginMsg =>
  wh('act.unit', {
    typed: (typed ?? '').slice(0, 60),
    units: listMsg(
      types.map((unit) => wh('unit', { unit })),
      'list.or',
    ),
  });

/** A side's leading unit as players read it: a unit (`A altd`), or the Illusion in the reader's words. */
export function leadParam(side: { lead: string; leadName?: string }): PluginParam {
  const name = side.leadName ?? side.lead;
  return name === ILLUSION_LABEL ? wh('lead.illusion') : name;
}
