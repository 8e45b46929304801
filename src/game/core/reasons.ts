/**
 * The engine's reasons in the reader's language (docs/locales.md "Results"): the sentences src/engine/movement/explain.ts
 * and friends write in English, each matched whole or part by part (between `; `) with a pattern whose message words
 * it the same in English, places named in the reader's language. The adjudicator's refusals are the clauses of
 * problems.ts; a variant's own sentences and strength notes are its `reasonTexts`. A reason no pattern knows is shown
 * as the engine wrote it, whole.
 */
import type { ReasonPart, Variant } from '../../engine/variant.js';
import { listParam, msg, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';
import { namesPlaceParam, placeIn, powerParam, unitsParam } from './names.js';
import { illegalClauseMsg } from './problems.js';

/** A strength the variant's rules changed, with why (`2§0`: the strength 2 and the first note), once taken out. */
const NOTED = '(\\d+(?:§\\d+)?)';
const n = (source: string) => new RegExp(source.replaceAll('(N)', NOTED));

/** The core's sentences: pattern, message, the parameter each group fills (`(N)`: a strength, maybe noted). */
const REASONS: readonly [RegExp, MessageKey, readonly string[]][] = [
  [/^held$/, 'results.reason.held', []],
  [/^done$/, 'results.reason.done', []],
  [/^no order: the unit held$/, 'results.reason.noOrder', []],
  [/^moved to ([^(;,]+)$/, 'results.reason.moved', ['place']],
  [n('^moved to ([^(;,]+) \\(attack (N)\\)$'), 'results.reason.movedAttack', ['place', 'attack']],
  [/^moved to ([^(;,]+), dislodging ([^();,]+)$/, 'results.reason.movedDislodging', ['place', 'unit']],
  [
    n('^moved to ([^(;,]+), dislodging ([^();,]+) \\(attack (N)\\)$'),
    'results.reason.movedDislodgingAttack',
    ['place', 'unit', 'attack'],
  ],
  [n('^bounced with ([^();]+) \\((\\d+) vs (N)\\)$'), 'results.reason.bounced', ['units', 'attack', 'strength']],
  [
    n('^bounced off ([^();]+) in ([^();,]+) \\((\\d+) vs (N)\\)$'),
    'results.reason.bouncedOff',
    ['unit', 'place', 'attack', 'strength'],
  ],
  [
    n('^bounced off ([^();]+) in ([^();,]+), which did not move away \\((\\d+) vs (N)\\)$'),
    'results.reason.bouncedOffStuck',
    ['unit', 'place', 'attack', 'strength'],
  ],
  [/^blocked by ([^();,]+)$/, 'results.reason.blocked', ['unit']],
  [/^blocked by ([^();,]+), which did not move away$/, 'results.reason.blockedStuck', ['unit']],
  [/^cannot dislodge ([^();,]+), a unit of its own power$/, 'results.reason.ownUnit', ['unit']],
  [
    /^lost the head-to-head battle with ([^();]+) \((\d+) vs (\d+(?:§\d+)?)\)$/,
    'results.reason.headToHeadLost',
    ['unit', 'attack', 'strength'],
  ],
  [
    n('^a standoff in the head-to-head with ([^();]+) \\((\\d+) vs (N)\\): neither unit moved$'),
    'results.reason.standoff',
    ['unit', 'attack', 'strength'],
  ],
  [
    n('^its move failed in the head-to-head with ([^();]+) \\((\\d+) vs (N)\\)$'),
    'results.reason.headToHeadFailed',
    ['unit', 'attack', 'strength'],
  ],
  [
    n('^kept out of ([^();]+) by the stronger attack of ([^();]+), which dislodged ([^();]+) \\((\\d+) vs (N)\\)$'),
    'results.reason.keptOut',
    ['place', 'unit', 'victim', 'attack', 'strength'],
  ],
  [
    n('^could not enter ([^();]+): its attack had no strength \\((N)\\)$'),
    'results.reason.noStrength',
    ['place', 'attack'],
  ],
  [/^its way depended on moves that depended on it, so it did not move$/, 'results.reason.moveLoop', []],
  // Battles decided outside the adjudicator (Warhammer's decisive battles: docs/rules/warhammer.md).
  [/^lost the battle at ([^();]+)$/, 'results.reason.lostAt', ['places']],
  [/^it won the battle at ([^();]+) and held it$/, 'results.reason.wonHeldAt', ['place']],
  [/^it won the battle at ([^();]+)$/, 'results.reason.wonAt', ['place']],
  [/^won the battle at ([^();,]+) and moved there$/, 'results.reason.wonMovedTo', ['place']],
  [
    /^won the battle at ([^();,]+) and moved there, dislodging ([^();,]+)$/,
    'results.reason.wonMovedDislodging',
    ['place', 'unit'],
  ],
  [
    /^no move into ([^();]+) succeeded: the battle there was won by a side that could not take it$/,
    'results.reason.noTaker',
    ['place'],
  ],
  [/^destroyed \(removed from the game: no retreat\)$/, 'results.reason.destroyed', []],
  [/^bounced with ([^();]+) retreating to ([^();]+)$/, 'results.reason.retreatBounced', ['unit', 'place']],
  [/^the unit is disbanded$/, 'results.reason.thenDisbanded', []],
  [/^([^();]+) moved over land, not by this convoy$/, 'results.reason.overLand', ['unit']],
  [/^the convoy was disrupted by a convoy paradox \(Szykman rule\)$/, 'results.reason.paradox', []],
  [/^no fleet convoyed it$/, 'results.reason.noConvoy', []],
  [/^the convoy was disrupted$/, 'results.reason.convoyBroken', []],
  [/^convoy disrupted$/, 'results.reason.convoyDisrupted', []],
  [/^convoy in place, but ([^();]+) did not arrive$/, 'results.reason.convoyNotArrived', ['unit']],
  [/^convoy not used: the army was not ordered to make that move$/, 'results.reason.convoyNotOrdered', []],
  [/^support given$/, 'results.reason.supportGiven', []],
  [/^support given \(strength (\d+)\)$/, 'results.reason.supportStrength', ['strength']],
  [
    /^support given with strength (\d+) of (\d+): reduced by (\d+) by ([^();]+)$/,
    'results.reason.supportReduced',
    ['strength', 'whole', 'by', 'units'],
  ],
  [/^support cut by ([^();]+)$/, 'results.reason.supportCut', ['units']],
  [/^support failed$/, 'results.reason.supportFailed', []],
  [/^support not used: the supported unit moved instead of holding$/, 'results.reason.supportedMoved', []],
  [/^support not used: the supported unit did not move there$/, 'results.reason.supportedStayed', []],
  [/^support not used: the supported unit moved to ([^();]+) instead$/, 'results.reason.supportedWent', ['place']],
  [/^support not used: the support names a different coast than the move$/, 'results.reason.supportedCoast', []],
  [/^dislodged by ([^();]+) from ([^();]+)$/, 'results.reason.dislodgedFrom', ['unit', 'place']],
  [
    n('^dislodged by ([^();]+) from ([^();]+) \\(attack (N)\\)$'),
    'results.reason.dislodgedAttack',
    ['unit', 'place', 'attack'],
  ],
  [/^dislodged by ([^();]+)$/, 'results.reason.dislodged', ['unit']],
  [/^convoyed ([^();]+)$/, 'results.reason.convoyed', ['unit']],
  [/^disbanded$/, 'results.reason.disbanded', []],
  [/^no retreat order: disbanded$/, 'results.reason.noRetreat', []],
  [/^retreated to ([^();]+)$/, 'results.reason.retreated', ['place']],
  [/^built in ([^();]+)$/, 'results.reason.built', ['place']],
  [/^build waived$/, 'results.reason.waived', []],
  [/^(\d+) unused builds? waived$/, 'results.reason.unusedWaived', ['count']],
];

/**
 * The sentences whose unit stands in the place named beside it (`dislodged by A mun from Munich`): where the reader's
 * words already place the unit (`A Munich`), the message leaves the place out (`délogée par A Munich`; its `named`).
 */
const PLACED: ReadonlySet<MessageKey> = new Set([
  'results.reason.bouncedOff',
  'results.reason.bouncedOffStuck',
  'results.reason.dislodgedFrom',
  'results.reason.dislodgedAttack',
] as const);

/** What one reason is worded with: its variant, and the strength notes taken out of it (`NOTED`). */
interface Reading {
  variant: Variant | undefined;
  notes: readonly string[];
}

/**
 * `A mun and A ven` (units as orders write them) in the reader's language (`A Munich et A Venise`, as the orders on
 * the same line read), with the reader's `and` (as the engine: between each two).
 */
function unitList(variant: Variant | undefined, text: string): MsgParam {
  const units = text.split(' and ').map((unit) => (variant ? unitsParam(variant, [unit]) : unit));
  return units.reduceRight((last, first) => msg('results.reason.and', { first, last }));
}

/** `Altdorf and Nuln` (places as the engine names them) in the reader's language, with the reader's `and`. */
function placeList(variant: Variant | undefined, text: string): MsgParam {
  const places = text.split(' and ').map((p) => placeIn(variant, p));
  return places.reduceRight((last, first) => msg('results.reason.and', { first, last }));
}

/** A strength as a parameter: the number, or the number with the notes of the rules that set it. */
function strength(reading: Reading, value: string): MsgParam {
  const [number, note] = value.split('§');
  if (note === undefined) return Number(number);
  const notes = (reading.notes[Number(note)] ?? '').split('; ').map((text) => noteMsg(reading.variant, text));
  const list = notes.reduceRight((rest, first) => msg('results.reason.then', { first, rest }));
  return msg('results.reason.noted', { strength: Number(number), notes: list });
}

/** A strength note (`the wall of Linzi takes 1 from the attack (wall rule 1)`) as the variant words it, or as it is. */
function noteMsg(variant: Variant | undefined, text: string): Msg {
  for (const r of variant?.reasonTexts ?? []) {
    const m = r.note ? r.pattern.exec(text) : null;
    if (m) return variantMsg({ variant, notes: [] }, r.key, r.params ?? [], m);
  }
  return msg('text.plain', { text });
}

function param(reading: Reading, kind: ReasonPart, value: string): MsgParam {
  switch (kind) {
    case 'place':
      return placeIn(reading.variant, value);
    case 'places':
      return listParam(value.split(', ').map((p) => placeIn(reading.variant, p)));
    case 'units':
      return unitList(reading.variant, value);
    case 'number':
      return strength(reading, value);
    case 'power':
      return reading.variant?.powers.some((p) => p.name === value) ? powerParam(reading.variant, value) : value;
    case 'reason':
      return worded(reading, value);
    default:
      return value;
  }
}

function variantMsg(
  reading: Reading,
  key: string,
  names: readonly (readonly [string, ReasonPart])[],
  m: RegExpExecArray,
): Msg {
  const params: Record<string, MsgParam> = {};
  names.forEach(([name, kind], i) => {
    // An optional group that did not match is the empty text (a `select`'s `other`).
    const value = m[i + 1];
    params[name] = value === undefined ? '' : param(reading, kind, value);
  });
  return msg(key as MessageKey, params);
}

/** An order the adjudicator refused (`Kiel is not next to Munich, so the unit held`), or the refusal alone. */
function illegalPart(reading: Reading, reason: string): Msg | null {
  const held = /^(.+), so the unit held$/s.exec(reason);
  const retreat = /^(.+) \(options: (.+)\)$/s.exec(reason); // a retreat refused (src/engine/retreat.ts)
  const clause = held?.[1] ?? retreat?.[1] ?? reason;
  const problem = illegalClauseMsg(reading.variant, clause) ?? (held || retreat ? variantPart(reading, clause) : null);
  if (!problem) return null;
  if (held) return msg('results.reason.illegalHeld', { problem });
  if (!retreat) return problem;
  const options = retreat[2]!;
  return options === 'none'
    ? msg('results.reason.noRetreatOption', { problem })
    : msg('results.reason.retreatOptions', { problem, options });
}

/** One reason (or one part of it) as a message, or null when no pattern knows it. */
function reasonPart(reading: Reading, reason: string): Msg | null {
  for (const [pattern, key, names] of REASONS) {
    const m = pattern.exec(reason);
    if (!m) continue;
    const params: Record<string, MsgParam> = {};
    names.forEach((name, i) => {
      const value = m[i + 1]!;
      params[name] = /^\d+(§\d+)?$/.test(value)
        ? strength(reading, value)
        : name === 'place'
          ? placeIn(reading.variant, value)
          : name === 'places'
            ? placeList(reading.variant, value)
            : unitList(reading.variant, value);
    });
    if (PLACED.has(key)) params.named = namesPlaceParam(reading.variant, m[1]!, m[2]!);
    return msg(key, params);
  }
  return variantPart(reading, reason) ?? illegalPart(reading, reason);
}

/** One of the variant's own sentences (`Variant.reasonTexts`, not a strength note), or null. */
function variantPart(reading: Reading, reason: string): Msg | null {
  for (const r of reading.variant?.reasonTexts ?? []) {
    const m = r.note ? null : r.pattern.exec(reason);
    if (m) return variantMsg(reading, r.key, r.params ?? [], m);
  }
  return null;
}

/** A reason with its notes taken out, whole or part by part, or as it is. */
function worded(reading: Reading, reason: string): Msg {
  const whole = reasonPart(reading, reason);
  if (whole) return whole;
  const parts = reason.split('; ').map((part) => reasonPart(reading, part));
  if (parts.length < 2 || parts.some((p) => p === null)) return msg('text.plain', { text: restored(reading, reason) });
  return (parts as Msg[]).reduceRight((rest, first) => msg('results.reason.then', { first, rest }));
}

/**
 * The strength notes of a reason (`(2 vs 1: the wall of Linzi takes 1 …)`, `(attack 2: …)`, `(0: …)`) taken out, each
 * replaced by its number (`2§0`), so that the patterns read the sentence around them and no note's `; ` splits it.
 */
function takeNotes(reason: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  let text = '';
  let from = 0;
  for (const m of reason.matchAll(/\((?:\d+ vs |attack )?(\d+): /g)) {
    if (m.index < from) continue;
    const start = m.index + m[0].length;
    let depth = 1;
    let end = start;
    for (; end < reason.length && depth > 0; end++) depth += reason[end] === '(' ? 1 : reason[end] === ')' ? -1 : 0;
    if (depth > 0) break;
    text += `${reason.slice(from, start - 2)}§${notes.length}`;
    notes.push(reason.slice(start, end - 1));
    from = end - 1;
  }
  return { text: text + reason.slice(from), notes };
}

/** A reason as the engine wrote it, notes put back (for a reason no pattern knows). */
function restored(reading: Reading, text: string): string {
  return text.replace(/§(\d+)/g, (_, i: string) => `: ${reading.notes[Number(i)]}`);
}

/** An engine reason as a message (`REASONS`, the refusals, the variant's sentences; whole or part by part), or as it is. */
export function reasonMsg(variant: Variant | undefined, reason: string): Msg {
  const { text, notes } = takeNotes(reason);
  return worded({ variant, notes }, text);
}
