/**
 * The card game's clicks and selects (`cards:<action>:…`, see ui.ts): the table's and the turn pings' buttons,
 * the play and fall-back wizards, the setup give, the choice of the next battle and the lobby's join select.
 * Every custom id names its game, so the same buttons work from the channel, a DM ping or the log thread. Every
 * step reads the caller's own view from the game layer (src/game/cards) and answers ephemerally; every step
 * that changes something goes through a use-case carrying the table version the view was built on, so a stale
 * wizard gets "the table changed — reopen" and nothing is stored. Every step has Back; where the design has
 * defaults (the give, the choice of battle, the fall back) a button takes them for the rest.
 */
import {
  AttachmentBuilder,
  MessageFlags,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageComponentInteraction,
} from 'discord.js';
import { legalWages, type CardGameState, type CardGameView } from '../../cardgame/index.js';
import { defaultGive } from '../../cardgame/setup.js';
import {
  cardsDraft,
  cancelFallBack,
  draftBack,
  draftChoose,
  finishFallBack,
  startFallBack,
  freeDynasties,
  joinCardGame,
  leaveCardGame,
  startCardGame,
  cardsMyView,
  chooseBattle,
  giveCards,
  markCardsPresent,
  wageBattle,
  cardGameById,
  lastMoveWasBy,
  STALE,
  type CardDraftView,
  type CardGameInfo,
} from '../../game/cards/index.js';
import { type Caller, holderName } from '../../game/core/index.js';
import type { ComponentInteraction } from '../command.js';
import type { BotContext } from '../context.js';
import { discordText, timestamp } from '../markup.js';
import { callerOf } from '../respond.js';
import { readerOf, refusalText } from '../locale.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';
import type { Refusal } from '../../game/core/index.js';
import { cardLines } from './format.js';
import { defaultPicks, draftKey, draftScreen, planDraft, readPicks, screenOf, type FallBackDraft } from './fallback.js';
import {
  brightOptions,
  brightStep,
  decodeWage,
  dynastyStep,
  findWage,
  playStep,
  playWords,
  secondChoices,
} from './play.js';
import { rulesText } from './rules.js';
import { plannedView, stateFromView } from './seen.js';
import { actionButtons } from './table.js';
import { buttonRow, selectRow, vid, cid, type TableRef, type View, CARD_ACTIONS } from './ui.js';
import { chooseStep, giveStep, handView } from './views.js';
import { boardAltText, tableBoardPicture, publicTable } from './board.js';
import { confirmCardConcession } from './concede.js';
import { dynastyTitle, listOf } from './names.js';

type Reply = View & { files?: AttachmentBuilder[] };
type Who = { channelId: string | null; user: { id: string } };

/**
 * On the caller's own ephemeral wizard the view replaces it; from the public table, a ping or a command, or when
 * `apart` (a note that must leave the wizard as it is), it is a new ephemeral reply.
 */
export async function show(interaction: ComponentInteraction, view: Reply, apart = false): Promise<void> {
  const body = {
    content: discordText(view.content),
    components: view.components,
    allowedMentions: { parse: [] as [] },
    ...(view.files ? { files: view.files } : {}),
  };
  if (!apart && onOwnWizard(interaction)) {
    await interaction.update({ ...body, ...(view.files ? {} : { files: [] }) } as InteractionUpdateOptions);
    return;
  }
  if (interaction.deferred || interaction.replied)
    await interaction.followUp({ ...body, flags: MessageFlags.Ephemeral } as InteractionReplyOptions);
  else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral } as InteractionReplyOptions);
}

/** The click came from the caller's own ephemeral message (a wizard, a receipt). */
const onOwnWizard = (interaction: ComponentInteraction): interaction is MessageComponentInteraction =>
  interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);

const note = (content: string): Reply => ({ content, components: [] });
const warn = (content: string): Reply => note(`⚠️ ${content}`);

/** "The table changed — reopen", with the button that reopens the same wizard on the table as it is now. */
function stale(gameId: number, reopen: 'wage' | 'fall' | 'hand' | 'choose' | 'give', locale: Locale = 'en'): Reply {
  return {
    content: `⚠️ ${tr(locale, 'cards.refused.stale')}`,
    components: [
      buttonRow([
        { id: cid(CARD_ACTIONS.table, gameId, reopen), label: tr(locale, 'cards.button.reopen'), style: 'primary' },
      ]),
    ],
  };
}

/**
 * Shows that a view is stale. When the member's own last move made it so, the click is most likely their second on a
 * button already pressed: the note comes as a message of its own, so the receipt of that move stays where it is.
 */
async function showStale(
  ctx: BotContext,
  interaction: ComponentInteraction,
  st: SeatState,
  view: Reply,
): Promise<void> {
  const own = onOwnWizard(interaction) && (await lastMoveWasBy(ctx.deps, st.ref.gameId, st.caller.userId));
  return show(interaction, view, own);
}

/** A move's refusal (its Confirm or Done): a stale table as `showStale` shows it, anything else said. */
async function showRefused(
  ctx: BotContext,
  interaction: ComponentInteraction,
  st: SeatState,
  r: Refusal,
  reopen: 'wage' | 'fall' | 'choose',
): Promise<void> {
  if (isStale(r)) return showStale(ctx, interaction, st, stale(st.ref.gameId, reopen, st.locale));
  return show(interaction, warn(refusalText(st.locale, r)));
}

/** Whether a use-case refused because the table moved since the view (`cards.refused.stale`). */
const isStale = (r: Refusal): boolean => r.message?.key === 'cards.refused.stale' || r.error === STALE;

/** A use-case's refusal for the reader: "the table changed" reopens the wizard, anything else is said. */
function refused(r: Refusal, gameId: number, reopen: 'wage' | 'fall' | 'choose', locale: Locale): Reply {
  return isStale(r) ? stale(gameId, reopen, locale) : warn(refusalText(locale, r));
}

/**
 * Who is asking, about which game's channel: a button names its game, so a click in a DM (a turn ping) or in the
 * game's log thread acts in the game's channel. Seat checks stay with the game layer.
 */
export async function callerFor(ctx: BotContext, interaction: Who, gameId?: number): Promise<Caller> {
  const caller = callerOf(interaction);
  if (gameId === undefined || !Number.isInteger(gameId)) return caller;
  const game = await cardGameById(ctx.deps, gameId);
  return game ? { ...caller, channelId: game.channelId } : caller;
}

export interface SeatState {
  /** The reader's locale: every view of the seat is worded in it. */
  locale: Locale;
  game: CardGameInfo;
  seat: number;
  state: CardGameState;
  /** The seat's own view the state was rebuilt from (the sizes a rebuilt state lacks). */
  view: CardGameView;
  ref: TableRef;
  caller: Caller;
}

/** The caller's seat and own view (nothing of another hand), or the sentence why not. */
export async function seatState(
  ctx: BotContext,
  interaction: Who & { locale?: string | null },
  gameId?: number,
): Promise<SeatState | { error: string; english: string }> {
  const caller = await callerFor(ctx, interaction, gameId);
  const locale = readerOf(interaction);
  const r = await cardsMyView(ctx.deps, caller);
  if (!r.ok) return { error: refusalText(locale, r), english: r.error };
  return {
    locale,
    game: r.game,
    seat: r.seat,
    state: stateFromView(r.view),
    view: r.view,
    ref: { gameId: r.game.gameId, version: r.game.version },
    caller,
  };
}

export function notYourTurnText(game: CardGameInfo, locale: Locale = 'en'): string {
  if (game.toActUserId === null)
    return tr(locale, game.phase === 'give' ? 'cards.turn.everyoneGives' : 'cards.turn.nobody');
  const who = holderName(game.toActUserId);
  return game.deadline
    ? tr(locale, 'cards.turn.ofDue', { who, deadline: timestamp(game.deadline) })
    : tr(locale, 'cards.turn.of', { who });
}

const inBattle = (s: CardGameState) => s.phase === 'battle' || s.phase === 'tiebreak';

/** A receipt; when the same player must act again at once (B-2: no second ping), it carries the buttons to do so. */
function receipt(text: string, game: CardGameInfo, userId: string, locale: Locale = 'en'): Reply {
  const again = game.status === 'active' && game.toActUserId === userId;
  const buttons = again ? actionButtons(game.gameId, game.phase, locale) : [];
  return {
    content: again ? `${text}\n${tr(locale, 'cards.turn.again')}` : text,
    components: buttons.length ? [buttonRow(buttons)] : [],
  };
}

// ---- opening views (table and ping buttons, commands) ----

/**
 * The play wizard's first step; with no card the seat may play, the fall-back wizard at once, saying why (the only
 * thing the player can do: docs/cardgame.md "The fall-back wizard").
 */
export async function openPlay(ctx: BotContext, st: SeatState, page = 0): Promise<Reply> {
  if (!inBattle(st.state) || st.state.turnSeat !== st.seat) return note(notYourTurnText(st.game, st.locale));
  if (brightOptions(st.state, st.seat).length === 0) return openFallBack(ctx, st, tr(st.locale, 'cards.play.none'));
  return brightStep(st.ref, st.state, st.seat, page, st.locale);
}

export function draftOf(d: CardDraftView): FallBackDraft {
  return { effects: d.effects, recruit: d.recruit, sources: d.sources };
}

/**
 * The fall-back wizard where the caller left it: opening it starts the turn's draft (with the grace when time is
 * short, once a turn) or resumes the stored one.
 */
export async function openFallBack(ctx: BotContext, st: SeatState, lead?: string): Promise<Reply> {
  if (!inBattle(st.state) || st.state.turnSeat !== st.seat) return note(notYourTurnText(st.game, st.locale));
  const r = await startFallBack(ctx.deps, st.caller, { version: st.ref.version });
  if (!r.ok) return refused(r, st.ref.gameId, 'fall', st.locale);
  return draftScreen(st.ref, st.state, st.seat, draftOf(r.draft), undefined, st.locale, lead);
}

export function openChoose(st: SeatState): Reply {
  if (st.state.phase !== 'choose' || st.state.chooser?.seat !== st.seat)
    return note(notYourTurnText(st.game, st.locale));
  return chooseStep(st.ref, st.state, st.seat, undefined, st.locale);
}

export function openGive(st: SeatState): Reply {
  if (st.state.phase !== 'give') return note(tr(st.locale, 'cards.refused.giveOver'));
  return giveStep(st.ref, st.state, st.seat, st.locale);
}

// ---- the dispatcher ----

/** The decline button of a confirmation (src/bot/components.ts), for `/concede`'s. */
const DECLINE = 'decline';

export async function handleCardsComponent(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  const values = interaction.isStringSelectMenu() ? interaction.values : [];
  if (action === CARD_ACTIONS.concede || action === DECLINE)
    return confirmCardConcession(ctx, interaction, action, args);
  const gameId = Number(args[0]);
  if (action === CARD_ACTIONS.table) return tableButton(ctx, interaction, gameId, args[1] ?? '');
  if (action === CARD_ACTIONS.joinDynasty) return joinFromSelect(ctx, interaction, gameId, values[0] ?? null);
  if (action === CARD_ACTIONS.playCancel || action === CARD_ACTIONS.fallCancel)
    return cancelWizard(ctx, interaction, gameId, action);

  const [, versionArg, ...rest] = args;
  const st = await seatState(ctx, interaction, gameId);
  if ('error' in st) return show(interaction, warn(st.error));
  const locale = st.locale;
  if (gameId !== st.ref.gameId) return show(interaction, warn(tr(locale, 'cards.refused.earlierView')));
  const version = Number(versionArg);
  // Viewing steps rebuild on the current table; a view of an older version is stale for every step.
  if (version !== st.ref.version) return showStale(ctx, interaction, st, stale(gameId, wizardOf(action), locale));
  const step: SeatStep = { ctx, interaction, st, action, rest, values, version };
  if (action === CARD_ACTIONS.hand) return show(interaction, handView(st.ref, st.state, st.seat, locale));
  if (action === CARD_ACTIONS.fallOpen) return show(interaction, await openFallBack(ctx, st));
  switch (wizardOf(action)) {
    case 'wage':
      return playWizardStep(step);
    case 'fall':
      return fallBackStep(step);
    case 'give':
    case 'choose':
      return setupStep(step);
    default:
      return show(interaction, warn(tr(locale, 'cards.refused.oldButton')));
  }
}

/** The wizard each step belongs to, to run it and to reopen it when stale (`CARD_ACTIONS`' first letters). */
const WIZARD_OF: Readonly<Record<string, 'wage' | 'fall' | 'choose' | 'give'>> = {
  [CARD_ACTIONS.playOpen]: 'wage',
  [CARD_ACTIONS.playBright]: 'wage',
  [CARD_ACTIONS.playBack]: 'wage',
  [CARD_ACTIONS.playSecond]: 'wage',
  [CARD_ACTIONS.playTake]: 'wage',
  [CARD_ACTIONS.playGive]: 'wage',
  [CARD_ACTIONS.playTakeBack]: 'wage',
  [CARD_ACTIONS.playConfirm]: 'wage',
  [CARD_ACTIONS.fallPick]: 'fall',
  [CARD_ACTIONS.fallNext]: 'fall',
  [CARD_ACTIONS.fallBack]: 'fall',
  [CARD_ACTIONS.fallPreview]: 'fall',
  [CARD_ACTIONS.fallDone]: 'fall',
  [CARD_ACTIONS.fallOpen]: 'fall',
  [CARD_ACTIONS.giveOpen]: 'give',
  [CARD_ACTIONS.givePick]: 'give',
  [CARD_ACTIONS.giveDefaults]: 'give',
  [CARD_ACTIONS.chooseOpen]: 'choose',
  [CARD_ACTIONS.chooseStart]: 'choose',
  [CARD_ACTIONS.chooseState]: 'choose',
  [CARD_ACTIONS.chooseDefault]: 'choose',
};

/** The wizard a step belongs to (the hand for any other), to reopen when stale. */
function wizardOf(action: string): 'wage' | 'fall' | 'choose' | 'give' | 'hand' {
  return (Object.hasOwn(WIZARD_OF, action) ? WIZARD_OF[action] : undefined) ?? 'hand';
}

/** The lobby's join select: a dynasty, or `any` (drawn at the start). */
async function joinFromSelect(
  ctx: BotContext,
  interaction: ComponentInteraction,
  gameId: number,
  chosen: string | null,
): Promise<void> {
  const locale = readerOf(interaction);
  const caller = await callerFor(ctx, interaction, gameId);
  const r = await joinCardGame(ctx.deps, caller, chosen === 'any' ? null : chosen, { notice: true });
  return show(
    interaction,
    r.ok
      ? note(
          r.dynasty
            ? tr(locale, 'cards.join.youAs', { dynasty: dynastyTitle(r.dynasty, locale) })
            : tr(locale, 'cards.join.youDrawn'),
        )
      : warn(refusalText(locale, r)),
  );
}

/** Cancel in the play (`px`) or fall-back (`fx`) wizard: nothing was stored or shown; the turn's buttons stay at hand. */
async function cancelWizard(
  ctx: BotContext,
  interaction: ComponentInteraction,
  gameId: number,
  action: typeof CARD_ACTIONS.playCancel | typeof CARD_ACTIONS.fallCancel,
): Promise<void> {
  const locale = readerOf(interaction);
  const again = (text: string): Reply => ({
    content: text,
    components: Number.isInteger(gameId) ? [buttonRow(actionButtons(gameId, 'battle', locale))] : [],
  });
  if (action === CARD_ACTIONS.playCancel) return show(interaction, again(tr(locale, 'cards.play.cancelled')));
  const r = await cancelFallBack(ctx.deps, await callerFor(ctx, interaction, gameId));
  return show(interaction, r.ok ? again(tr(locale, 'cards.fall.cancelled')) : note(tr(locale, 'cards.wizard.closed')));
}

/** A click or select on the caller's seat, on the table version it was built on. */
interface SeatStep {
  ctx: BotContext;
  interaction: ComponentInteraction;
  st: SeatState;
  action: string;
  rest: string[];
  values: readonly string[];
  version: number;
}

/** A step of the play wizard (`p…`): the bright card, the second card, the dynasty, then the battle is waged. */
async function playWizardStep({ ctx, interaction, st, action, rest, values, version }: SeatStep): Promise<void> {
  const gameId = st.ref.gameId;
  const locale = st.locale;
  switch (action) {
    case CARD_ACTIONS.playOpen:
      return show(interaction, await openPlay(ctx, st, Number(rest[0] ?? 0)));
    case CARD_ACTIONS.playBright: {
      const bright = values[0] ?? '';
      if (!brightOptions(st.state, st.seat).some((o) => o.value === bright))
        return show(interaction, stale(gameId, 'wage', locale));
      return show(interaction, playStep(st.ref, st.state, st.seat, bright, undefined, locale));
    }
    case CARD_ACTIONS.playBack: {
      // a custom id names its bright card: one the seat cannot play now is a stale (or edited) view
      const bright = rest[0] ?? '';
      if (!brightOptions(st.state, st.seat).some((o) => o.value === bright))
        return show(interaction, stale(gameId, 'wage', locale));
      return show(interaction, playStep(st.ref, st.state, st.seat, bright, undefined, locale));
    }
    case CARD_ACTIONS.playSecond: {
      const bright = rest[0] ?? '';
      const choice = secondChoices(st.state, st.seat, bright, locale).find((c) => c.option.value === values[0]);
      if (!choice) return show(interaction, stale(gameId, 'wage', locale));
      if (choice.play) return show(interaction, playStep(st.ref, st.state, st.seat, bright, choice.play, locale));
      return show(interaction, dynastyStep(st.ref, st.state, st.seat, bright, undefined, locale));
    }
    case CARD_ACTIONS.playTake: {
      const bright = rest[0] ?? '';
      const take = values[0] ?? '';
      if (!legalWages(st.state, st.seat).some((w) => w.bright === bright && w.dynasty && w.take === take))
        return show(interaction, stale(gameId, 'wage', locale));
      return show(interaction, dynastyStep(st.ref, st.state, st.seat, bright, take, locale));
    }
    case CARD_ACTIONS.playGive:
    case CARD_ACTIONS.playTakeBack: {
      const bright = rest[0] ?? '';
      const want =
        action === CARD_ACTIONS.playGive
          ? { bright, dynasty: true, take: rest[1] ?? '', give: values[0] ?? '' }
          : { bright, dynasty: true, takeBack: values[0] ?? '' };
      const play = findWage(st.state, st.seat, want);
      return show(
        interaction,
        play ? playStep(st.ref, st.state, st.seat, bright, play, locale) : stale(gameId, 'wage', locale),
      );
    }
    case CARD_ACTIONS.playConfirm: {
      const play = decodeWage(st.seat, rest[0] ?? '');
      if (!play) return show(interaction, stale(gameId, 'wage', locale));
      const { type: _t, seat: _s, ...input } = play;
      const r = await wageBattle(ctx.deps, st.caller, { ...input, version });
      if (!r.ok) return showRefused(ctx, interaction, st, r, 'wage');
      return show(
        interaction,
        receipt(
          tr(locale, 'cards.play.stored', { play: playWords(play, st.state, locale) }),
          r.game,
          st.caller.userId,
          locale,
        ),
      );
    }
    default:
      return show(interaction, warn(tr(locale, 'cards.refused.oldButton')));
  }
}

/** The setup's give (`g…`) and the choice of the next battle (`c…`). */
async function setupStep({ ctx, interaction, st, action, rest, values, version }: SeatStep): Promise<void> {
  const gameId = st.ref.gameId;
  const locale = st.locale;
  switch (action) {
    case CARD_ACTIONS.giveOpen:
      return show(interaction, openGive(st));
    case CARD_ACTIONS.givePick:
    case CARD_ACTIONS.giveDefaults: {
      const cards = action === CARD_ACTIONS.giveDefaults ? defaultGive(st.state.seats[st.seat]!.hand) : [...values];
      const r = await giveCards(ctx.deps, st.caller, cards);
      if (!r.ok) return show(interaction, warn(refusalText(locale, r)));
      const waiting = r.game.phase === 'give';
      const change = waiting
        ? [
            buttonRow([
              {
                id: vid({ gameId, version: r.game.version }, CARD_ACTIONS.giveOpen),
                label: tr(locale, 'cards.button.changeThem'),
              },
            ]),
          ]
        : [];
      return show(interaction, {
        content: tr(locale, waiting ? 'cards.give.stored' : 'cards.give.storedAll', {
          cards: listOf(cardLines(cards, locale), locale),
        }),
        components: change,
      });
    }
    case CARD_ACTIONS.chooseOpen:
      return show(interaction, openChoose(st));
    case CARD_ACTIONS.chooseStart: {
      const start = Number(values[0]);
      // the select offers the seats only after a Spy claim: any other start is a stale (or edited) view
      if (
        st.state.phase !== 'choose' ||
        !st.state.chooser?.pickStart ||
        !Number.isInteger(start) ||
        start < 0 ||
        start >= st.state.seats.length
      )
        return show(interaction, stale(gameId, 'choose', locale));
      return show(interaction, chooseStep(st.ref, st.state, st.seat, start, locale));
    }
    case CARD_ACTIONS.chooseState:
    case CARD_ACTIONS.chooseDefault: {
      const start = rest[0] !== undefined ? Number(rest[0]) : undefined;
      // cD: the default state (docs/cardgame.md "Defaults") — the engine picks it when none is named
      const r = await chooseBattle(ctx.deps, st.caller, {
        version,
        state: action === CARD_ACTIONS.chooseDefault ? '' : (values[0] ?? ''),
        start,
      });
      if (!r.ok) return showRefused(ctx, interaction, st, r, 'choose');
      return show(interaction, receipt(tr(locale, 'cards.choose.stored'), r.game, st.caller.userId, locale));
    }
    default:
      return show(interaction, warn(tr(locale, 'cards.refused.oldButton')));
  }
}

/** A step of the fall-back wizard past its opening, on the draft the view was built on. */
async function fallBackStep({ ctx, interaction, st, action, rest, values }: SeatStep): Promise<void> {
  const caller = st.caller;
  const locale = st.locale;
  const d = await cardsDraft(ctx.deps, caller);
  if (!d.ok || d.draft.version !== st.ref.version) return show(interaction, stale(st.ref.gameId, 'fall', locale));
  const draft = draftOf(d.draft);
  // the view was built on this very draft (its digest), else it is stale
  if (rest[0] !== draftKey(draft)) return show(interaction, stale(st.ref.gameId, 'fall', locale));
  const version = st.ref.version;
  const stored = async (r: Awaited<ReturnType<typeof draftChoose>>) => {
    if (!r.ok)
      return show(
        interaction,
        isStale(r)
          ? stale(st.ref.gameId, 'fall', locale)
          : draftScreen(st.ref, st.state, st.seat, draft, refusalText(locale, r), locale),
      );
    return show(interaction, draftScreen(st.ref, st.state, st.seat, draftOf(r.draft), undefined, locale));
  };
  switch (action) {
    case CARD_ACTIONS.fallPick:
    case CARD_ACTIONS.fallNext: {
      // one screen's picks (or, Next, its pre-selected defaults) as one step of the draft
      const screen = screenOf(st.state, st.seat, draft, locale);
      if ('error' in screen || screen.questions.length === 0)
        return show(interaction, stale(st.ref.gameId, 'fall', locale));
      const picks = readPicks(screen, st.seat, action === CARD_ACTIONS.fallNext ? defaultPicks(screen) : values);
      if ('error' in picks)
        return show(interaction, draftScreen(st.ref, st.state, st.seat, draft, picks.error, locale));
      const r = await draftChoose(ctx.deps, caller, {
        version,
        effects: picks.effects,
        recruit: picks.recruit ?? null,
        sources: picks.sources,
      });
      // several effects at once: the engine's reason says which of them does not fit after the others
      if (!r.ok && !isStale(r) && picks.effects.length > 1)
        return show(
          interaction,
          draftScreen(
            st.ref,
            st.state,
            st.seat,
            draft,
            tr(locale, 'cards.fall.notTogether', { why: refusalText(locale, r) }),
            locale,
          ),
        );
      return stored(r);
    }
    case CARD_ACTIONS.fallBack: {
      // Back: undo the last step; with nothing chosen, back to the hand (the draft stays, empty)
      if (d.draft.steps === 0 && draft.effects.length === 0 && !draft.recruit)
        return show(interaction, handView(st.ref, st.state, st.seat, locale));
      return stored(await draftBack(ctx.deps, caller, { version }));
    }
    case CARD_ACTIONS.fallPreview: {
      const plan = planDraft(st.state, st.seat, draft.effects);
      if ('error' in plan) return show(interaction, stale(st.ref.gameId, 'fall', locale));
      const png = await tableBoardPicture(plannedView(plan.state, st.view), { locale });
      // A new ephemeral message, so the wizard stays where it is.
      const body = {
        content: tr(locale, 'cards.fall.preview'),
        files: [
          new AttachmentBuilder(png, {
            name: 'fall-back-preview.png',
            description: boardAltText(locale, 'preview', st.state.round),
          }),
        ],
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      } as InteractionReplyOptions;
      await interaction.reply(body);
      return;
    }
    case CARD_ACTIONS.fallDone: {
      const r = await finishFallBack(ctx.deps, caller, { version });
      if (!r.ok) return showRefused(ctx, interaction, st, r, 'fall');
      return show(interaction, receipt(tr(locale, 'cards.fall.stored'), r.game, caller.userId, locale));
    }
  }
}

// ---- the public table's and the pings' buttons ----

async function tableButton(
  ctx: BotContext,
  interaction: ComponentInteraction,
  gameId: number,
  what: string,
): Promise<void> {
  const caller = await callerFor(ctx, interaction, gameId);
  const locale = readerOf(interaction);
  const say = (key: MessageKey, params?: Record<string, string | number>) => tr(locale, key, params);
  // Any press by a seated player clears "away" (docs/cardgame.md "Absence"); a no-op for everyone else.
  await markCardsPresent(ctx.deps, caller);
  switch (what) {
    case 'rules':
      return show(interaction, note(rulesText(undefined, locale)));
    case 'board': {
      const table = await publicTable(ctx, caller.channelId);
      if ('error' in table) return show(interaction, warn(refusalText(locale, table)));
      const png = await tableBoardPicture(table.view, { locale });
      return show(interaction, {
        content: say('cards.board.caption', { round: table.view.round }),
        components: [],
        files: [
          new AttachmentBuilder(png, {
            name: 'board.png',
            description: boardAltText(locale, 'board', table.view.round),
          }),
        ],
      });
    }
    case 'join': {
      const free = await freeDynasties(ctx.deps, caller.channelId);
      if (free.length === 0) {
        const r = await joinCardGame(ctx.deps, caller, null, { notice: true });
        return show(interaction, r.ok ? note(say('cards.join.youDrawnNow')) : warn(refusalText(locale, r)));
      }
      return show(interaction, {
        content: say('cards.join.choose'),
        components: [
          selectRow(cid(CARD_ACTIONS.joinDynasty, gameId), say('cards.join.placeholder'), [
            { label: say('cards.join.any'), value: 'any' },
            ...free.map((d) => ({ label: dynastyTitle(d, locale), value: d })),
          ]),
        ],
      });
    }
    case 'leave': {
      const r = await leaveCardGame(ctx.deps, caller, { notice: true });
      return show(interaction, r.ok ? note(say('cards.leave.you')) : warn(refusalText(locale, r)));
    }
    case 'start': {
      const r = await startCardGame(ctx.deps, caller);
      return show(interaction, r.ok ? note(say('cards.start.you')) : warn(refusalText(locale, r)));
    }
  }
  const st = await seatState(ctx, interaction, gameId);
  if ('error' in st)
    return show(
      interaction,
      warn(st.english.startsWith('You are not seated') ? say('cards.refused.notSeatedHere') : st.error),
    );
  if (st.ref.gameId !== gameId) return show(interaction, warn(say('cards.refused.earlierTable')));
  switch (what) {
    case 'hand':
      return show(interaction, handView(st.ref, st.state, st.seat, locale));
    case 'wage':
      return show(interaction, await openPlay(ctx, st));
    case 'fall':
      return show(interaction, await openFallBack(ctx, st));
    case 'give':
      return show(interaction, openGive(st));
    case 'choose':
      return show(interaction, openChoose(st));
    default:
      return show(interaction, warn(say('cards.refused.unusedButton')));
  }
}

export { vid };
