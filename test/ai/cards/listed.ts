/**
 * Checking an answer of the card AI against `cards legal` (the engine's `legalActions`, which the CLI prints).
 */
import { legalActions, type Action, type CardGameState, type Effect, type Seat } from '../../../src/cardgame/index.js';

/** JSON with sorted keys, to compare actions whatever order their fields were written in. */
export function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    return `{${Object.keys(x)
      .filter((k) => (x as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(x);
}

/** Two flat actions alike field by field (undefined fields left out). */
function sameFlat(x: object, y: object): boolean {
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  for (const k in a) if (a[k] !== undefined && a[k] !== b[k]) return false;
  for (const k in b) if (b[k] !== undefined && a[k] !== b[k]) return false;
  return true;
}

/** Why `a` is not an action `cards legal` lists for `seat` in the full state `s`, or null when it is. */
export function notListed(s: CardGameState, seat: Seat, a: Action): string | null {
  const { seat: toAct, actions } = legalActions(s);
  if (a.seat !== seat) return `answered for seat ${a.seat}, not ${seat}`;
  if (toAct !== null && toAct !== seat) return `seat ${seat} answered while seat ${toAct} is to act`;
  const mine = actions.filter((x) => x.seat === seat);
  if (a.type === 'give') {
    const cards = [...(a.cards ?? [])].sort();
    return mine.some((x) => x.type === 'give' && canonical([...(x.cards ?? [])].sort()) === canonical(cards))
      ? null
      : `give ${cards} is not listed`;
  }
  if (a.type !== 'fallBack') return mine.some((x) => sameFlat(x, a)) ? null : `${canonical(a)} is not listed`;
  const entry = mine.find((x) => x.type === 'fallBack') as
    | { claims: string[]; options: Record<string, Effect[]>; recruitCount: number }
    | undefined;
  if (!entry) return 'no fall back is listed';
  const effects = a.effects ?? [];
  const symbols = effects.map((e) => e.symbol);
  if (
    canonical([...symbols].sort()) !== canonical([...entry.claims].sort()) &&
    !(s.phase === 'tiebreak' && effects.length === 0)
  )
    return `effects for ${symbols} but the claims are ${entry.claims}`;
  for (const e of effects) {
    if ('draw' in e) continue;
    if (!(entry.options[e.symbol] ?? []).some((o) => canonical(o) === canonical(e)))
      return `effect ${canonical(e)} is not among the listed options`;
  }
  const recruit = a.recruit ?? [];
  if (s.phase !== 'tiebreak' && recruit.length !== entry.recruitCount)
    return `recruits ${recruit.length}, the entry says ${entry.recruitCount}`;
  const row = [...s.row];
  for (const c of [...effects.flatMap((e) => ('card' in e ? [e.card] : [])), ...recruit]) {
    const i = row.indexOf(c);
    if (i < 0) return `takes ${c}, which is not in the row`;
    row.splice(i, 1);
  }
  return null;
}
