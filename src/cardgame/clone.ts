/** A deep copy of the state, written out by hand: `apply` copies the state once per action. */
import type { CardGameState, PlayedCard } from './types.js';

const copyPlayed = (p: PlayedCard): PlayedCard => ({ ...p });

export function cloneState(s: CardGameState): CardGameState {
  const strongholds: CardGameState['strongholds'] = {};
  for (const k in s.strongholds) strongholds[k] = [...s.strongholds[k]!];
  const states = {} as CardGameState['states'];
  for (const k in s.states) states[k as keyof typeof states] = [...s.states[k as keyof typeof states]];
  const b = s.battle;
  return {
    settings: { ...s.settings },
    rng: s.rng,
    seats: s.seats.map((x) => ({ ...x, hand: [...x.hand] })),
    deck: [...s.deck],
    discard: [...s.discard],
    row: [...s.row],
    resistance: [...s.resistance],
    strongholds,
    states,
    round: s.round,
    phase: s.phase,
    currentState: s.currentState,
    startSeat: s.startSeat,
    turnSeat: s.turnSeat,
    gives: s.gives.map((g) => (g ? [...g] : null)),
    chooser: s.chooser ? { ...s.chooser } : null,
    battle: {
      played: b.played.map((p) => p.map(copyPlayed)),
      playedAny: [...b.playedAny],
      fallen: [...b.fallen],
      available: [...b.available],
      claims: b.claims.map((c) => [...c]),
      spyClaimer: b.spyClaimer,
      tiebreak: b.tiebreak ? { seats: [...b.tiebreak.seats] } : null,
      discarded: b.discarded,
    },
    stillRounds: s.stillRounds,
    roundStartBoard: s.roundStartBoard,
    winner: Array.isArray(s.winner) ? [...s.winner] : s.winner,
    endReason: s.endReason,
  };
}
