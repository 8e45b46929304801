/**
 * How the results word Mandate of Heaven's own sentences (its rules' reasons, its ballots' and the Hsiung-Nu's, and
 * the events of its winters, written in English by ./rules): the patterns `Variant.reasonTexts` gives the results,
 * each with its message under `variant.mandate-of-heaven.` (docs/locales.md "Results"), after Warring States' (the
 * same rivers, fleets and strengths).
 */
import type { ReasonText } from '../../engine/variant.js';
import { warringStatesReasons } from '../warring-states/reasons.js';

const reason = (pattern: RegExp, key: string, params: ReasonText['params'] = []): ReasonText => ({
  pattern,
  key: `variant.mandate-of-heaven.${key}`,
  params,
});

/** The ballots' sentences end by saying why they do not repeat the ballot. */
const SECRET = '\\(ballots are secret, so its text is not repeated: Mandate of Heaven rule 3\\)';
const secret = (source: string) => new RegExp(`^not counted: ${source} ${SECRET}$`);

export const mandateReasons: readonly ReasonText[] = [
  ...warringStatesReasons,
  reason(/^adopted by the players' vote: (.+)$/, 'reason.adopted', [['reason', 'reason']]),
  reason(/^held \(no majority\)$/, 'reason.heldNoMajority'),
  reason(/^disbanded \(no majority\)$/, 'reason.disbandedNoMajority'),
  reason(/^no build \(no majority\)$/, 'reason.noBuildNoMajority'),
  reason(
    /^(.+) is a neutral power: it carries out the orders a majority of the players adopt, none of its own \(Mandate of Heaven rule 3\)$/,
    'reason.neutral',
    [['power', 'power']],
  ),
  reason(
    /^not counted: (.+) does not vote on (.+)'s units \(only the seated players still in the game vote: Mandate of Heaven rule 3\)$/,
    'reason.notVoter',
    [
      ['power', 'power'],
      ['neutral', 'power'],
    ],
  ),
  reason(secret('the ballot is not a build or disband (.+) can make now'), 'reason.ballotNotAdjustment', [
    ['power', 'power'],
  ]),
  reason(secret("the ballot is not an order (.+)'s unit can carry out now"), 'reason.ballotNotOrder', [
    ['power', 'power'],
  ]),
  reason(secret('replaced by a later ballot for the same unit'), 'reason.ballotReplaced'),
  reason(
    secret(
      "(.+) has (\\d+) (build|disband)s? this winter, and (?:only a player's first ballot counts|a player's first \\d+ different ballots count)",
    ),
    'reason.ballotBeyond',
    [
      ['power', 'power'],
      ['count', 'number'],
      ['kind', 'text'],
    ],
  ),
  reason(
    /^convoy not used: a fleet of another power moved against it \(Mandate of Heaven rule 6\)$/,
    'reason.riverConvoy',
  ),
  reason(/^(.+) is not a place where the Hsiung-Nu may build now \(Mandate of Heaven rule 2\)$/, 'reason.nomadPlace', [
    ['place', 'place'],
  ]),
  reason(/^(.+) is not a supply centre (.+) owns \(Mandate of Heaven rule 1\)$/, 'reason.notOwnedCentre', [
    ['place', 'place'],
    ['power', 'power'],
  ]),
  reason(
    /^the Hsiung-Nu place all three of their armies: a placement cannot be waived \(Mandate of Heaven rule 2\)$/,
    'reason.noWaive',
  ),
  reason(
    /^the Hsiung-Nu's builds up to their 6th unit must be placed in the placement area, and this build would be their (\d+)(?:st|nd|rd|th) unit \(Mandate of Heaven rule 2\)$/,
    'reason.nomadBand',
    [['count', 'number']],
  ),
  reason(
    /^once the Hsiung-Nu get to 6 units, further builds must be made in a vacant, owned supply centre, and this build would be their (\d+)(?:st|nd|rd|th) unit \(Mandate of Heaven rule 2\)$/,
    'reason.nomadCentre',
    [['count', 'number']],
  ),
  reason(
    /^The Hsiung-Nu placed an army by default in (.+) \(Mandate of Heaven rule 2: all three armies are placed\)\.$/,
    'event.defaultPlacementOne',
    [['places', 'places']],
  ),
  reason(
    /^The Hsiung-Nu placed (\d+) armies by default in (.+) \(Mandate of Heaven rule 2: all three armies are placed\)\.$/,
    'event.defaultPlacement',
    [
      ['count', 'number'],
      ['places', 'places'],
    ],
  ),
  reason(
    /^The Hsiung-Nu did not hold at least 2 supply centres after year (\d+): their armies melt away, and their allowance falls from (\d+) to (\d+) units? \(Mandate of Heaven rule 2\)\.$/,
    'event.attritionTwo',
    [
      ['year', 'text'],
      ['from', 'number'],
      ['to', 'number'],
    ],
  ),
  reason(
    /^The Hsiung-Nu did not hold a supply centre after year (\d+): their armies melt away, and their allowance falls from (\d+) to (\d+) units? \(Mandate of Heaven rule 2\)\.$/,
    'event.attrition',
    [
      ['year', 'text'],
      ['from', 'number'],
      ['to', 'number'],
    ],
  ),
  reason(
    /^The Hsiung-Nu own (\d+) supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres \(Mandate of Heaven rule 2\)\.$/,
    'event.settled',
    [['count', 'number']],
  ),
  reason(
    /^The Hsiung-Nu own (\d+) supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres, except that this winter their builds up to their 6th unit still go in the placement area \(Mandate of Heaven rule 2\)\.$/,
    'event.settledBand',
    [['count', 'number']],
  ),
  reason(/^The Hsiung-Nu have melted away: they are eliminated \(Mandate of Heaven rule 2\)\.$/, 'event.eliminated'),
  reason(
    /^(.+) has grown to (\d+) supply centres(?:, 3 or more,)? and is activated: the game master may seat a new player on it \(never one eliminated in this game\); until then the players' vote still moves it \(Mandate of Heaven rule 3\)\.$/,
    'event.activated',
    [
      ['power', 'power'],
      ['count', 'number'],
    ],
  ),
];
