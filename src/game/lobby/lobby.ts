/**
 * Before the game: creating it in a channel, joining, leaving, and starting.
 *
 * Power assignment (docs/architecture.md): `/game join` without a power takes a random free one at once, so
 * every joined player always holds exactly one power. In a game that hides who plays whom a join takes a place: that
 * power is internal, and `/game start` draws the members' powers (docs/decisions.md "Hidden identities"). At
 * `/game start` the powers nobody holds are in civil disorder: their units hold, their retreats disband, their builds
 * are waived and missing disbands follow the civil-disorder rule; the game master can later hand such a power to a
 * player with `/gm replace`.
 */
import { parseSeatSettings, type SeatCreateInput, type SeatSettings, reliabilityRefusal } from '../seats/index.js';
import { GAME_DEFAULT_LEVEL } from '../../ai/levels.js';
import {
  computerUserId,
  isComputer,
  isPerson,
  parseComputerSeats,
  parseLevel,
  holderName,
  type ComputerSeatsRequest,
  type Level,
  hidesIdentities,
  parseDurations,
  phaseDeadline,
  activeClock,
  clockLineMsg,
  CLOCK_DEFAULT_MINIMUM_MS,
  newGameRefusal,
  serverLimits,
  fail,
  inTransaction,
  noteEvent,
  type Caller,
  type GameDeps,
  type GameView,
  type PhaseDurationInput,
  type PhaseDurations,
  type PhaseView,
  type Result,
  toGameView,
  gameTitleOf,
  toPhaseView,
  parseOptionsText,
  powerByName,
  seatablePowers,
  variantOfGame,
  channelRef,
  timeRef,
  NO_GAME,
  SCORING_SYSTEMS,
  type ScoringSystem,
  typed,
  ordersOpenMsg,
  phaseMsg,
  powerParam,
  powersParam,
  variantParam,
  durationParam,
  randomOf,
} from '../core/index.js';
import { eq } from 'drizzle-orm';
import { commandParam, listParam, localeOf, type Locale, msg, type Msg, type MsgParam } from '../../i18n/index.js';
import { parseSetting, parseTableOptions, type TableOptionsInput } from '../settings/index.js';
import { botVariants, getVariant } from '../../variants/index.js';
import { openingPosition } from '../../engine/index.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { audit, idText, insertPhase, openGameByChannel, playerByUser, playersOf } from '../../store/queries.js';
import {
  games,
  phases,
  players,
  type GameRow,
  type PhaseRow,
  type PlayerRow,
  type PressMode,
} from '../../store/schema.js';
import type { Power } from '../../engine/types.js';
import { enqueue, queueDm, queueProgressStatus, queueStatus, startPostKey, worded } from '../outbox/index.js';
import { openStartSteps, pluginOfGame, seatedToAct } from '../phase/index.js';
import { viewsUnderFog } from '../fog/index.js';
import { inServerLibrary } from '../variant-library/index.js';
import { isStoredVariantId } from '../../variants/stored.js';
import { openMuster } from '../muster/index.js';

/** Finds the power the player means: exact name, adjective, or a unique prefix, in any case. */
export function matchPower(variantId: string, text: string): string | null {
  const variant = getVariant(variantId);
  return variant ? powerByName(variant, text) : null;
}

/** What `/game create` gives (src/bot/commands/game.ts reads it from the command's options). */
export interface CreateGameInput extends SeatCreateInput {
  channelId: string;
  guildId: string | null;
  userId: string;
  variantId: string;
  durations?: PhaseDurationInput;
  /** A role the start and results posts ping (`/game create notify:`); never @everyone (the guild's id). */
  notifyRoleId?: string | null;
  /** Map colours of the channel's posts (`/game create palette:`). */
  palette?: string | null;
  /** The variant's game options by name; null or missing ones take their defaults (`optionsText` too). */
  options?: Record<string, string | null | undefined>;
  /** The variant's options as typed in `/game create options:`: comma-separated `name` or `name=value` (variant-of-game.ts). */
  optionsText?: string | null;
  /** `/game create press:` — `open` (default), `gunboat` or `anonymous` (docs/bot.md "Press"). */
  press?: string | null;
  /** `/game create scoring:` — one of `SCORING_SYSTEMS`, default `draw-size` (docs/bot.md "Scoring"). */
  scoring?: string | null;
  /** `/game create rate-computers:` — the computer seats count as the people's opponents in the ratings (default off). */
  rateAgainstComputers?: boolean | null;
  /** `/game create locale:` — the language of the channel's posts (docs/locales.md); missing: `guildLocale`'s. */
  locale?: string | null;
  /** The server's preferred locale as Discord names it (`guild_locale`): the default when it is one of ours. */
  guildLocale?: string | null;
  /** `/game create deadline-at: timezone: muster: fog:` as typed (docs/table.md; the settings' own parsers read them). */
  table?: TableOptionsInput;
}

/** A new game's settings, parsed from `CreateGameInput` and checked against its variant. */
interface GameSettings {
  variant: Variant;
  durations: PhaseDurations;
  palette: 'standard' | 'colorblind';
  options: Record<string, string>;
  computer: ComputerSeatsRequest;
  level: Level;
  seats: SeatSettings;
  demonstration: boolean;
  press: PressMode;
  scoring: ScoringSystem;
  rateAgainstComputers: boolean;
  locale: Locale;
  /** The table's rules: the deadline clock, the muster and the fog (docs/table.md). */
  table: Pick<GameRow, 'clock' | 'musterMs' | 'fog'>;
}

/**
 * Creates a game in the channel with the caller as game master. Durations like `90s`, `10m`, `24h`, `2d`
 * (defaults: movement 24h, retreat 12h, adjustment 12h). Errors: unknown variant (lists the variants),
 * malformed, zero or over-30-day duration, a game already open in the channel.
 */
export async function createGame(
  deps: GameDeps,
  input: CreateGameInput,
): Promise<
  Result<{
    game: GameView;
    computerPowers: string[];
    /** The computer players' powers as the reader names them. */
    computerNames: MsgParam;
    computerFill: boolean;
    demonstration: boolean;
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    if (!idText(input.channelId) || !idText(input.userId)) return fail(msg('lobby.refused.notInChannel'));
    // A server's stored variant only from its own library (docs/variants.md "A server's variants").
    const wanted = String(input.variantId ?? '')
      .trim()
      .toLowerCase();
    const ownStored = isStoredVariantId(wanted) && (await inServerLibrary(tx, input.guildId, wanted));
    const settings = parseGameSettings(input, ownStored);
    if (!settings.ok) return fail(settings.message ?? settings.error);
    const place = await checkGamePlace(tx, deps, input, settings.durations);
    if (!place.ok) return fail(place.message ?? place.error);
    const { variant, durations, computer, demonstration } = settings;
    const now = deps.now();
    const game = await insertGame(tx, input, settings, place, now);
    // Named computer seats (and every seat of a demonstration table) are taken at once, so nobody joins as them.
    const computerPowers = demonstration ? seatablePowers(variant) : computer.fill === 'powers' ? computer.powers : [];
    for (const power of computerPowers)
      await tx
        .insert(players)
        .values({ gameId: game.id, power, userId: computerUserId(power, game.computerLevel), joinedAt: now });
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'create',
      detail: {
        variant: variant.id,
        durations,
        // which lengths were typed: a clock switched on later gives the others its own default (src/game/settings)
        durationsGiven: (['movement', 'retreat', 'adjustment'] as const).filter((t) => input.durations?.[t]),
        computer: computerPowers,
        computerFill: game.computerFill,
        demonstration,
      },
      at: now,
    });
    noteEvent({
      kind: 'game_created',
      gameId: game.id,
      variantId: variant.id,
      guildId: game.guildId,
      channelId: game.channelId,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    const computerNames = powersParam(variant, computerPowers);
    return {
      ok: true,
      game: toGameView(game),
      computerPowers,
      computerNames,
      computerFill: game.computerFill,
      demonstration,
    };
  });
}

/**
 * `/game create`'s settings, each parsed and checked in turn (the first error is the answer): the variant, the
 * phase durations, the palette, the variant's options, the computer seats and their level, the seat settings, and a
 * demonstration table's (every power a computer's, so no named computer seats).
 */
function parseGameSettings(input: CreateGameInput, ownStored: boolean): Result<GameSettings> {
  const wanted = String(input.variantId ?? '')
    .trim()
    .toLowerCase();
  // A bundled variant, or one of the server's stored ones (the bot resolves a library name to its id).
  const variant =
    botVariants().find((v) => v.id === wanted) ?? (ownStored ? variantOfGame({ variantId: wanted }) : undefined);
  if (!variant) {
    const variants = listParam(botVariants().map((v) => v.id));
    return fail(msg('lobby.refused.unknownVariant', { text: typed(input.variantId), variants }));
  }
  const table = parseTableOptions(input.table ?? {});
  if (!table.ok) return fail(table.message);
  const durations = parseDurations(input.durations, activeClock(table.columns.clock) ? CLOCK_DEFAULT_MINIMUM_MS : null);
  if (!durations.ok) return fail(durations.message);
  const palette = input.palette ?? 'standard';
  if (palette !== 'standard' && palette !== 'colorblind')
    return fail(msg('lobby.refused.unknownPalette', { text: typed(palette) }));
  const written = parseOptionsText(variant, input.optionsText);
  if (!written.ok) return written;
  const options = gameOptionsFor(variant, { ...written.options, ...(input.options ?? {}) });
  if (!options.ok) return options;
  const computer = parseComputerSeats(variant, input.computer);
  if (!computer.ok) return computer;
  const level = parseLevel(input.computerLevel, GAME_DEFAULT_LEVEL);
  if (!level.ok) return level;
  const seats = parseSeatSettings(input);
  if (!seats.ok) return seats;
  const press = input.press ?? 'open';
  if (!PRESS_MODES.includes(press as PressMode))
    return fail(msg('lobby.refused.unknownPress', { text: typed(press), modes: listParam(PRESS_MODES) }));
  const scoring = input.scoring ?? SCORING_SYSTEMS[0];
  if (!SCORING_SYSTEMS.includes(scoring as ScoringSystem))
    return fail(msg('lobby.refused.unknownScoring', { text: typed(scoring), systems: listParam(SCORING_SYSTEMS) }));
  const locale = parseGameLocale(input);
  if (!locale.ok) return locale;
  const demonstration = input.demonstration === true;
  if (demonstration && computer.request.fill === 'powers') {
    return fail(msg('lobby.refused.demonstrationSeats'));
  }
  return {
    ok: true,
    variant,
    durations: durations.durations,
    palette,
    options: options.options,
    computer: computer.request,
    level: level.level,
    seats: seats.settings,
    demonstration,
    press: press as PressMode,
    scoring: scoring as ScoringSystem,
    rateAgainstComputers: input.rateAgainstComputers === true,
    locale: locale.locale,
    table: table.columns,
  };
}

/** `/game create locale:` through the setting's parser (`/gm set setting:locale` reads the same); else the server's. */
function parseGameLocale(input: CreateGameInput): Result<{ locale: Locale }> {
  if (!input.locale) return { ok: true, locale: localeOf(input.guildLocale) };
  const parsed = parseSetting('locale', input.locale);
  return parsed.ok ? { ok: true, locale: parsed.value } : fail(parsed.message);
}

/** The ways a game's players may talk (`PressMode`), the default first. */
export const PRESS_MODES: readonly PressMode[] = ['open', 'gunboat', 'anonymous'];

/**
 * Whether the game may be created where it was asked for, in the caller's transaction: no other open game in the
 * channel, a notify role that is not @everyone, phases no shorter than the server allows, and in a server the
 * caller's only forming game there and the server under its cap of live games. Answers the server and role ids.
 */
async function checkGamePlace(
  tx: Tx,
  deps: GameDeps,
  input: CreateGameInput,
  durations: PhaseDurations,
): Promise<Result<{ guildId: string | null; notifyRoleId: string | null }>> {
  const existing = await openGameByChannel(tx, input.channelId);
  if (existing) {
    // The game as the reader reads it (`Diplomatie classique`), not its id.
    return fail(msg('lobby.refused.channelTaken', { status: existing.status, variant: gameTitleOf(existing) }));
  }
  const guildId = idText(input.guildId) || null;
  const notifyRoleId = idText(input.notifyRoleId) || null;
  if (notifyRoleId !== null && notifyRoleId === guildId) return fail(msg('lobby.refused.everyone'));
  const server = await serverLimits(tx, deps, guildId);
  for (const type of ['movement', 'retreat', 'adjustment'] as const) {
    if (durations[type] < server.minPhaseMs) {
      return fail(
        msg('lobby.refused.phaseTooShort', {
          type,
          min: durationParam(server.minPhaseMs),
          given: durationParam(durations[type]),
        }),
      );
    }
  }
  // One forming game per member per server, and a cap on the server's live games.
  const refused = guildId ? await newGameRefusal(tx, deps, guildId, input.userId) : null;
  if (refused) return fail(refused);
  return { ok: true, guildId, notifyRoleId };
}

/** Stores the new game (forming, the caller its game master) with its settings; answers its row. */
async function insertGame(
  tx: Tx,
  input: CreateGameInput,
  settings: GameSettings,
  place: { guildId: string | null; notifyRoleId: string | null },
  now: number,
): Promise<GameRow> {
  const { variant, durations, palette, options, computer, level, seats, demonstration, press, scoring } = settings;
  return (
    await tx
      .insert(games)
      .values({
        channelId: input.channelId,
        guildId: place.guildId,
        notifyRoleId: place.notifyRoleId,
        variantId: variant.id,
        gmUserId: input.userId,
        status: 'forming',
        movementMs: durations.movement,
        retreatMs: durations.retreat,
        adjustmentMs: durations.adjustment,
        palette,
        options,
        computerFill: computer.fill === 'all',
        demonstration,
        computerLevel: level,
        ...seats,
        press,
        scoring,
        rateAgainstComputers: settings.rateAgainstComputers,
        locale: settings.locale,
        ...settings.table,
        createdAt: now,
      })
      .returning()
  )[0]!;
}

/**
 * The game options as stored: every option the variant offers, given or defaulted. An option the variant does not
 * offer, or a value it does not allow, is refused with the allowed values.
 */
export function gameOptionsFor(
  variant: Variant,
  given: Record<string, string | null | undefined>,
): Result<{ options: Record<string, string> }> {
  const specs = variant.rules.gameOptions ?? {};
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === null || value === undefined) continue;
    const spec = specs[name];
    if (!spec) return fail(msg('lobby.refused.unknownOption', { variant: variantParam(variant), text: typed(name) }));
    if (!spec.values.includes(value))
      return fail(msg('lobby.refused.optionValue', { name, values: listParam(spec.values), text: typed(value) }));
    options[name] = value;
  }
  for (const [name, spec] of Object.entries(specs)) options[name] ??= spec.default;
  return { ok: true, options };
}

/** The deadline rule by the clock, if the game has one (docs/table.md): a line of the start post. */
function clockLines(game: GameRow) {
  const line = clockLineMsg(game.clock);
  return line ? [line] : [];
}

/**
 * Powers nobody holds in the channel's forming game (for autocomplete); [] when there is none, and in a game that
 * hides who plays whom (its powers are drawn at the start, docs/decisions.md "Hidden identities").
 */
export async function freePowers(deps: GameDeps, channelId: string): Promise<string[]> {
  try {
    return await deps.store.transaction(async (tx) => {
      const game = await openGameByChannel(tx, channelId);
      // A game that hides who plays whom draws the powers at the start: nothing to choose, nothing to poll.
      if (game?.status !== 'forming' || hidesIdentities(game)) return [];
      const variant = variantOfGame(game);
      if (!variant) return [];
      const taken = new Set((await playersOf(tx, game.id)).map((p) => p.power));
      return seatablePowers(variant).filter((p) => !taken.has(p));
    });
  } catch {
    return [];
  }
}

async function formingGame(tx: Tx, channelId: string): Promise<GameRow | { ok: false; error: string }> {
  const game = await openGameByChannel(tx, channelId);
  if (!game) return fail(NO_GAME);
  if (game.status !== 'forming') return fail(msg('lobby.refused.started'));
  return game;
}

/**
 * A join's answer: the power taken, or in a game that hides who plays whom only a place (`drawn`: the power is drawn at
 * the start, `startGame`; the row's power until then is internal and never told).
 */
type Joined = { game: GameView } & (
  | { drawn: false; power: string; name: MsgParam }
  | { drawn: true; power?: never; name?: never }
);

/**
 * Joins the channel's forming game, taking `power` (name, adjective or unique prefix) or a random free power. In a game
 * that hides who plays whom a join takes a place: a chosen power is refused, the row holds some free power until the
 * start draws them all (docs/decisions.md "Hidden identities").
 * Errors: no game, already started, already joined, unknown or taken power, no free power left.
 */
export async function joinGame(deps: GameDeps, input: Caller & { power?: string | null }): Promise<Result<Joined>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await formingGame(tx, input.channelId);
    if ('ok' in game) return game;
    if (!idText(input.userId)) return fail(msg('lobby.refused.noUser'));
    const variant = variantOfGame(game)!;
    if (game.demonstration) return fail(msg('lobby.refused.demonstration'));
    const drawn = hidesIdentities(game);
    const chosen = typeof input.power === 'string' && input.power.trim() !== '' ? input.power : null;
    if (drawn && chosen !== null) return fail(msg('lobby.refused.drawn', { command: commandParam('game.join') }));
    const mine = await playerByUser(tx, game.id, input.userId);
    if (mine && drawn) return fail(msg('lobby.refused.joinedDrawn'));
    if (mine) return fail(msg('lobby.refused.joined', { power: powerParam(variant, mine.power) }));
    const unreliable = await reliabilityRefusal(tx, game, input.userId);
    if (unreliable) return fail(unreliable);
    const power = await powerToJoin(tx, deps, game, variant, chosen);
    if (!power.ok) return power;
    const now = deps.now();
    await tx.insert(players).values({ gameId: game.id, power: power.power, userId: input.userId, joinedAt: now });
    // A place in a hidden game: its power is internal until the start's draw, so the record keeps none.
    const detail = drawn ? { drawn: true } : { power: power.power };
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'join', detail, at: now });
    await queueProgressStatus(tx, game, now);
    changed(game.id);
    if (drawn) return { ok: true, game: toGameView(game), drawn: true };
    return {
      ok: true,
      game: toGameView(game),
      drawn: false,
      power: power.power,
      name: powerParam(variant, power.power),
    };
  });
}

/** The power a join takes: the one chosen if it is free, else a random free one (the full game refused). */
async function powerToJoin(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  chosen: string | null,
): Promise<Result<{ power: string }>> {
  const seated = await playersOf(tx, game.id);
  const taken = new Set(seated.map((p) => p.power));
  const free = seatablePowers(variant).filter((p) => !taken.has(p));
  if (chosen === null) {
    if (free.length === 0) return fail(msg('lobby.refused.full'));
    return { ok: true, power: free[Math.floor(randomOf(deps)() * free.length) % free.length]! };
  }
  const matched = matchPower(game.variantId, chosen);
  if (!matched) {
    const powers = powersParam(
      variant,
      variant.powers.map((p) => p.name),
    );
    return fail(msg('gm.refused.unknownPowerOf', { text: typed(chosen), variant: variantParam(variant), powers }));
  }
  const freeList = { free: free.length, powers: powersParam(variant, free) };
  if (!free.includes(matched) && !taken.has(matched))
    return fail(msg('lobby.refused.neutral', { power: powerParam(variant, matched), ...freeList }));
  if (taken.has(matched)) {
    const byComputer = seated.some((p) => p.power === matched && isComputer(p.userId));
    const by = byComputer ? 'computer' : 'player';
    return fail(msg('lobby.refused.taken', { power: powerParam(variant, matched), by, ...freeList }));
  }
  return { ok: true, power: matched };
}

/** Leaves the channel's game before it starts (a place of a hidden game: its internal power is not told). */
export async function leaveGame(deps: GameDeps, input: Caller): Promise<Result<Joined>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await openGameByChannel(tx, input.channelId);
    if (!game) return fail(NO_GAME);
    const mine = await playerByUser(tx, game.id, input.userId);
    if (!mine) return fail(msg('lobby.refused.notIn'));
    if (game.status !== 'forming') return fail(msg('lobby.refused.leaveStarted'));
    const now = deps.now();
    const drawn = hidesIdentities(game);
    await tx.delete(players).where(eq(players.id, mine.id));
    const detail = drawn ? { drawn: true } : { power: mine.power };
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'leave', detail, at: now });
    await queueProgressStatus(tx, game, now);
    changed(game.id);
    if (drawn) return { ok: true, game: toGameView(game), drawn: true };
    const name = powerParam(variantOfGame(game)!, mine.power);
    return { ok: true, game: toGameView(game), drawn: false, power: mine.power, name };
  });
}

/**
 * The start post's line on the first phase: orders for everyone seated, or only the seated powers with something to
 * decide named (Mandate of Heaven's placement asks only the Hsiung-Nu), or none of them asked at all (docs/bot.md
 * "The start DM says what the first phase asks of the player").
 */
function startOrdersMsg(
  variant: Variant,
  phase: Msg,
  deadlineMs: number,
  seats: { seated: readonly string[]; acting: readonly string[] },
): Msg {
  const { seated, acting } = seats;
  if (seated.every((p) => acting.includes(p))) return ordersOpenMsg(phase, deadlineMs);
  const when = { phase, relative: timeRef(deadlineMs, 'R'), date: timeRef(deadlineMs, 'f') };
  if (acting.length === 0) return msg('start.ordersOpen.none', when);
  return msg('start.ordersOpen.some', { ...when, powers: powersParam(variant, [...acting]) });
}

/**
 * The DM that tells a player their power at the start, and whether the first phase asks anything of it (a power with
 * nothing to decide in it, as in Mandate of Heaven's placement, is told the next phase's DM will come: docs/bot.md
 * "The start DM says what the first phase asks of the player"). A fog game: the channel's start post shows no board,
 * so the DM carries the player's power's view (docs/table.md "Fog of war").
 */
async function queueStartDm(
  tx: Tx,
  game: GameRow,
  p: { power: string; userId: string },
  start: { phase: PhaseRow; name: Msg; deadlineMs: number; variant: MsgParam; acting: readonly string[] },
  now: number,
): Promise<void> {
  const lines = [
    msg('start.dm', {
      power: powerParam(variantOfGame(game)!, p.power),
      variant: start.variant,
      channel: channelRef(game.channelId),
      phase: start.name,
      date: timeRef(start.deadlineMs, 'f'),
      act: start.acting.includes(p.power) ? 'yes' : 'no',
    }),
  ];
  const key = `power:${game.id}:${p.power}:${p.userId}`;
  if (!game.fog)
    return await queueDm(tx, game, {
      to: p.userId,
      reason: 'power_assigned',
      text: lines,
      dedupeKey: key,
      now,
      phaseId: start.phase.id,
    });
  await enqueue(tx, {
    gameId: game.id,
    phaseId: start.phase.id,
    payload: {
      type: 'dm',
      gameId: game.id,
      reason: 'power_assigned',
      mapPhaseId: start.phase.id,
      mapPower: p.power,
      ...worded([...lines, msg('fog.start.dm')]),
    },
    target: { kind: 'user', id: p.userId },
    dedupeKey: key,
    now,
  });
}

/** Seats in the order the variant lists its powers, as the status lists them (the store reads them by name). */
function inVariantOrder<T extends { power: string }>(variant: Variant, seats: readonly T[]): T[] {
  const order = variant.powers.map((p) => p.name);
  return [...seats].sort((a, b) => order.indexOf(a.power) - order.indexOf(b.power));
}

/**
 * The start's draw in a game that hides who plays whom (docs/decisions.md "Hidden identities"): the members' rows
 * swap their powers by a uniform random permutation (Fisher-Yates on `deps.random`), so the power each held since
 * the join, never told, says nothing of the one they play. A computer player's or vacant seat keeps its power (both
 * public). Each row keeps its member (their join time, their map palette); the powers move through a placeholder,
 * the store holding one row per power.
 */
async function drawPowers(tx: Tx, deps: GameDeps, gameId: number, now: number): Promise<void> {
  const members = (await playersOf(tx, gameId)).filter((p) => isPerson(p.userId)).sort((a, b) => a.id - b.id);
  const powers = members.map((p) => p.power);
  const random = randomOf(deps);
  for (let i = powers.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1)) % (i + 1);
    [powers[i], powers[j]] = [powers[j]!, powers[i]!];
  }
  for (const p of members)
    await tx
      .update(players)
      .set({ power: `~draw:${p.id}` })
      .where(eq(players.id, p.id));
  for (const [i, p] of members.entries())
    await tx.update(players).set({ power: powers[i]! }).where(eq(players.id, p.id));
  const drawn = Object.fromEntries(members.map((p, i) => [p.userId, powers[i]!]));
  await audit(tx, { gameId, userId: null, action: 'draw', detail: { drawn }, at: now });
}

/**
 * The start post in the channel: the roster (none in a game that hides who plays whom), the powers in civil disorder,
 * what the first phase asks (`opens`), the table's clock, fog and muster lines. With `muster:`, it asks every seated
 * member for **I'm here** (src/game/muster).
 */
async function queueStartPost(
  tx: Tx,
  start: {
    game: GameRow;
    variant: Variant;
    phaseId: number;
    joined: readonly PlayerRow[];
    civilDisorder: readonly Power[];
    opens: Msg;
  },
  now: number,
): Promise<void> {
  const { game, variant, joined, civilDisorder } = start;
  const roster = hidesIdentities(game)
    ? [msg('start.hidden')]
    : inVariantOrder(variant, joined).map((p) =>
        msg('start.seat', { power: powerParam(variant, p.power), player: holderName(p.userId) }),
      );
  const cdLine =
    civilDisorder.length > 0 ? [msg('start.disorder', { powers: powersParam(variant, civilDisorder) })] : [];
  const muster = await openMuster(tx, game, joined, now);
  await enqueue(tx, {
    gameId: game.id,
    phaseId: start.phaseId,
    payload: {
      type: 'game_started',
      gameId: game.id,
      phaseId: start.phaseId,
      ...(muster ? { muster: true } : {}),
      ...worded([
        msg('start.title', { variant: variantParam(variant) }),
        ...roster,
        ...cdLine,
        start.opens,
        ...clockLines(game),
        ...(game.fog ? [msg('fog.start.public')] : []),
        ...(muster ? [muster] : []),
      ]),
    },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: startPostKey(game.id),
    now,
  });
}

/**
 * Starts the channel's game (game master only): creates the first phase with its deadline, queues the start
 * map for the channel and a DM to every player with their power. Powers nobody holds play in civil disorder.
 */
export async function startGame(
  deps: GameDeps,
  input: Caller,
): Promise<
  Result<{ game: GameView; phase: PhaseView; players: { power: string; userId: string }[]; civilDisorder: string[] }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await formingGame(tx, input.channelId);
    if ('ok' in game) return game;
    if (game.gmUserId !== input.userId) return fail(msg('lobby.refused.startNotMaster'));
    const variant = variantOfGame(game);
    if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
    const now = deps.now();
    const seatedBefore = await playersOf(tx, game.id);
    // A table of only computer players is a demonstration table, asked for at creation.
    if (!game.demonstration && !seatedBefore.some((p) => !isComputer(p.userId))) {
      return fail(
        seatedBefore.length === 0 && !game.computerFill ? msg('lobby.refused.nobody') : msg('lobby.refused.noPerson'),
      );
    }
    if (game.computerFill) {
      // `/game create computer:all`: the powers nobody took are played by computer players.
      const held = new Set(seatedBefore.map((p) => p.power));
      for (const power of seatablePowers(variant).filter((p) => !held.has(p))) {
        await tx
          .insert(players)
          .values({ gameId: game.id, power, userId: computerUserId(power, game.computerLevel), joinedAt: now });
      }
    }
    // A game that hides who plays whom draws its members' powers now, before anything is posted or sent.
    if (hidesIdentities(game)) await drawPowers(tx, deps, game.id, now);
    const joined = await playersOf(tx, game.id);
    const plugin = pluginOfGame(game);
    const start = variant.startingPosition();
    const opening =
      plugin.startPosition?.(start, { variant, options: game.options ?? {}, seated: joined.map((p) => p.power) }) ??
      start;
    // A map without starting units opens with its first phase that has something to decide (src/engine/adjudicate.ts).
    const position = openingPosition(variant, opening);
    // The first phase's length, as ever (a movement's); one opened so, its own.
    let deadlineMs = phaseDeadline(game, position === opening ? 'movement' : position.phase.type, now);
    const phase = await insertPhase(tx, game.id, 0, position, now, deadlineMs);
    // The variant's start choice comes first (src/game/phase/steps.ts); the first phase's clock starts once it is made.
    const choosing = await openStartSteps(tx, deps, game, variant, phase, now);
    if (choosing !== null) {
      deadlineMs = choosing.deadline;
      await tx.update(phases).set({ deadlineMs }).where(eq(phases.id, phase.id));
    }
    const started = (
      await tx
        .update(games)
        .set({ status: 'active', currentPhaseId: phase.id, deadlineMs })
        .where(eq(games.id, game.id))
        .returning()
    )[0]!;
    noteEvent({ kind: 'game_started', gameId: game.id, variantId: variant.id, players: joined.length });
    const held = new Set(joined.map((p) => p.power));
    const civilDisorder = seatablePowers(variant).filter((p) => !held.has(p));
    const phaseName = phaseMsg(position.phase, variant);
    const seatedPowers = joined.map((p) => p.power);
    const acting = seatedToAct(variant, phase.position, seatedPowers, viewsUnderFog(started, variant, phase.position));
    const opens =
      choosing?.announce !== undefined
        ? choosing.announce
        : startOrdersMsg(variant, phaseName, deadlineMs, { seated: seatedPowers, acting });
    await queueStartPost(tx, { game: started, variant, phaseId: phase.id, joined, civilDisorder, opens }, now);
    const dm = { phase, name: phaseName, deadlineMs, variant: variantParam(variant), acting };
    for (const p of joined) await queueStartDm(tx, started, p, dm, now);
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'start', detail: { civilDisorder }, at: now });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return {
      ok: true,
      game: toGameView(started),
      phase: toPhaseView(phase, variant),
      players: joined.map((p) => ({ power: p.power, userId: p.userId })),
      civilDisorder,
    };
  });
}
