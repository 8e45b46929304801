/**
 * Powers as a reader names them in the replies to a channel's game (docs/locales.md "Names": `Allemagne`, `秦`), for
 * replies whose use-case hands back power names as the variant spells them. English where the variant has no names.
 */
import type { BotContext } from './context.js';
import { findChannelGame } from '../game/history/index.js';
import { powerParam, powersParam, variantOfGame } from '../game/core/index.js';
import type { Locale, MsgParam } from '../i18n/index.js';
import { powerName } from '../variants/names.js';

export interface PowerWords {
  /** One power, as a message parameter. */
  power(power: string): MsgParam;
  /** Several, `, ` between them (`、` in Chinese). */
  powers(powers: readonly string[]): MsgParam;
  /** One power's name in `locale`, for a list the caller joins itself. */
  name(locale: Locale, power: string): string;
}

const AS_WRITTEN: PowerWords = { power: (p) => p, powers: (list) => list.join(', '), name: (_l, p) => p };

/**
 * The power words of the channel's open game, else of its last finished one (as written when there is none, or its
 * variant is not loaded here).
 */
export async function powerWordsIn(ctx: BotContext, channelId: string | null): Promise<PowerWords> {
  const game = channelId ? await findChannelGame(ctx.deps, channelId) : null;
  let variant: ReturnType<typeof variantOfGame>;
  try {
    variant = game ? variantOfGame(game) : undefined;
  } catch {
    variant = undefined; // a server's variant this process has not read: its names are the map's own anyway
  }
  if (!variant) return AS_WRITTEN;
  const v = variant;
  return {
    power: (p) => powerParam(v, p),
    powers: (list) => powersParam(v, list),
    name: (locale, p) => powerName(v, locale, p),
  };
}
