/**
 * Texts for the channel: phase names and the results summary posted after each phase, as message keys the reader's
 * locale words (docs/locales.md). Only ever called on resolved phases, so they may show orders.
 */
import type { Adjudication, DislodgedUnit, OrderOutcome, OrderResult, Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { msg, t, type Msg, type MsgParam } from '../../i18n/index.js';
import { orderParam, placeIn, placeParam, powerParam, powerUnitParam, provinceParam, unitsParam } from './names.js';
import { illegalClauseMsg } from './problems.js';
import { timeRef } from './text-refs.js';

const TYPE_LETTER: Record<Phase['type'], string> = { movement: 'M', retreat: 'R', adjustment: 'A' };

/** A text the game layer does not word (a variant's sentence, an order): shown as it is in every locale. */
export function plainMsg(text: string): Msg {
  return msg('text.plain', { text });
}

/** `Spring 1901 movement` / `Printemps 1901, mouvements`, or the variant's own name for the phase (`Spring 369 BC movement`). */
export function phaseMsg(phase: Phase, variant?: Pick<Variant, 'phaseName'>): Msg {
  const own = variant?.phaseName?.(phase);
  if (own !== undefined) return plainMsg(own);
  // The year is a string: a number would be grouped (`1,901`).
  return msg('phase.name', { season: phase.season, year: String(phase.year), type: phase.type });
}

/** `Spring 1901 movement`, or the variant's own name for the phase, in English (`phaseMsg` for a reader's locale). */
export function phaseLabel(phase: Phase, variant?: Pick<Variant, 'phaseName'>): string {
  return t('en', phaseMsg(phase, variant));
}

/** `S1901M`, `F1901R`, `W1901A` (DPjudge style). */
export function phaseCode(phase: Phase): string {
  return `${(phase.season[0] ?? '?').toUpperCase()}${phase.year}${TYPE_LETTER[phase.type] ?? '?'}`;
}

const OUTCOME_MARK: Record<OrderOutcome, string> = { success: '✅', failure: '❌', illegal: '⛔', void: '▫️' };

/** `**Spring 1901 movement**: orders with `/order`, deadline in 1 day (1 January 1901 12:00).` — a movement phase opening. */
export function ordersOpenMsg(phase: Msg, deadlineMs: number): Msg {
  return msg('phase.ordersOpen', { phase, relative: timeRef(deadlineMs, 'R'), date: timeRef(deadlineMs, 'f') });
}

/** `ordersOpenMsg` in English, for a label already worded. */
export function ordersOpenLine(label: string, deadlineMs: number): string {
  return t('en', ordersOpenMsg(plainMsg(label), deadlineMs));
}

/** An order the computer player gave for a seat's player (`nmr: computer`), marked where it stands in the results. */
const COMPUTER_MARK = '🤖';

/** An order the computer player gave for a seat (docs/bot.md "Seats that never stall"): its power and its text. */
export interface GivenOrder {
  power: string;
  text: string;
}

/**
 * The engine's reasons (src/engine/movement/explain.ts and friends, English sentences a player reads), as messages:
 * each pattern matches a whole reason, or one of its parts between `; ` (`bounced with …; dislodged by …`), and its
 * message words it the same in English; a place in it is read back to its province and named in the reader's
 * language. A reason no pattern knows (a variant's own rule, the rarer explanations) is shown as the engine wrote it,
 * whole (docs/locales.md "Refused orders").
 */
const REASONS: readonly [RegExp, Parameters<typeof msg>[0], readonly string[]][] = [
  [/^held$/, 'results.reason.held', []],
  [/^done$/, 'results.reason.done', []],
  [/^no order: the unit held$/, 'results.reason.noOrder', []],
  [/^moved to ([^(;,]+)$/, 'results.reason.moved', ['place']],
  [/^moved to ([^(;,]+), dislodging ([^();,]+)$/, 'results.reason.movedDislodging', ['place', 'unit']],
  [/^bounced with ([^();]+) \((\d+) vs (\d+)\)$/, 'results.reason.bounced', ['units', 'attack', 'strength']],
  [
    /^bounced off ([^();]+) in ([^();,]+) \((\d+) vs (\d+)\)$/,
    'results.reason.bouncedOff',
    ['unit', 'place', 'attack', 'strength'],
  ],
  [
    /^bounced off ([^();]+) in ([^();,]+), which did not move away \((\d+) vs (\d+)\)$/,
    'results.reason.bouncedOffStuck',
    ['unit', 'place', 'attack', 'strength'],
  ],
  [/^blocked by ([^();,]+)$/, 'results.reason.blocked', ['unit']],
  [/^blocked by ([^();,]+), which did not move away$/, 'results.reason.blockedStuck', ['unit']],
  [/^cannot dislodge ([^();,]+), a unit of its own power$/, 'results.reason.ownUnit', ['unit']],
  [
    /^lost the head-to-head battle with ([^();]+) \((\d+) vs (\d+)\)$/,
    'results.reason.headToHeadLost',
    ['unit', 'attack', 'strength'],
  ],
  [
    /^a standoff in the head-to-head with ([^();]+) \((\d+) vs (\d+)\): neither unit moved$/,
    'results.reason.standoff',
    ['unit', 'attack', 'strength'],
  ],
  [
    /^its move failed in the head-to-head with ([^();]+) \((\d+) vs (\d+)\)$/,
    'results.reason.headToHeadFailed',
    ['unit', 'attack', 'strength'],
  ],
  [
    /^kept out of ([^();]+) by the stronger attack of ([^();]+), which dislodged ([^();]+) \((\d+) vs (\d+)\)$/,
    'results.reason.keptOut',
    ['place', 'unit', 'victim', 'attack', 'strength'],
  ],
  [/^bounced with ([^();]+) retreating to ([^();]+)$/, 'results.reason.retreatBounced', ['unit', 'place']],
  [/^the unit is disbanded$/, 'results.reason.thenDisbanded', []],
  [/^([^();]+) moved over land, not by this convoy$/, 'results.reason.overLand', ['unit']],
  [/^the convoy was disrupted by a convoy paradox \(Szykman rule\)$/, 'results.reason.paradox', []],
  [/^no fleet convoyed it$/, 'results.reason.noConvoy', []],
  [/^the convoy was disrupted$/, 'results.reason.convoyBroken', []],
  [/^convoy disrupted$/, 'results.reason.convoyDisrupted', []],
  [/^convoy in place, but ([^();]+) did not arrive$/, 'results.reason.convoyNotArrived', ['unit']],
  [/^support given$/, 'results.reason.supportGiven', []],
  [/^support given \(strength (\d+)\)$/, 'results.reason.supportStrength', ['strength']],
  [/^support cut by ([^();]+)$/, 'results.reason.supportCut', ['units']],
  [/^support failed$/, 'results.reason.supportFailed', []],
  [/^support not used: the supported unit moved instead of holding$/, 'results.reason.supportedMoved', []],
  [/^support not used: the supported unit did not move there$/, 'results.reason.supportedStayed', []],
  [/^support not used: the supported unit moved to ([^();]+) instead$/, 'results.reason.supportedWent', ['place']],
  [/^dislodged by ([^();]+) from ([^();]+)$/, 'results.reason.dislodgedFrom', ['unit', 'place']],
  [/^dislodged by ([^();]+)$/, 'results.reason.dislodged', ['unit']],
  [/^convoyed ([^();]+)$/, 'results.reason.convoyed', ['unit']],
  [/^disbanded$/, 'results.reason.disbanded', []],
  [/^no retreat order: disbanded$/, 'results.reason.noRetreat', []],
  [/^retreated to ([^();]+)$/, 'results.reason.retreated', ['place']],
  [/^built in ([^();]+)$/, 'results.reason.built', ['place']],
  [/^build waived$/, 'results.reason.waived', []],
  [/^(\d+) unused builds? waived$/, 'results.reason.unusedWaived', ['count']],
];

/** `A mun and A ven` (units as orders write them) with the reader's `and` (as the engine: between each two). */
function unitList(text: string): MsgParam {
  const units: MsgParam[] = text.split(' and ');
  return units.reduceRight((last, first) => msg('results.reason.and', { first, last }));
}

/** An order the adjudicator refused (`Kiel is not next to Munich, so the unit held`), or the refusal alone. */
function illegalPart(variant: Variant | undefined, reason: string): Msg | null {
  const held = /^(.+), so the unit held$/s.exec(reason);
  const retreat = /^(.+) \(options: (.+)\)$/s.exec(reason); // a retreat refused (src/engine/retreat.ts)
  const problem = illegalClauseMsg(variant, held?.[1] ?? retreat?.[1] ?? reason);
  if (!problem) return null;
  if (held) return msg('results.reason.illegalHeld', { problem });
  if (!retreat) return problem;
  const options = retreat[2]!;
  return options === 'none'
    ? msg('results.reason.noRetreatOption', { problem })
    : msg('results.reason.retreatOptions', { problem, options });
}

/** One reason (or one part of it) as a message, or null when no pattern knows it. */
function reasonPart(variant: Variant | undefined, reason: string): Msg | null {
  for (const [pattern, key, names] of REASONS) {
    const m = pattern.exec(reason);
    if (!m) continue;
    const params: Record<string, MsgParam> = {};
    names.forEach((name, i) => {
      const value = m[i + 1]!;
      params[name] = /^\d+$/.test(value) ? Number(value) : name === 'place' ? placeIn(variant, value) : unitList(value);
    });
    return msg(key, params);
  }
  return illegalPart(variant, reason);
}

/** An engine reason as a message (`REASONS`, whole or part by part), or as it is. */
export function reasonMsg(variant: Variant | undefined, reason: string): Msg {
  const whole = reasonPart(variant, reason);
  if (whole) return whole;
  const parts = reason.split('; ').map((part) => reasonPart(variant, part));
  if (parts.length < 2 || parts.some((p) => p === null)) return plainMsg(reason);
  return (parts as Msg[]).reduceRight((rest, first) => msg('results.reason.then', { first, rest }));
}

const LINE_KEYS = {
  order: ['results.line.order', 'results.line.order.reason'],
  adopted: ['results.line.adopted', 'results.line.adopted.reason'],
  noMajority: ['results.line.noMajority', 'results.line.noMajority.reason'],
  missed: ['results.line.missed', 'results.line.missed.reason'],
} as const;

function resultLine(variant: Variant, r: OrderResult, given: boolean): Msg {
  const mark = `${OUTCOME_MARK[r.result] ?? '•'}${given ? ` ${COMPUTER_MARK}` : ''}`;
  const reason = r.result !== 'success' && r.reason ? reasonMsg(variant, r.reason) : null;
  // A unit ordered by the players' vote shows the adopted order, or that no order had a majority; never a voter.
  const kind =
    r.vote === 'no-majority' ? 'noMajority' : r.vote === 'adopted' ? 'adopted' : r.defaulted ? 'missed' : 'order';
  const params = { ...(kind === 'missed' ? {} : { mark }), order: orderParam(variant, r.order) };
  return reason ? msg(LINE_KEYS[kind][1], { ...params, reason }) : msg(LINE_KEYS[kind][0], params);
}

/** `A, B or C` in the reader's words. */
function orList(items: readonly MsgParam[]): Msg {
  let list = msg('text.plain', { text: items[items.length - 1] ?? '' });
  if (items.length > 1) list = msg('results.list.or', { first: items[items.length - 2]!, last: list });
  for (let i = items.length - 3; i >= 0; i--) list = msg('results.list.more', { first: items[i]!, rest: list });
  return list;
}

function dislodgedLine(variant: Variant, d: DislodgedUnit): Msg {
  const unit = powerUnitParam(variant, d.power, d);
  const options = (d.retreatOptions ?? []).map((o) => placeParam(variant, o));
  const name = provinceParam(variant, d.province);
  return options.length > 0
    ? msg('results.dislodged.retreat', { unit, name, options: orList(options) })
    : msg('results.dislodged.none', { unit, name });
}

/** The lines of one power's results (one line for a power that ordered nothing and only held). */
function powerLines(variant: Variant, power: string, results: OrderResult[], given: readonly GivenOrder[]): Msg[] {
  const name = powerParam(variant, power);
  if (results.every((r) => r.defaulted && r.result === 'success' && r.order.endsWith(' H')))
    return [
      msg('results.power.silent', {
        power: name,
        count: results.length,
        units: unitsParam(
          variant,
          results.map((r) => r.unit),
        ),
      }),
    ];
  const missed = results.filter((r) => r.defaulted).length;
  const byComputer = new Set(given.filter((g) => g.power === power).map((g) => g.text));
  const computer = results.filter((r) => byComputer.has(r.order)).length;
  return [
    msg('results.power.head', { power: name, missed, computer }),
    ...results.map((r) => resultLine(variant, r, byComputer.has(r.order))),
  ];
}

/**
 * The results summary of one adjudicated phase, as lines: per power each order and whether it succeeded (🤖 beside an
 * order the computer player gave for the seat's player, `given`), dislodgements with retreat options, centre changes,
 * removals, and what comes next.
 */
export function resultsSummaryLines(
  variant: Variant,
  adjudication: Adjudication,
  next?: { phase: Phase; deadline: number | null } | null,
  given: readonly GivenOrder[] = [],
): Msg[] {
  const lines: Msg[] = [msg('results.title', { phase: phaseMsg(adjudication.phase, variant) })];
  const byPower = new Map<string, OrderResult[]>();
  for (const r of adjudication.results) byPower.set(r.power, [...(byPower.get(r.power) ?? []), r]);
  const powerOrder = variant.powers.map((p) => p.name).filter((p) => byPower.has(p));
  for (const p of byPower.keys()) if (!powerOrder.includes(p)) powerOrder.push(p);
  for (const power of powerOrder) lines.push(...powerLines(variant, power, byPower.get(power)!, given));
  if (adjudication.results.length === 0) lines.push(msg('results.nothing'));
  if (adjudication.dislodged.length > 0) {
    lines.push(msg('results.heading.dislodged'));
    for (const d of adjudication.dislodged) lines.push(dislodgedLine(variant, d));
  }
  if (adjudication.civilDisorderRemovals.length > 0) {
    lines.push(msg('results.heading.disorder'));
    for (const u of adjudication.civilDisorderRemovals)
      lines.push(msg('results.bullet', { text: powerUnitParam(variant, u.power, u) }));
  }
  if (adjudication.centerChanges.length > 0) {
    lines.push(msg('results.heading.centres'));
    for (const c of adjudication.centerChanges)
      lines.push(
        c.from === null
          ? msg('results.centre.neutral', { place: placeParam(variant, c.province), to: powerParam(variant, c.to) })
          : msg('results.centre', {
              place: placeParam(variant, c.province),
              from: powerParam(variant, c.from),
              to: powerParam(variant, c.to),
            }),
      );
  }
  if (adjudication.events && adjudication.events.length > 0) {
    lines.push(msg('results.heading.events'));
    for (const e of adjudication.events) lines.push(msg('results.bullet', { text: e.text }));
  }
  const last = resultsLastLine(variant, adjudication, next);
  if (last) lines.push(last);
  return lines;
}

/** The last line of a results post: the winner, else the next phase and its deadline (none when the game ended). */
export function resultsLastLine(
  variant: Variant,
  adjudication: Pick<Adjudication, 'winner'>,
  next: { phase: Phase; deadline: number | null } | null | undefined,
): Msg | null {
  if (adjudication.winner) return msg('results.winner', { power: powerParam(variant, adjudication.winner) });
  if (!next) return null;
  const phase = phaseMsg(next.phase, variant);
  return next.deadline !== null
    ? msg('results.next.deadline', { phase, relative: timeRef(next.deadline, 'R'), date: timeRef(next.deadline, 'f') })
    : msg('results.next', { phase });
}

/** `resultsSummaryLines` in English, one text. */
export function formatResultsSummary(
  variant: Variant,
  adjudication: Adjudication,
  next?: { phase: Phase; deadline: number | null } | null,
  given: readonly GivenOrder[] = [],
): string {
  return resultsSummaryLines(variant, adjudication, next, given)
    .map((line) => t('en', line))
    .join('\n');
}
