/**
 * Why an order was refused, in the reader's language (docs/locales.md "Refused orders"). The parser and the
 * adjudicator (src/engine) write English sentences and stay below every language; each pattern here matches one of
 * those sentences whole and its message words it the same in English. Names in them (provinces, powers) are read
 * back to the variant's ids and worded in the reader's locale; what the player typed is echoed as typed. A sentence
 * no pattern knows (a variant's own rule) is shown as the engine wrote it.
 */
import type { Variant } from '../../engine/variant.js';
import type { Msg } from '../../i18n/index.js';
import { matchProblem, plainMsg, typed, type ProblemPattern } from '../core/index.js';

type Pattern = ProblemPattern;

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
    [['after', 'typed']],
  ],
  [/^missing a coast after "(.*)"$/s, 'orders.problem.parse.noCoast', [['after', 'typed']]],
  [/^expected a coast inside "\(…\)" after "(.*)"$/s, 'orders.problem.parse.coastInside', [['after', 'typed']]],
  [
    /^expected (.+?) after "(.*)", found "(.*)"$/s,
    'orders.problem.parse.expected',
    [
      ['what', 'what'],
      ['after', 'typed'],
      ['found', 'typed'],
    ],
  ],
  [
    /^missing (.+?) after "(.*)"$/s,
    'orders.problem.parse.missing',
    [
      ['what', 'what'],
      ['after', 'typed'],
    ],
  ],
  [
    /^"(.*)" could mean more than one place; use its abbreviation$/s,
    'orders.problem.parse.ambiguous',
    [['phrase', 'typed']],
  ],
  [
    /^unknown place "(.*)": did you mean (.+)\?$/s,
    'orders.problem.parse.unknownPlaceHint',
    [
      ['phrase', 'typed'],
      ['hint', 'places'],
    ],
  ],
  [/^unknown place "(.*)"$/s, 'orders.problem.parse.unknownPlace', [['phrase', 'typed']]],
  [
    /^(.+) has no coasts \(found "(.*)"\)$/s,
    'orders.problem.parse.noCoasts',
    [
      ['place', 'place'],
      ['found', 'typed'],
    ],
  ],
  [
    /^(.+) has no coast "(.*)" \(its coasts: (.*)\)$/s,
    'orders.problem.parse.noSuchCoast',
    [
      ['place', 'place'],
      ['found', 'typed'],
      ['coasts', 'text'],
    ],
  ],
  [
    /^unexpected "(.*)" after "(.*)"$/s,
    'orders.problem.parse.unexpected',
    [
      ['found', 'typed'],
      ['after', 'typed'],
    ],
  ],
  [/^a retreat cannot go via convoy$/, 'orders.problem.parse.retreatConvoy', []],
  [
    /^unknown order "(.*)" after "(.*)": did you mean "(.*)"\? write H \(hold\), - \(move\), S \(support\), C \(convoy\), R \(retreat\), B \(build\) or D \(disband\)$/s,
    'orders.problem.parse.unknownOrderHint',
    [
      ['found', 'typed'],
      ['after', 'typed'],
      ['hint', 'text'],
    ],
  ],
  [
    /^unknown order "(.*)" after "(.*)": write H \(hold\), - \(move\), S \(support\), C \(convoy\), R \(retreat\), B \(build\) or D \(disband\)$/s,
    'orders.problem.parse.unknownOrder',
    [
      ['found', 'typed'],
      ['after', 'typed'],
    ],
  ],
  [
    /^(.+) is out of sight: say which unit to (support|convoy) there, A \(army\) or F \(fleet\)$/,
    'orders.problem.parse.outOfSight',
    [
      ['place', 'place'],
      ['verb', 'text'],
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

/**
 * The parser's error (`unknown place "xyz"`) in the reader's words, what the member typed in it shown as typed. A
 * sentence no pattern knows is shown as the engine wrote it, whole as typed text: it may repeat what was typed.
 */
export function parseProblemMsg(variant: Variant, english: string): Msg {
  return matchProblem(variant, PARSE, english, (key) => key) ?? plainMsg(typed(english, Number.POSITIVE_INFINITY));
}
