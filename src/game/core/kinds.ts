/**
 * The registry of game kinds beside Diplomacy (the interface and what it is for: src/game/core/kind.ts). A kind
 * registers itself from its feature's face (src/game/cards/index.ts), so the features below it reach it through
 * this registry without importing it; a `games.kind` nobody registered is a loud error, never a Diplomacy game.
 */
import type { GameKind } from './kind.js';

export type { GameKind } from './kind.js';

const KINDS = new Map<string, GameKind>();

/** Adds a kind (once per kind; registering it again replaces it, so a re-imported module is harmless). */
export function registerGameKind(kind: GameKind): void {
  KINDS.set(kind.kind, kind);
}

/** Every game kind beside the Diplomacy games. */
export function gameKinds(): readonly GameKind[] {
  return [...KINDS.values()];
}

/** The kind of a `games.kind` value (undefined: a Diplomacy game). */
export function gameKindOf(kind: string): GameKind | undefined {
  if (kind === 'diplomacy') return undefined;
  const found = KINDS.get(kind);
  if (!found) throw new Error(`game kind "${kind}" is not registered: import its feature's face (src/game/cards)`);
  return found;
}
