/**
 * Texts for the channel: phase names and the results summary posted after each phase, as message keys the reader's
 * locale words (docs/locales.md). Only ever called on resolved phases, so they may show orders.
 */
import type { Adjudication, DislodgedUnit, OrderOutcome, OrderResult, Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { LOCALES, msg, t, type Localized, type Msg, type MsgParam } from '../../i18n/index.js';
import { orderParam, placeParam, powerParam, powerUnitParam, unitsParam } from './names.js';
import { reasonMsg } from './reasons.js';
import { timeRef } from './text-refs.js';

const TYPE_LETTER: Record<Phase['type'], string> = { movement: 'M', retreat: 'R', adjustment: 'A' };

/** A text the game layer does not word (a variant's sentence, an order): shown as it is in every locale. */
export function plainMsg(text: string | Localized): Msg {
  return msg('text.plain', { text });
}

/** `Spring 1901 movement` / `Printemps 1901, mouvements`, or the variant's own name for the phase (`Spring 369 BC movement`). */
export function phaseMsg(phase: Phase, variant?: Pick<Variant, 'phaseName'>): Msg {
  const name = variant?.phaseName;
  // The variant's calendar in each locale (Mandate of Heaven's `Printemps 369 av. J.-C., mouvements`).
  if (name) return plainMsg(inEachLocale((l) => name(phase, l)));
  // The year is a string: a number would be grouped (`1,901`).
  return msg('phase.name', { season: phase.season, year: String(phase.year), type: phase.type });
}

/** A variant's calendar's words in each locale: the English, with the locales that write it otherwise. */
function inEachLocale(words: (locale: string) => string): string | Localized {
  const own = words('en');
  const differ = LOCALES.filter((l) => l !== 'en')
    .map((l) => [l, words(l)] as const)
    .filter(([, text]) => text !== own);
  return differ.length > 0 ? { text: own, in: Object.fromEntries(differ) } : own;
}

/**
 * A game year as the reader's calendar names it: `1901` in every locale, or the variant's own (`369 BC`, `369 av.
 * J.-C.`, `公元前369年`); with `season`, that season of it (`Winter 1901`, `Hiver 1901`, `1901年冬季`; `Winter 369 BC`).
 */
export function yearMsg(year: number, variant?: Pick<Variant, 'yearName'>, season?: Phase['season']): MsgParam {
  const name = variant?.yearName;
  if (name) return inEachLocale((l) => name(year, l, season));
  return season === undefined ? String(year) : msg('chart.season', { season, year: String(year) });
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

/** An order the computer player gave for a seat's player (`nmr: computer`), marked where it stands in the results. */
const COMPUTER_MARK = '🤖';

/** An order the computer player gave for a seat (docs/bot.md "Seats that never stall"): its power and its text. */
export interface GivenOrder {
  power: string;
  text: string;
}

/**
 * Who stood behind the powers' orders in a phase, for its results: the orders the computer player gave for a seat's
 * player (`given`), and the powers in civil disorder (`noPlayer`: nobody holds them, or a vacant seat under `nmr:hold`,
 * docs/bot.md "Seats that never stall"), whose defaults are no player's lapse.
 */
export interface PhaseSeats {
  given?: readonly GivenOrder[];
  noPlayer?: readonly string[];
}

const LINE_KEYS = {
  order: ['results.line.order', 'results.line.order.reason'],
  adopted: ['results.line.adopted', 'results.line.adopted.reason'],
  noMajority: ['results.line.noMajority', 'results.line.noMajority.reason'],
  missed: ['results.line.missed', 'results.line.missed.reason'],
} as const;

function resultLine(variant: Variant, r: OrderResult, given: boolean, disorder: boolean): Msg {
  const mark = `${OUTCOME_MARK[r.result] ?? '•'}${given ? ` ${COMPUTER_MARK}` : ''}`;
  // A waive by default of several builds says how many (`2 unused builds waived`); other successes need no reason.
  const reason =
    (r.result !== 'success' || (r.defaulted && missedCount(r) > 1)) && r.reason ? reasonMsg(variant, r.reason) : null;
  // A unit ordered by the players' vote shows the adopted order, or that no order had a majority; never a voter. A
  // power in civil disorder missed nothing: its defaults are shown as orders.
  const kind =
    r.vote === 'no-majority'
      ? 'noMajority'
      : r.vote === 'adopted'
        ? 'adopted'
        : r.defaulted && !disorder
          ? 'missed'
          : 'order';
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

/**
 * `• France A Munich was dislodged…`: the unit names its province (and coast) in the reader's words, as the orders
 * above it do, so the line names it once (docs/locales.md "Results").
 */
function dislodgedLine(variant: Variant, d: DislodgedUnit): Msg {
  const unit = powerUnitParam(variant, d.power, d);
  // Another power's unit under fog of war: its options are not shown (src/engine/fog.ts `seenDislodged`).
  if (d.retreatOptions === undefined) return msg('results.dislodged.unseen', { unit });
  const options = (d.retreatOptions ?? []).map((o) => placeParam(variant, o));
  return options.length > 0
    ? msg('results.dislodged.retreat', { unit, options: orList(options) })
    : msg('results.dislodged.none', { unit });
}

/** How many orders a default stands for: a waive by default, each build it waived (`2 unused builds waived`). */
function missedCount(r: OrderResult): number {
  const waived = r.order === 'WAIVE' ? /^(\d+) unused builds? waived$/.exec(r.reason ?? '') : null;
  return waived ? Number(waived[1]) : 1;
}

/**
 * The lines of one power's results (one line for a power that ordered nothing and only held). A power in civil
 * disorder (`disorder`) says so instead of counting missed orders: nobody was there to give them.
 */
function powerLines(
  variant: Variant,
  power: string,
  results: OrderResult[],
  given: readonly GivenOrder[],
  disorder: boolean,
): Msg[] {
  const name = powerParam(variant, power);
  if (results.every((r) => r.defaulted && r.result === 'success' && r.order.endsWith(' H'))) {
    const units = unitsParam(
      variant,
      results.map((r) => r.unit),
    );
    return [
      disorder
        ? msg('results.power.disorder', { power: name, count: results.length, units })
        : msg('results.power.silent', { power: name, count: results.length, units }),
    ];
  }
  const missed = results.filter((r) => r.defaulted).reduce((n, r) => n + missedCount(r), 0);
  const byComputer = new Set(given.filter((g) => g.power === power).map((g) => g.text));
  const computer = results.filter((r) => byComputer.has(r.order)).length;
  return [
    disorder
      ? msg('results.power.head.disorder', { power: name })
      : msg('results.power.head', { power: name, missed, computer }),
    ...results.map((r) => resultLine(variant, r, byComputer.has(r.order), disorder)),
  ];
}

/**
 * The results summary of one adjudicated phase, as lines: per power each order and whether it succeeded (🤖 beside an
 * order the computer player gave for the seat's player, `seats.given`; civil disorder named for a power of
 * `seats.noPlayer`), dislodgements with retreat options, centre changes, removals, and what comes next.
 */
export function resultsSummaryLines(
  variant: Variant,
  adjudication: Adjudication,
  next?: { phase: Phase; deadline: number | null } | null,
  seats: PhaseSeats = {},
): Msg[] {
  const given = seats.given ?? [];
  const noPlayer = new Set(seats.noPlayer ?? []);
  const lines: Msg[] = [msg('results.title', { phase: phaseMsg(adjudication.phase, variant) })];
  const byPower = new Map<string, OrderResult[]>();
  for (const r of adjudication.results) byPower.set(r.power, [...(byPower.get(r.power) ?? []), r]);
  const powerOrder = variant.powers.map((p) => p.name).filter((p) => byPower.has(p));
  for (const p of byPower.keys()) if (!powerOrder.includes(p)) powerOrder.push(p);
  for (const power of powerOrder)
    lines.push(...powerLines(variant, power, byPower.get(power)!, given, noPlayer.has(power)));
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
    for (const e of adjudication.events) lines.push(msg('results.bullet', { text: reasonMsg(variant, e.text) }));
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
  seats: PhaseSeats = {},
): string {
  return resultsSummaryLines(variant, adjudication, next, seats)
    .map((line) => t('en', line))
    .join('\n');
}
