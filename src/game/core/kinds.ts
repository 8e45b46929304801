/** The registry of game kinds (the interface and what it is for: src/game/core/kind.ts). */
import { cardGameKind } from '../cards/kind.js';
import type { GameKind } from './kind.js';

export type { GameKind } from './kind.js';

const KINDS: readonly GameKind[] = [cardGameKind];

/** Every game kind beside the Diplomacy games. */
export function gameKinds(): readonly GameKind[] {
  return KINDS;
}

/** The kind of a `games.kind` value (undefined: a Diplomacy game). */
export function gameKindOf(kind: string): GameKind | undefined {
  return KINDS.find((k) => k.kind === kind);
}
