/**
 * References in the game layer's texts: what a text names that only the bot may decide how to show — a moment (shown
 * in each reader's time zone), a member, a role, a channel. The game layer never writes Discord's markup for them
 * (docs/architecture.md, "Texts: the game writes, the bot formats"); it writes a reference, `⟦time:<ms>:<style>⟧`,
 * `⟦member:<user id>⟧`, `⟦role:<role id>⟧` or `⟦channel:<channel id>⟧`, inside the plain text, and the bot turns each
 * into markup when it sends the text (src/bot/markup.ts); what a member typed is `⟦typed:<text>⟧`, shown as typed. The
 * texts stay strings, so they are concatenated, joined,
 * stored in the outbox and compared as before; `textParts` reads one back as its parts.
 *
 * A member is named only through `memberRef` (and `playerName`, src/game/core/holder.ts, for a seat's holder): the one
 * place that may later decide not to show who plays a power.
 *
 * The format is stored (outbox rows wait for delivery across an upgrade): extend it, never change what a reference
 * means. A text written before references existed holds Discord's markup itself and is sent as it is.
 */

/** How a moment is shown: relative ("in 2 hours") or date and time ("1 January 2026 12:00"). */
export type TimeStyle = 'R' | 'f';

/** One piece of a text: plain text, or a reference the bot shows its own way. */
export type TextPart =
  | string
  | { kind: 'time'; ms: number; style: TimeStyle }
  | { kind: 'member'; userId: string }
  | { kind: 'role'; roleId: string }
  | { kind: 'channel'; channelId: string }
  | { kind: 'typed'; text: string };

/** Ids are Discord snowflakes in production; the tests' ids are words (`user-1`). */
const ID = /^[\w-]+$/;

/** A reference to an id; something that is no id (a caller's bug) is left as plain text rather than throwing. */
function ref(kind: string, value: string): string {
  return ID.test(value) ? `⟦${kind}:${value}⟧` : String(value);
}

/** A moment (ms since the epoch), shown relative (`R`, the default) or as date and time (`f`). */
export function timeRef(ms: number, style: TimeStyle = 'R'): string {
  return `⟦time:${Math.floor(ms)}:${style}⟧`;
}

/** A member of the server, by user id (shown as their mention). */
export function memberRef(userId: string): string {
  return ref('member', userId);
}

/** A role, by id (shown as its mention; who is pinged is the sender's decision, never the text's). */
export function roleRef(roleId: string): string {
  return ref('role', roleId);
}

/** A channel, by id (shown as a link to it). */
export function channelRef(channelId: string): string {
  return ref('channel', channelId);
}

/**
 * What a member typed, repeated inside a text (`typed`, src/game/core/echo.ts): shown exactly as typed, never read as
 * markup (the bot escapes it for where it stands, src/bot/markup.ts). `text` holds no `⟦` or `⟧`.
 */
export function typedRef(text: string): string {
  return `⟦typed:${text.replace(/[⟦⟧]/g, (c) => (c === '⟦' ? '[' : ']'))}⟧`;
}

/** `text` with what members typed as plain text: for a reader that is not Discord (a log line, the CLI). */
export function typedAsPlain(text: string): string {
  return text.includes('⟦typed:') ? text.replace(/⟦typed:([^⟦⟧]*)⟧/g, '$1') : text;
}

const REF = /⟦(?:(time|member|role|channel):([\w-]+)(?::(R|f))?|typed:([^⟦⟧]*))⟧/g;

/**
 * The text as its parts, in order: plain pieces (never empty) and references. Anything that only looks like a
 * reference stays plain text, as does a text without any (one written before references existed, with its markup).
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const m of text.matchAll(REF)) {
    const part = m[4] !== undefined ? { kind: 'typed' as const, text: m[4] } : partOf(m[1]!, m[2]!, m[3]);
    if (!part) continue;
    if (m.index > from) parts.push(text.slice(from, m.index));
    parts.push(part);
    from = m.index + m[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

function partOf(kind: string, value: string, style: string | undefined): TextPart | null {
  if (kind === 'time')
    return /^\d+$/.test(value) && (style === 'R' || style === 'f') ? { kind, ms: Number(value), style } : null;
  if (style !== undefined) return null;
  if (kind === 'member') return { kind, userId: value };
  if (kind === 'role') return { kind, roleId: value };
  return { kind: 'channel', channelId: value };
}
