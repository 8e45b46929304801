/**
 * Readable texts for the channel: phase names and the results summary posted after each phase.
 * Only ever called on resolved phases, so they may show orders.
 */
import type { Adjudication, DislodgedUnit, OrderOutcome, OrderResult, Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { locationKey } from '../../engine/map.js';
import { timeRef } from './text-refs.js';

const SEASON_NAME: Record<Phase['season'], string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const TYPE_LETTER: Record<Phase['type'], string> = { movement: 'M', retreat: 'R', adjustment: 'A' };

/** `Spring 1901 movement`, or the variant's own name for the phase (`Spring 369 BC movement`). */
export function phaseLabel(phase: Phase, variant?: Pick<Variant, 'phaseName'>): string {
  return variant?.phaseName?.(phase) ?? `${SEASON_NAME[phase.season] ?? phase.season} ${phase.year} ${phase.type}`;
}

/** `S1901M`, `F1901R`, `W1901A` (DPjudge style). */
export function phaseCode(phase: Phase): string {
  return `${(phase.season[0] ?? '?').toUpperCase()}${phase.year}${TYPE_LETTER[phase.type] ?? '?'}`;
}

const OUTCOME_MARK: Record<OrderOutcome, string> = { success: '✅', failure: '❌', illegal: '⛔', void: '▫️' };

/** `**Spring 1901 movement**: orders with `/order`, deadline in 1 day (1 January 1901 12:00).` — a movement phase opening. */
export function ordersOpenLine(label: string, deadlineMs: number): string {
  return `**${label}**: orders with \`/order\`, deadline ${timeRef(deadlineMs, 'R')} (${timeRef(deadlineMs, 'f')}).`;
}

/** A unit nobody ordered: its own mark, whatever the default did (missed orders stand out). */
const MISSED_MARK = '⏰';

/** An order the computer player gave for a seat's player (`nmr: computer`), marked where it stands in the results. */
const COMPUTER_MARK = '🤖';

/** An order the computer player gave for a seat (docs/bot.md "Seats that never stall"): its power and its text. */
export interface GivenOrder {
  power: string;
  text: string;
}

function resultLine(r: OrderResult, given: boolean): string {
  const reason = r.result !== 'success' && r.reason ? ` — ${r.reason}` : '';
  const mark = `${OUTCOME_MARK[r.result] ?? '•'}${given ? ` ${COMPUTER_MARK}` : ''}`;
  // A unit ordered by the players' vote shows the adopted order, or that no order had a majority; never a voter.
  if (r.vote === 'no-majority') return `${mark} \`${r.order}\` (no majority)${reason}`;
  if (r.vote === 'adopted') return `${mark} \`${r.order}\` (adopted by vote)${reason}`;
  if (r.defaulted) return `${MISSED_MARK} \`${r.order}\` — missed: no order was given${reason}`;
  return `${mark} \`${r.order}\`${reason}`;
}

/** `Bohemia (boh)`: a place by its name, with the id players type. */
function placeName(variant: Variant, id: string): string {
  const province = id.split('/')[0]!;
  const name = variant.map.province(province)?.name;
  return name ? `${name} (${id})` : id;
}

function joinOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function dislodgedLine(variant: Variant, d: DislodgedUnit): string {
  const where = `${d.type} ${locationKey(d)}`;
  const options = (d.retreatOptions ?? []).map((o) => placeName(variant, o));
  const name = variant.map.province(d.province)?.name ?? d.province;
  return options.length > 0
    ? `• ${d.power} ${where} (${name}) was dislodged; it may retreat to ${joinOr(options)}, or disband.`
    : `• ${d.power} ${where} (${name}) was dislodged and has nowhere to retreat: it will be disbanded.`;
}

/**
 * The results summary of one adjudicated phase: per power each order and whether it succeeded (🤖 beside an order
 * the computer player gave for the seat's player, `given`), dislodgements with retreat options, centre changes,
 * removals, and what comes next.
 */
export function formatResultsSummary(
  variant: Variant,
  adjudication: Adjudication,
  next?: { phase: Phase; deadline: number | null } | null,
  given: readonly GivenOrder[] = [],
): string {
  const lines: string[] = [`**${phaseLabel(adjudication.phase, variant)}: results**`];
  const byPower = new Map<string, OrderResult[]>();
  for (const r of adjudication.results) {
    const list = byPower.get(r.power) ?? [];
    list.push(r);
    byPower.set(r.power, list);
  }
  const powerOrder = variant.powers.map((p) => p.name).filter((p) => byPower.has(p));
  for (const p of byPower.keys()) if (!powerOrder.includes(p)) powerOrder.push(p);
  for (const power of powerOrder) {
    const results = byPower.get(power)!;
    // A power that ordered nothing and whose units all held gets one line (keeps the post short).
    if (results.every((r) => r.defaulted && r.result === 'success' && r.order.endsWith(' H'))) {
      lines.push(
        `__${power}__ · ${MISSED_MARK} ${results.length} missed: no orders; ${results.map((r) => r.unit).join(', ')} held.`,
      );
      continue;
    }
    const missed = results.filter((r) => r.defaulted).length;
    const byComputer = new Set(given.filter((g) => g.power === power).map((g) => g.text));
    const computer = results.filter((r) => byComputer.has(r.order)).length;
    lines.push(
      [
        `__${power}__`,
        ...(missed > 0 ? [`${MISSED_MARK} ${missed} missed`] : []),
        ...(computer > 0 ? [`${COMPUTER_MARK} ${computer} given by the computer player`] : []),
      ].join(' · '),
    );
    for (const r of results) lines.push(resultLine(r, byComputer.has(r.order)));
  }
  if (adjudication.results.length === 0) lines.push('Nothing was ordered.');
  if (adjudication.dislodged.length > 0) {
    lines.push('**Dislodged**');
    for (const d of adjudication.dislodged) lines.push(dislodgedLine(variant, d));
  }
  if (adjudication.civilDisorderRemovals.length > 0) {
    lines.push('**Civil disorder removals**');
    for (const u of adjudication.civilDisorderRemovals) lines.push(`• ${u.power} ${u.type} ${locationKey(u)}`);
  }
  if (adjudication.centerChanges.length > 0) {
    lines.push('**Supply centres**');
    for (const c of adjudication.centerChanges) {
      lines.push(`• ${placeName(variant, c.province)}: ${c.from ?? 'neutral'} → ${c.to}`);
    }
  }
  if (adjudication.events && adjudication.events.length > 0) {
    lines.push('**Events**');
    for (const e of adjudication.events) lines.push(`• ${e.text}`);
  }
  if (adjudication.winner) lines.push(`🏆 **${adjudication.winner} wins the game!**`);
  else if (next) {
    lines.push(
      next.deadline !== null
        ? `Next: **${phaseLabel(next.phase, variant)}**, deadline ${timeRef(next.deadline, 'R')} (${timeRef(next.deadline, 'f')}).`
        : `Next: **${phaseLabel(next.phase, variant)}**.`,
    );
  }
  return lines.join('\n');
}
