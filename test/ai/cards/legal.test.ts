/**
 * The card AI against `cards legal` (issue 22 §2 and cli.md § ai): in seeded games at every seat count, every
 * seat a computer player that sees only its view, each answer must be an action `cards legal` lists for that seat
 * in the full state (for a fall back: the listed entry, each effect among the entry's options for its claim, every
 * claim resolved once, the recruits from the row), the engine must accept it, and every game must end (never a
 * stalled table). CARD_AI_GAMES games per seat count (default below; `npm run bench` plays thousands), at a small
 * search budget (CARD_AI_PLAYOUTS); every third game uses the no-search mode too.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, newGame } from '../../../src/cardgame/index.js';
import type { Action, CardGameState, Effect, Seat } from '../../../src/cardgame/index.js';
import { aiPlayer, playGame } from './players.js';

const GAMES = Number(process.env.CARD_AI_GAMES ?? 200);
const PLAYOUTS = Number(process.env.CARD_AI_PLAYOUTS ?? 1);

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

/** Why `a` is not an action `cards legal` lists for `seat` in the full state `s`, or null when it is. */
export function notListed(s: CardGameState, seat: Seat, a: Action): string | null {
  const { seat: toAct, actions } = legalActions(s);
  if (a.seat !== seat) return `answered for seat ${a.seat}, not ${seat}`;
  if (toAct !== null && toAct !== seat) return `seat ${seat} answered while seat ${toAct} is to act`;
  const mine = actions.filter((x) => x.seat === seat);
  if (a.type === 'give') {
    const cards = [...(a.cards ?? [])].sort();
    return mine.some((x) => x.type === 'give' && canonical([...(x.cards ?? [])].sort()) === canonical(cards)) ? null : `give ${cards} is not listed`;
  }
  if (a.type !== 'fallBack') return mine.some((x) => canonical(x) === canonical(a)) ? null : `${canonical(a)} is not listed`;
  const entry = mine.find((x) => x.type === 'fallBack') as { claims: string[]; options: Record<string, Effect[]>; recruitCount: number } | undefined;
  if (!entry) return 'no fall back is listed';
  const effects = a.effects ?? [];
  const symbols = effects.map((e) => e.symbol);
  if (canonical([...symbols].sort()) !== canonical([...entry.claims].sort()) && !(s.phase === 'tiebreak' && effects.length === 0)) return `effects for ${symbols} but the claims are ${entry.claims}`;
  for (const e of effects) {
    if ('draw' in e) continue;
    if (!(entry.options[e.symbol] ?? []).some((o) => canonical(o) === canonical(e))) return `effect ${canonical(e)} is not among the listed options`;
  }
  const recruit = a.recruit ?? [];
  if (s.phase !== 'tiebreak' && recruit.length !== entry.recruitCount) return `recruits ${recruit.length}, the entry says ${entry.recruitCount}`;
  const row = [...s.row];
  for (const c of [...effects.flatMap((e) => ('card' in e ? [e.card] : [])), ...recruit]) {
    const i = row.indexOf(c);
    if (i < 0) return `takes ${c}, which is not in the row`;
    row.splice(i, 1);
  }
  return null;
}

describe.each([2, 3, 4, 5])('%i seats: computer players at every seat', (seats) => {
  it(`${GAMES} seeded games end, every answer listed by cards legal and accepted`, () => {
    const kinds = new Set<string>();
    for (let g = 0; g < GAMES; g++) {
      const players = Array.from({ length: seats }, () => aiPlayer({ playouts: g % 3 === 2 ? 0 : PLAYOUTS }));
      const state = newGame({ seats, seed: `ai-legal-${seats}-${g}`, dynastyCards: g % 2 === 1 });
      const rec = playGame(state, players, `ai-legal-${seats}-${g}`, (full, seat, action) => {
        const why = notListed(full, seat, action);
        if (why) throw new Error(`game ${g}, round ${full.round}, seat ${seat}: ${why}`);
        kinds.add(action.type);
      });
      expect(rec.winner).not.toBe(null);
    }
    if (GAMES >= 20) expect([...kinds].sort()).toEqual(['choose', 'fallBack', 'give', 'wage']);
  });
});
