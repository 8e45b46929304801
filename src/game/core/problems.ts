/**
 * The adjudicator's reasons (src/engine/check.ts and the movement's validation) in the reader's language
 * (docs/locales.md "Refused orders"). The engine writes English sentences and stays below every language; each
 * pattern here matches one of them whole and its messages word it the same in English: as the sentence a refusal
 * shows (`orders.problem.check.*`) and as the clause a results post shows (`results.illegal.*`: `…, so the unit
 * held`). Names in them are read back to the variant's ids and worded in the reader's locale.
 */
import type { Variant } from '../../engine/variant.js';
import { listParam, type Localized, msg, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';
import { typed } from './echo.js';
import { placeIn, placeParam, powerParam } from './names.js';

/**
 * How a captured value becomes a parameter: as the engine wrote it (`text`), what the member typed that the engine
 * echoed (`typed`: shown as typed, never rendered, docs/architecture.md "What a member typed"), a number, a province or
 * power name, a unit type.
 */
export type ProblemKind = 'text' | 'typed' | 'number' | 'place' | 'power' | 'type' | 'places' | 'what';
/** A sentence's pattern, its message and the parameters its groups fill. */
export type ProblemPattern<K extends string = MessageKey> = readonly [
  RegExp,
  K,
  readonly (readonly [string, ProblemKind])[],
];

/** The names of the adjudicator's sentences: `orders.problem.check.<name>` and `results.illegal.<name>`. */
type CheckName = MessageKey extends infer K ? (K extends `orders.problem.check.${infer N}` ? N : never) : never;
type CheckPattern = ProblemPattern<CheckName>;

const WHAT: Record<string, MessageKey> = {
  'a place': 'orders.problem.what.place',
  'a destination': 'orders.problem.what.destination',
  'the destination of the supported move': 'orders.problem.what.supported',
  'the destination of the convoy': 'orders.problem.what.convoy',
  'the supported unit': 'orders.problem.what.supportedUnit',
  'the convoyed army': 'orders.problem.what.convoyedArmy',
  'the place to build in': 'orders.problem.what.buildPlace',
  'the unit to disband': 'orders.problem.what.disbandUnit',
};

/** The adjudicator's reasons (src/engine/check.ts), shown as a sentence: capitalised, with a final stop. */
const CHECK: readonly CheckPattern[] = [
  [
    /^(retreat|build|disband|waive) orders are given in (?:a retreat|an adjustment) phase, not in a movement phase$/,
    'notMovement',
    [['kind', 'text']],
  ],
  [/^there is no dislodged unit in (.+)$/, 'noDislodged', [['place', 'place']]],
  [
    /^the dislodged unit in (.+) belongs to (.+)$/,
    'dislodgedNotYours',
    [
      ['place', 'place'],
      ['owner', 'power'],
    ],
  ],
  [/^there is no unit in (.+) to support$/, 'noSupported', [['place', 'place']]],
  [/^there is no unit in (.+)$/, 'noUnit', [['place', 'place']]],
  [
    /^the unit in (.+) belongs to (.+)$/,
    'notYours',
    [
      ['place', 'place'],
      ['owner', 'power'],
    ],
  ],
  [
    /^the unit in (.+) is (an army|a fleet)$/,
    'isType',
    [
      ['place', 'place'],
      ['type', 'type'],
    ],
  ],
  [/^there is no province "(.*)"$/s, 'noProvince', [['place', 'text']]],
  [/^(.+) is impassable$/, 'impassable', [['place', 'place']]],
  [
    /^(.+) has no coast "(.*)"$/,
    'noCoast',
    [
      ['place', 'place'],
      ['coast', 'text'],
    ],
  ],
  [
    /^(an army|a fleet) in (.+) cannot reach (.+)$/,
    'cannotReach',
    [
      ['type', 'type'],
      ['from', 'place'],
      ['to', 'place'],
    ],
  ],
  [
    /^say which coast of (.+) \((.+)\)$/,
    'whichCoast',
    [
      ['place', 'place'],
      ['coasts', 'places'],
    ],
  ],
  [/^a unit cannot move to the province it is in$/, 'moveToSelf', []],
  [/^an army cannot move to (.+)$/, 'armyToSea', [['place', 'place']]],
  [/^only armies can be convoyed$/, 'onlyArmiesConvoyed', []],
  [/^only fleets can convoy$/, 'onlyFleetsConvoy', []],
  [/^a fleet can only convoy from a sea$/, 'convoyFromSea', []],
  [/^a fleet can only convoy from a sea or a river province \(Mandate of Heaven rule 6\)$/, 'convoyFromRiver', []],
  [/^only an army on a coast can be convoyed$/, 'coastalConvoy', []],
  [/^there are no convoys in this variant$/, 'noConvoys', []],
  [
    /^(.+) is not next to (.+) and no fleet was ordered to convoy it$/,
    'notNextNoConvoy',
    [
      ['to', 'place'],
      ['from', 'place'],
    ],
  ],
  [
    /^(.+) is not next to (.+)$/,
    'notNext',
    [
      ['from', 'place'],
      ['to', 'place'],
    ],
  ],
  [/^no fleet was ordered to convoy it$/, 'noConvoy', []],
  [/^a unit cannot support itself$/, 'supportSelf', []],
  [/^a unit cannot support a move into its own province$/, 'supportOwn', []],
  [/^(.+) is not a retreat option$/, 'notRetreatOption', [['place', 'place']]],
];

/** Items already in the reader's words, joined as their language joins them (`, `; `、` in Chinese). */
function itemsParam(items: readonly string[]): Localized {
  return { text: items.join(', '), in: { 'zh-CN': items.join('、'), 'zh-TW': items.join('、') } };
}

/** A province's id from its English name (as the engine writes it), if the variant has one so named. */
function param(variant: Variant, kind: ProblemKind, value: string): MsgParam {
  switch (kind) {
    case 'typed':
      return typed(value);
    case 'number':
      return Number(value);
    case 'place':
      return placeIn(variant, value);
    case 'power':
      return variant.powers.some((p) => p.name === value) ? powerParam(variant, value) : value;
    case 'type':
      return /fleet/.test(value) ? 'F' : 'A';
    case 'what':
      return WHAT[value] ? msg(WHAT[value]) : value;
    case 'places': {
      // `Paris (par), Picardy (pic) or Piedmont (pie)`, already in the reader's language: only `or` is English.
      const items = value.split(/, | or /);
      return items.length === 1
        ? value
        : msg('orders.problem.orList', { first: itemsParam(items.slice(0, -1)), last: items.at(-1)! });
    }
    default:
      return value;
  }
}

export function matchProblem<K extends string>(
  variant: Variant,
  patterns: readonly ProblemPattern<K>[],
  english: string,
  keyOf: (name: K) => MessageKey,
): Msg | null {
  for (const [pattern, name, names] of patterns) {
    const m = pattern.exec(english);
    if (!m) continue;
    const params: Record<string, MsgParam> = {};
    names.forEach(([name, kind], i) => {
      params[name] = param(variant, kind, m[i + 1] ?? '');
    });
    return msg(keyOf(name), params);
  }
  return null;
}

/** The adjudicator's reason (`Munich is not next to Spain`) as the sentence a refusal shows, or as it is (capitalised). */
export function checkProblemMsg(variant: Variant, english: string): Msg {
  // A retreat refused with its options (src/engine/check.ts): the refusal, then the options by their names.
  const retreat = /^(.+) \(options: ([^()]+)\)$/s.exec(english);
  if (retreat && retreat[2] !== 'none')
    return msg('orders.problem.check.retreatOptions', {
      problem: checkProblemMsg(variant, retreat[1]!),
      options: listParam(retreat[2]!.split(', ').map((id) => placeParam(variant, id))),
    });
  return (
    matchProblem(variant, CHECK, english, (n) => `orders.problem.check.${n}` as const) ??
    msg('text.plain', { text: `${english.charAt(0).toUpperCase()}${english.slice(1)}.` })
  );
}

/**
 * The retreats' and adjustments' refusals (src/engine/retreat.ts, src/engine/adjustment.ts), which only a results post
 * shows (the orders were checked when given): `results.illegal.<name>`.
 */
const RESULTS_ONLY: readonly ProblemPattern<string>[] = [
  [/^only retreat and disband orders are given in a retreat phase$/, 'retreatPhase', []],
  [/^replaced by a later order for the same unit$/, 'replaced', []],
  [/^(.+) has no builds this winter$/, 'noBuilds', [['power', 'power']]],
  [/^all (\d+) builds? (?:is|are) used$/, 'buildsUsed', [['count', 'number']]],
  [/^a unit is already built in (.+)$/, 'alreadyBuilt', [['place', 'place']]],
  [/^(.+) is occupied$/, 'occupied', [['place', 'place']]],
  [
    /^(.+) does not own (.+)$/,
    'notOwned',
    [
      ['power', 'power'],
      ['place', 'place'],
    ],
  ],
  [
    /^(.+) is not a home centre of (.+) that it owns$/,
    'notHome',
    [
      ['place', 'place'],
      ['power', 'power'],
    ],
  ],
  [
    /^(a fleet|an army) cannot be built in (.+)$/,
    'cannotBuild',
    [
      ['type', 'type'],
      ['place', 'place'],
    ],
  ],
  [/^(.+) has no units to disband this winter$/, 'noDisbands', [['power', 'power']]],
  [/^only (\d+) units? must be disbanded$/, 'disbandsDone', [['count', 'number']]],
  [/^that unit is already disbanded$/, 'alreadyDisbanded', []],
  [
    /^(.+) has no unit in (.+)$/,
    'powerNoUnit',
    [
      ['power', 'power'],
      ['place', 'place'],
    ],
  ],
];

/** The adjudicator's reason as the clause a results post shows (`Munich is not next to Spain`), or null. */
export function illegalClauseMsg(variant: Variant | undefined, english: string): Msg | null {
  // One clause: a compound (`…; dislodged by …`) is worded part by part.
  if (!variant || english.includes('; ')) return null;
  const key = (n: string) => `results.illegal.${n}` as MessageKey;
  return matchProblem(variant, CHECK, english, key) ?? matchProblem(variant, RESULTS_ONLY, english, key);
}
