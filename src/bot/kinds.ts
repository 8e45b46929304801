/** The registry of game kinds in the bot (the interface and what it is for: src/bot/kind.ts). */
import type { GameDeps } from '../game/core/index.js';
import { cardBotKind } from './cards/kind.js';
import type { BotKind } from './kind.js';

export type { BotKind, KindSendDeps } from './kind.js';

const KINDS: readonly BotKind[] = [cardBotKind];

export function botKinds(): readonly BotKind[] {
  return KINDS;
}

/** The kind of a `games.kind` value (an outbox row's `kind`). */
export function botKindOf(kind: string): BotKind | undefined {
  return KINDS.find((k) => k.kind === kind);
}

/** The kind whose game is in the channel (undefined: a Diplomacy game, or none). */
export async function botKindInChannel(deps: GameDeps, channelId: string): Promise<BotKind | undefined> {
  for (const k of KINDS) if (await k.inChannel(deps, channelId)) return k;
  return undefined;
}

/** The kind `/game create variant:` names (undefined: a Diplomacy variant). */
export function botKindCreating(variant: string): BotKind | undefined {
  return KINDS.find((k) => k.choice.value === variant);
}
