/**
 * `/order orders:<text>`: one or several orders for the caller's power, `;` between them (a slash option cannot
 * hold a new line; `/orders paste` takes one order per line),
 * with autocomplete from the legal orders of their units. The reply is ephemeral; the game layer queues
 * the DM with the power's complete order set.
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { myOrders, orderInputProblem, submitOrders } from '../../game/orders/index.js';
import { playerContext } from '../../game/history/index.js';
import { typed, type Caller, type Refusal } from '../../game/core/index.js';
import { isBallotKey } from '../../game/phase/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { logOrders } from '../../log.js';
import { callerOf, replyPrivately } from '../respond.js';
import { genericFailure } from '../router.js';
import { suggestOrders, unitOrdersOf, type UnitOrders } from '../suggest.js';
import { code, listWithin, MAX_CHOICE, MAX_CONTENT, truncate } from '../text.js';
import { formatItems, nameIn, t, tr, type Locale, type Msg, type MsgParam } from '../../i18n/index.js';
import { readerOf, refusalText } from '../locale.js';
import { orderLanguage, powerName } from '../../variants/names.js';

const data = new SlashCommandBuilder()
  .setName('order')
  .setDescription('Give orders for your power (only you see them until the phase resolves)')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('orders')
      .setDescription('One or more orders, separated by ; — e.g. A par - bur; F bre - mao')
      .setRequired(true)
      .setMaxLength(6000)
      .setAutocomplete(true),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const text = interaction.options.getString('orders', true);
  const tooBig = orderInputProblem(ctx.deps, text);
  if (tooBig) return refuse(ctx, interaction, tooBig);
  logOrders(ctx.log, { user: caller.userId, channel: caller.channelId }, text, 'orders submitted');
  const r = await submitOrders(ctx.deps, { ...caller, text, locale: readerOf(interaction) });
  if (!r.ok) return refuse(ctx, interaction, r);
  await replyPrivately(interaction, orderReply(r, readerOf(interaction)));
}

/** A refused `/order` (also the router's budget refusal): the reason, then the order set that stands. */
async function refuse(ctx: BotContext, interaction: ChatInputCommandInteraction, error: Refused): Promise<void> {
  await replyPrivately(interaction, await refusedOrderReply(ctx, callerOf(interaction), error, readerOf(interaction)));
}

/** Why orders were not stored: a use-case's refusal, or a message of the bot's own checks. */
type Refused = Msg | Pick<Refusal, 'error' | 'message'>;

type Submitted = Extract<Awaited<ReturnType<typeof submitOrders>>, { ok: true }>;

/**
 * Order text as typed, shortened for a reply line (input can be thousands of characters), in inline code that a typed
 * backtick cannot end (`typed`: src/bot/markup.ts shows it as typed).
 */
function shown(text: string, max = 60): string {
  return code(typed(text, max));
}

/** Room for the stored order set at the end of a reply: its orders, then the units still without one. */
const SET_ORDERS_ROOM = 900;
const SET_MISSING_ROOM = 300;

/**
 * The power's stored order set for the phase, as the last lines of every `/order` reply: its orders
 * (a vote for a neutral unit marked as the player's secret vote), then its units still without an order, each
 * summarised to fit (at most ~1,200 characters together) with a pointer to `/orders show` for the rest.
 */
export function orderSetLines(
  set: { orders: { text: string; unitKey: string }[]; missing: string[]; written?: Written },
  locale: Locale = 'en',
): string {
  const mark = ballotMark(locale, set.written);
  const write = writtenIn(locale, set.written);
  const lines = [
    set.orders.length === 0
      ? tr(locale, 'orders.now.none')
      : listWithin(
          tr(locale, 'orders.now', { count: set.orders.length }),
          set.orders.map(mark),
          SET_ORDERS_ROOM,
          (n) => tr(locale, 'orders.now.more', { count: n }),
          locale,
        ),
  ];
  if (set.missing.length > 0)
    lines.push(
      listWithin(
        tr(locale, 'orders.now.missing'),
        set.missing.map(write),
        SET_MISSING_ROOM,
        (n) => tr(locale, 'orders.now.missingMore', { count: n }),
        locale,
      ),
    );
  return lines.join('\n');
}

/** An order as a reply lists it: a player's order for a neutral unit is a secret ballot (Mandate of Heaven rule 3). */
function ballotMark(locale: Locale, written?: Written): (o: { text: string; unitKey: string }) => string {
  const write = writtenIn(locale, written);
  return (o) => {
    const order = code(write(o.text));
    return isBallotKey(o.unitKey) ? tr(locale, 'orders.vote', { order }) : order;
  };
}

/** Order texts in the reader's language, where the use-case wrote them (`written`); stored orders are English. */
type Written = Readonly<Record<string, MsgParam>>;

function writtenIn(locale: Locale, written?: Written): (text: string) => string {
  return (text) => {
    const w = written && Object.hasOwn(written, text) ? written[text] : undefined;
    if (w === undefined || typeof w !== 'object') return text;
    return 'key' in w ? t(locale, w) : nameIn(locale, w); // a message: the builds or disbands left
  };
}

/**
 * The reply to a refused `/order` (too long, too many orders, too fast, after the deadline, orders closed…): the
 * reason, then — when the caller plays a power in the channel's game — the order set that stands, since nothing
 * of what was typed was stored.
 */
export async function refusedOrderReply(
  ctx: BotContext,
  caller: Caller,
  error: Refused,
  locale: Locale = 'en',
): Promise<string> {
  const reason = truncate(`⚠️ ${refusalText(locale, error)}`, 600);
  const mine = await myOrders(ctx.deps, caller);
  if (!mine.ok) return reason;
  const head = tr(locale, 'orders.refused.head', { power: mine.powerName, phase: mine.phase.name });
  return `${reason}\n\n${head}\n${orderSetLines({ orders: mine.orders, missing: mine.unordered, written: mine.written }, locale)}`;
}

/**
 * The reply after an unexpected exception while handling `/order` or `/orders paste` (every reply ends
 * with the stored set): the router's failure sentence, then the set as the store holds it now, read after the failure
 * in a read-only transaction, so it is true whether the failed step stored something or not. When the caller plays no
 * power there (or the read fails too: the router then sends the plain sentence), the sentence alone.
 */
export async function failedOrderReply(ctx: BotContext, caller: Caller, locale: Locale = 'en'): Promise<string> {
  const mine = await myOrders(ctx.deps, caller);
  if (!mine.ok) return genericFailure(locale);
  const head = tr(locale, 'orders.failed.head', { power: mine.powerName, phase: mine.phase.name });
  const set = orderSetLines({ orders: mine.orders, missing: mine.unordered, written: mine.written }, locale);
  return `⚠️ ${genericFailure(locale)}\n\n${head}\n${set}`;
}

/**
 * The reply to `/order`: always within Discord's 2,000 characters whatever was
 * typed, and always ending with the stored order set. The header, the notes and the order set are always shown;
 * stored, replaced and refused lines fill the room left, and what does not fit is counted.
 */
export function orderReply(r: Submitted, locale: Locale = 'en'): string {
  const head = tr(locale, 'orders.reply.head', { power: r.powerName, phase: r.phase.name });
  const mark = ballotMark(locale, r.written);
  const write = writtenIn(locale, r.written);
  const set = orderSetLines(r, locale);
  const notes: string[] = [];
  if (r.stored.some((o) => isBallotKey(o.unitKey))) notes.push(tr(locale, 'orders.reply.votesSecret'));
  notes.push(tr(locale, r.stored.length > 0 ? 'orders.reply.confirmSoon' : 'orders.reply.nothingStored'));
  const middle: string[] = [];
  if (r.stored.length > 0)
    middle.push(tr(locale, 'orders.reply.stored', { orders: formatItems(locale, r.stored.map(mark)) }));
  for (const x of r.replaced)
    middle.push(tr(locale, 'orders.reply.replaced', { before: code(write(x.before)), after: code(write(x.after)) }));
  for (const rej of r.rejected)
    middle.push(tr(locale, 'orders.reply.refused', { order: shown(write(rej.input)), why: refusalText(locale, rej) }));
  if (r.stored.length === 0 && r.rejected.length === 0) middle.push(tr(locale, 'orders.reply.noneFound'));
  let room = MAX_CONTENT - head.length - notes.join('\n').length - set.length - 8 - 120;
  const kept: string[] = [];
  let dropped = 0;
  for (const line of middle) {
    if (line.length + 1 <= room) {
      kept.push(line);
      room -= line.length + 1;
    } else dropped++;
  }
  if (dropped > 0) {
    kept.push(
      tr(locale, 'orders.reply.dropped', {
        dropped,
        stored: r.stored.length,
        replaced: r.replaced.length,
        refused: r.rejected.length,
      }),
    );
  }
  return [head, ...kept, ...notes, '', set].join('\n');
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  // Completions must fit Discord's 100-character choices; beyond that, answer at once without any work.
  if (interaction.options.getFocused().length > 2 * MAX_CHOICE) {
    await interaction.respond([]);
    return;
  }
  const units = await unitsOfCaller(ctx, interaction);
  await interaction.respond(units ? suggestOrders(interaction.options.getFocused(), units) : []);
}

/** The orders the caller's units (and the neutrals they vote for) may be given, in the member's words; null if none. */
async function unitsOfCaller(
  ctx: BotContext,
  interaction: AutocompleteInteraction | ChatInputCommandInteraction,
): Promise<UnitOrders[] | null> {
  const r = await playerContext(ctx.deps, callerOf(interaction));
  if (!r.ok) return null;
  const ordered = new Set(r.orders.map((o) => ('unit' in o.order ? o.order.unit.province : '')));
  // Proposed in the member's language (names and order words), which `/order` reads back.
  const locale = readerOf(interaction);
  const language = orderLanguage(r.variant, locale);
  const units: UnitOrders[] = unitOrdersOf(r.variant, r.position, r.power, {
    ordered,
    ...(language ? { language } : {}),
  });
  // Votes for neutral units (Mandate of Heaven), after the player's own units, marked with the neutral's name.
  for (const neutral of r.voted) {
    const label = tr(locale, 'orders.suggest.vote', { power: powerName(r.variant, locale, neutral) });
    units.push(
      ...unitOrdersOf(r.variant, r.position, neutral, { label, allOrdered: true, ...(language ? { language } : {}) }),
    );
  }
  return units;
}

/** Discord's longest placeholder of a text input. */
const MAX_PLACEHOLDER = 100;

/**
 * The `/orders paste` box's example: orders the member's own units may be given now, one per unit (a move where it
 * has one), in the member's words and this variant's places (`A 咸阳 - 安邑`), as `/order`'s autocomplete proposes
 * them (docs/locales.md "Names"); Classic's English example when the member has nothing to order.
 */
export async function pasteExample(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<string> {
  const units = await unitsOfCaller(ctx, interaction);
  const byUnit = new Map<string, string>();
  for (const { name } of units ? suggestOrders('', units) : []) {
    const unit = name.split(' ').slice(0, 2).join(' ');
    const kept = byUnit.get(unit);
    if (kept === undefined || (!kept.includes(' - ') && name.includes(' - '))) byUnit.set(unit, name);
  }
  const lines: string[] = [];
  for (const line of [...byUnit.values()].slice(0, 3))
    if ([...lines, line].join('\n').length <= MAX_PLACEHOLDER) lines.push(line);
  return lines.length > 0 ? lines.join('\n') : 'A par - bur\nF bre - mao\nA mar S A par - bur';
}

export const orderCommand: BotCommand = {
  secret: true,
  data,
  execute,
  autocomplete,
  privateReplies: true,
  cooldown: () => 'order',
  refuse,
  failed: async (ctx, interaction) => await failedOrderReply(ctx, callerOf(interaction), readerOf(interaction)),
};
