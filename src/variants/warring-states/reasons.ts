/**
 * How the results word Warring States' own sentences (its rules' reasons and strength notes, written in English by
 * ./rules): the patterns `Variant.reasonTexts` gives the results, each with its message under
 * `variant.warring-states.` (docs/locales.md "Results"). The French follows the seed's words (muraille, forteresse
 * flottante, mouvement fluvial rapide, lever une flotte).
 */
import type { ReasonText } from '../../engine/variant.js';

const KEY = 'variant.warring-states.';

const note = (pattern: RegExp, key: string, params: ReasonText['params'] = []): ReasonText => ({
  pattern,
  key: `${KEY}note.${key}`,
  params,
  note: true,
});
const reason = (pattern: RegExp, key: string, params: ReasonText['params'] = []): ReasonText => ({
  pattern,
  key: `${KEY}reason.${key}`,
  params,
});

export const warringStatesReasons: readonly ReasonText[] = [
  note(/^the wall of (.+) takes (\d+) from the attack \(wall rule 1\)$/, 'wall', [
    ['place', 'place'],
    ['count', 'number'],
  ]),
  note(/^a fleet on a river defends with strength 2 \(Floating Fortress rule 2\)$/, 'fortressDefends'),
  note(
    /^a fleet moving or supporting into a river province does so with strength 2 \(Floating Fortress rule 1\)$/,
    'fortressAttacks',
  ),
  note(/^a Rapid River Move has no strength \(Rapid River Move rule 2\)$/, 'riverMoveStrength'),
  reason(/^blocked: ([^;]+)$/, 'blocked', [['why', 'reason']]),
  reason(/^the fleet stays$/, 'fleetStays'),
  reason(/^stopped short at ([^:]+): (.+)$/, 'stoppedShort', [
    ['place', 'place'],
    ['why', 'reason'],
  ]),
  reason(/^moved along the river to (.+)$/, 'movedRiver', [['place', 'place']]),
  reason(/^(.+) was occupied by another power$/, 'occupied', [['place', 'place']]),
  reason(/^(.+) was not vacant$/, 'notVacant', [['place', 'place']]),
  reason(/^a standoff with (.+) in (.+)$/, 'standoffWith', [
    ['units', 'text'],
    ['place', 'place'],
  ]),
  reason(/^a standoff in (.+)$/, 'standoffIn', [['place', 'place']]),
  reason(/^([AF] \S+) was coming the other way$/, 'otherWay', [['unit', 'text']]),
  reason(/^([AF] \S+) \(rapid river move\) was in (.+)$/, 'riverMoveIn', [
    ['unit', 'text'],
    ['place', 'place'],
  ]),
  reason(/^the way was not clear$/, 'notClear'),
  reason(/^the rapid river move could not be resolved$/, 'unresolved'),
  reason(/^raised a fleet$/, 'raised'),
  reason(/^the raise failed: (.+)$/, 'raiseFailed', [['why', 'reason']]),
  reason(/^support not used: a rapid river move cannot be supported$/, 'supportedRiverMove'),
  reason(
    /^support not used: the supported fleet attempted a rapid river move, so it cannot receive supports to hold \(Rapid River Move rule 2\)$/,
    'holdSupportRiverMove',
  ),
  reason(/^only an army can raise a fleet$/, 'raiseArmyOnly'),
  reason(/^a fleet can only be raised on a coastal or river province, not in (.+)$/, 'raiseWhere', [
    ['place', 'place'],
  ]),
  reason(/^only a fleet can make a rapid river move$/, 'riverMoveFleetOnly'),
  reason(/^a rapid river move goes 2 or 3 spaces \(one space is an ordinary move\)$/, 'riverMoveLength'),
  reason(/^a rapid river move cannot visit a space twice$/, 'riverMoveTwice'),
  reason(/^(.+) and (.+) are not consecutive spaces of a river$/, 'notConsecutive', [
    ['from', 'place'],
    ['to', 'place'],
  ]),
  reason(/^(.+) is a sea: only the first or last space of a rapid river move may be a sea$/, 'riverMoveSea', [
    ['place', 'place'],
  ]),
];
