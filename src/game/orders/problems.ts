/**
 * Why an order was refused, in the reader's language (docs/locales.md "Refused orders"). The parser and the
 * adjudicator (src/engine) write English sentences and stay below every language; each pattern here matches one of
 * those sentences whole and its message words it the same in English. Names in them (provinces, powers) are read
 * back to the variant's ids and worded in the reader's locale; what the player typed is echoed as typed. A sentence
 * no pattern knows (a variant's own rule) is shown as the engine wrote it.
 */
import type { Variant } from '../../engine/variant.js';
import { msg, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';
import { placeIn, plainMsg, powerParam } from '../core/index.js';

/** How a captured value becomes a parameter: as typed, a number, a province or power name, a unit type. */
type Kind = 'text' | 'number' | 'place' | 'power' | 'type' | 'places' | 'what';
type Pattern = readonly [RegExp, MessageKey, readonly (readonly [string, Kind])[]];

const WHAT: Record<string, MessageKey> = {
  'a place': 'orders.problem.what.place',
  'a destination': 'orders.problem.what.destination',
  'the destination of the supported move': 'orders.problem.what.supported',
  'the destination of the convoy': 'orders.problem.what.convoy',
};

/** The parser's sentences (src/engine/parse), shown as they are: lower case, no final stop. */
const PARSE: readonly Pattern[] = [
  [/^empty order$/, 'orders.problem.parse.empty', []],
  [
    /^this order is too long: an order has at most (\d+) words and signs$/,
    'orders.problem.parse.tooLong',
    [['max', 'number']],
  ],
  [
    /^missing an order after "(.*)": write H, -, S, C, R, B or D$/s,
    'orders.problem.parse.noOrder',
    [['after', 'text']],
  ],
  [/^missing a coast after "(.*)"$/s, 'orders.problem.parse.noCoast', [['after', 'text']]],
  [/^expected a coast inside "\(…\)" after "(.*)"$/s, 'orders.problem.parse.coastInside', [['after', 'text']]],
  [
    /^expected (.+?) after "(.*)", found "(.*)"$/s,
    'orders.problem.parse.expected',
    [
      ['what', 'what'],
      ['after', 'text'],
      ['found', 'text'],
    ],
  ],
  [
    /^missing (.+?) after "(.*)"$/s,
    'orders.problem.parse.missing',
    [
      ['what', 'what'],
      ['after', 'text'],
    ],
  ],
  [
    /^"(.*)" could mean more than one place; use its abbreviation$/s,
    'orders.problem.parse.ambiguous',
    [['phrase', 'text']],
  ],
  [
    /^unknown place "(.*)": did you mean (.+)\?$/s,
    'orders.problem.parse.unknownPlaceHint',
    [
      ['phrase', 'text'],
      ['hint', 'places'],
    ],
  ],
  [/^unknown place "(.*)"$/s, 'orders.problem.parse.unknownPlace', [['phrase', 'text']]],
  [
    /^(.+) has no coasts \(found "(.*)"\)$/s,
    'orders.problem.parse.noCoasts',
    [
      ['place', 'place'],
      ['found', 'text'],
    ],
  ],
  [
    /^(.+) has no coast "(.*)" \(its coasts: (.*)\)$/s,
    'orders.problem.parse.noSuchCoast',
    [
      ['place', 'place'],
      ['found', 'text'],
      ['coasts', 'text'],
    ],
  ],
  [
    /^unexpected "(.*)" after "(.*)"$/s,
    'orders.problem.parse.unexpected',
    [
      ['found', 'text'],
      ['after', 'text'],
    ],
  ],
  [/^a retreat cannot go via convoy$/, 'orders.problem.parse.retreatConvoy', []],
  [
    /^unknown order "(.*)" after "(.*)": did you mean "(.*)"\? write H \(hold\), - \(move\), S \(support\), C \(convoy\), R \(retreat\), B \(build\) or D \(disband\)$/s,
    'orders.problem.parse.unknownOrderHint',
    [
      ['found', 'text'],
      ['after', 'text'],
      ['hint', 'text'],
    ],
  ],
  [
    /^unknown order "(.*)" after "(.*)": write H \(hold\), - \(move\), S \(support\), C \(convoy\), R \(retreat\), B \(build\) or D \(disband\)$/s,
    'orders.problem.parse.unknownOrder',
    [
      ['found', 'text'],
      ['after', 'text'],
    ],
  ],
  [
    /^there is no unit in (.+) to (support|convoy)$/,
    'orders.problem.parse.noTarget',
    [
      ['place', 'place'],
      ['verb', 'text'],
    ],
  ],
  [/^nothing can be built in (.+)$/, 'orders.problem.parse.nothingBuilt', [['place', 'place']]],
  [
    /^say which unit to build in (.+): A \(army\) or F \(fleet\)$/,
    'orders.problem.parse.whichUnit',
    [['place', 'place']],
  ],
  [
    /^the (army|fleet) in (.+) belongs to (.+), not (.+)$/,
    'orders.problem.parse.notYours',
    [
      ['type', 'type'],
      ['place', 'place'],
      ['owner', 'power'],
      ['power', 'power'],
    ],
  ],
  [
    /^the unit in (.+) is (an army|a fleet), not (an army|a fleet)$/,
    'orders.problem.parse.wrongType',
    [
      ['place', 'place'],
      ['type', 'type'],
      ['said', 'type'],
    ],
  ],
  [/^there is no unit in (.+)$/, 'orders.problem.parse.noUnit', [['place', 'place']]],
  [
    /^(.+) has no unit in (.+)$/,
    'orders.problem.parse.powerNoUnit',
    [
      ['power', 'power'],
      ['place', 'place'],
    ],
  ],
];

/** The adjudicator's reasons (src/engine/check.ts), shown as a sentence: capitalised, with a final stop. */
const CHECK: readonly Pattern[] = [
  [
    /^(retreat|build|disband|waive) orders are given in (?:a retreat|an adjustment) phase, not in a movement phase$/,
    'orders.problem.check.notMovement',
    [['kind', 'text']],
  ],
  [/^there is no dislodged unit in (.+)$/, 'orders.problem.check.noDislodged', [['place', 'place']]],
  [
    /^the dislodged unit in (.+) belongs to (.+)$/,
    'orders.problem.check.dislodgedNotYours',
    [
      ['place', 'place'],
      ['owner', 'power'],
    ],
  ],
  [/^there is no unit in (.+) to support$/, 'orders.problem.check.noSupported', [['place', 'place']]],
  [/^there is no unit in (.+)$/, 'orders.problem.check.noUnit', [['place', 'place']]],
  [
    /^the unit in (.+) belongs to (.+)$/,
    'orders.problem.check.notYours',
    [
      ['place', 'place'],
      ['owner', 'power'],
    ],
  ],
  [
    /^the unit in (.+) is (an army|a fleet)$/,
    'orders.problem.check.isType',
    [
      ['place', 'place'],
      ['type', 'type'],
    ],
  ],
  [/^there is no province "(.*)"$/s, 'orders.problem.check.noProvince', [['place', 'text']]],
  [/^(.+) is impassable$/, 'orders.problem.check.impassable', [['place', 'place']]],
  [
    /^(.+) has no coast "(.*)"$/,
    'orders.problem.check.noCoast',
    [
      ['place', 'place'],
      ['coast', 'text'],
    ],
  ],
  [
    /^(an army|a fleet) in (.+) cannot reach (.+)$/,
    'orders.problem.check.cannotReach',
    [
      ['type', 'type'],
      ['from', 'place'],
      ['to', 'place'],
    ],
  ],
  [
    /^say which coast of (.+) \((.+)\)$/,
    'orders.problem.check.whichCoast',
    [
      ['place', 'place'],
      ['coasts', 'text'],
    ],
  ],
  [/^a unit cannot move to the province it is in$/, 'orders.problem.check.moveToSelf', []],
  [/^an army cannot move to (.+)$/, 'orders.problem.check.armyToSea', [['place', 'place']]],
  [/^only armies can be convoyed$/, 'orders.problem.check.onlyArmiesConvoyed', []],
  [/^only fleets can convoy$/, 'orders.problem.check.onlyFleetsConvoy', []],
  [/^only an army on a coast can be convoyed$/, 'orders.problem.check.coastalConvoy', []],
  [/^there are no convoys in this variant$/, 'orders.problem.check.noConvoys', []],
  [
    /^(.+) is not next to (.+) and no fleet was ordered to convoy it$/,
    'orders.problem.check.notNextNoConvoy',
    [
      ['to', 'place'],
      ['from', 'place'],
    ],
  ],
  [
    /^(.+) is not next to (.+)$/,
    'orders.problem.check.notNext',
    [
      ['from', 'place'],
      ['to', 'place'],
    ],
  ],
  [/^no fleet was ordered to convoy it$/, 'orders.problem.check.noConvoy', []],
  [/^a unit cannot support itself$/, 'orders.problem.check.supportSelf', []],
  [/^a unit cannot support a move into its own province$/, 'orders.problem.check.supportOwn', []],
];

/** A province's id from its English name (as the engine writes it), if the variant has one so named. */
function param(variant: Variant, kind: Kind, value: string): MsgParam {
  switch (kind) {
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
        : msg('orders.problem.orList', { first: items.slice(0, -1).join(', '), last: items.at(-1)! });
    }
    default:
      return value;
  }
}

function matched(variant: Variant, patterns: readonly Pattern[], english: string): Msg | null {
  for (const [pattern, key, names] of patterns) {
    const m = pattern.exec(english);
    if (!m) continue;
    const params: Record<string, MsgParam> = {};
    names.forEach(([name, kind], i) => {
      params[name] = param(variant, kind, m[i + 1] ?? '');
    });
    return msg(key, params);
  }
  return null;
}

/** The parser's error (`unknown place "xyz"`) in the reader's words, or as it is. */
export function parseProblemMsg(variant: Variant, english: string): Msg {
  return matched(variant, PARSE, english) ?? plainMsg(english);
}

/** The adjudicator's reason (`Munich is not next to Spain`) as the sentence a refusal shows, or as it is (capitalised). */
export function checkProblemMsg(variant: Variant, english: string): Msg {
  return matched(variant, CHECK, english) ?? plainMsg(`${english.charAt(0).toUpperCase()}${english.slice(1)}.`);
}
