/**
 * Order pad links are capabilities (docs/pad.md "Links"): a link opens the pad for one seat — a game, a power and
 * the member who held it when the link was made — and nothing else. A link is verified without any stored token:
 *
 *   `<game id>.<power, base64url>.<seat since, base36>.<MAC>`
 *
 * where MAC = HMAC-SHA256(key, game id | power | member id | seat since), cut to 128 bits. The member id is not in
 * the link (nothing of it is readable) but in the MAC: the server recomputes it from the seat as it is stored now
 * (`players.user_id`, `players.joined_at`), so a seat handed to someone else (`joined_at` changes with every
 * hand-over, even back to the same member) refuses every older link, and a link whose fields were edited fails the
 * comparison. The key is the operator's `PAD_SECRET`, or one derived from the bot token: every process of one bot
 * verifies every link, and a new secret revokes them all.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Longest token the server reads at all (anything longer is refused unread). */
export const MAX_TOKEN_CHARS = 200;

/** The seat a link names, as read from it (not yet checked against the store). */
export interface LinkClaim {
  gameId: number;
  power: string;
  /** `players.joined_at` of the seat when the link was made. */
  seatSince: number;
  mac: Buffer;
}

/** The HMAC key of a bot: `PAD_SECRET` when the operator sets one, else derived from the bot's token. */
export function padKey(secret: { padSecret?: string | undefined; botToken: string }): Buffer {
  const material = secret.padSecret?.trim() ? secret.padSecret.trim() : secret.botToken;
  return Buffer.from(hkdfSync('sha256', material, 'zhanguo', 'order pad links v1', 32));
}

function macOf(key: Buffer, seat: { gameId: number; power: string; userId: string; seatSince: number }): Buffer {
  return createHmac('sha256', key)
    .update(`pad1|${seat.gameId}|${seat.power}|${seat.userId}|${seat.seatSince}`)
    .digest()
    .subarray(0, 16);
}

/** The link token of a seat as it is held now. */
export function signLink(
  key: Buffer,
  seat: { gameId: number; power: string; userId: string; seatSince: number },
): string {
  const power = Buffer.from(seat.power, 'utf8').toString('base64url');
  return `${seat.gameId}.${power}.${seat.seatSince.toString(36)}.${macOf(key, seat).toString('base64url')}`;
}

/** Reads a token's fields; null when it is not a token at all (wrong shape, too long). */
export function readLink(token: string): LinkClaim | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_CHARS) return null;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{1,80})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const [powerBytes, mac] = [Buffer.from(m[2]!, 'base64url'), Buffer.from(m[4]!, 'base64url')];
  // Only the one spelling a link is made with: a last character edited in its unused bits decodes to the same bytes.
  if (powerBytes.toString('base64url') !== m[2] || mac.toString('base64url') !== m[4]) return null;
  const power = powerBytes.toString('utf8');
  if (mac.length !== 16 || power === '') return null;
  return { gameId: Number(m[1]), power, seatSince: Number.parseInt(m[3]!, 36), mac };
}

/**
 * Does the claim match the seat as stored now: its MAC signs every field the link carries (its `since` too, so an
 * edited moment fails) with the member holding the seat now, and that moment is the seat's own?
 */
export function linkMatches(key: Buffer, claim: LinkClaim, seat: { userId: string; seatSince: number }): boolean {
  const expected = macOf(key, { ...claim, userId: seat.userId });
  return timingSafeEqual(expected, claim.mac) && claim.seatSince === seat.seatSince;
}
