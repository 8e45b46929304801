/**
 * Which language a text is worded in (docs/locales.md "Who reads which locale"), decided here only: a game's channel
 * posts in the game's locale; what a member alone reads (a reply, a DM) in the member's, as their Discord client last
 * told it, else the game's, else English.
 */
import { eq } from 'drizzle-orm';
import { isLocale, localeOf, type Locale } from '../../i18n/index.js';
import { first, type Tx } from '../../store/store.js';
import { games, memberLocales } from '../../store/schema.js';
import { inTransaction } from './tx.js';
import type { GameDeps } from './types.js';

/** A game's locale as stored (a value that is none of ours, from a later version, reads English). */
export function gameLocale(row: { locale: string }): Locale {
  return isLocale(row.locale) ? row.locale : 'en';
}

/** The locale a member's client last told the bot, or null when it never did. */
async function memberLocale(tx: Tx, userId: string): Promise<Locale | null> {
  const row = first(await tx.select().from(memberLocales).where(eq(memberLocales.userId, userId)).limit(1));
  return row && isLocale(row.locale) ? row.locale : null;
}

/**
 * Remembers the locale of a member's interaction (Discord's name, `interaction.locale`) for the DMs sent outside
 * one; writes only when it changed.
 */
async function rememberMemberLocale(tx: Tx, userId: string, discordLocale: string, now: number): Promise<void> {
  const locale = localeOf(discordLocale);
  if ((await memberLocale(tx, userId)) === locale) return;
  await tx
    .insert(memberLocales)
    .values({ userId, locale, updatedAt: now })
    .onConflictDoUpdate({ target: memberLocales.userId, set: { locale, updatedAt: now } });
}

/** `rememberMemberLocale` as a use-case (the bot calls it on each member's interaction). */
export async function noteMemberLocale(deps: GameDeps, userId: string, discordLocale: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await rememberMemberLocale(tx, userId, discordLocale, deps.now());
    return { ok: true };
  });
}

/** Who reads an outbox row: a game's channel, or one member (a DM). */
interface Reader {
  kind: 'channel' | 'user';
  /** The channel's or the member's id. */
  id: string;
  gameId: number | null;
}

/** The locale an outbox row is worded in: the game's for its channel, the member's (else the game's) for a DM. */
export async function readerLocale(tx: Tx, reader: Reader): Promise<Locale> {
  if (reader.kind === 'user') {
    const own = await memberLocale(tx, reader.id);
    if (own) return own;
  }
  if (reader.gameId === null) return 'en';
  const game = first(await tx.select({ locale: games.locale }).from(games).where(eq(games.id, reader.gameId)).limit(1));
  return game ? gameLocale(game) : 'en';
}
