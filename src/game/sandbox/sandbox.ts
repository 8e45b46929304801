/**
 * Sandboxes: a user's private copy of a Diplomacy game's board — the current phase or any earlier one
 * from `/history` — in which they order every power, adjudicate as often as they like and step on through retreats
 * and adjustments. Each use-case is one transaction on the `sandboxes` table only: a sandbox reads its game once (the
 * board and the public roster, never its stored orders) and never writes to the game's tables or the outbox.
 *
 * The phase is played as the game plays it: the variant plug-in's phase steps open and close at each `/sandbox next`
 * (as at a deadline) and its actions run with `/sandbox act`, the owner acting for every seat and as the game master;
 * what the steps would post in the game's channel is kept for the owner alone.
 *
 * Bounds (src/game/core/limits.ts): `sandboxesPerUser` and `sandboxesPerServer` kept at once, each deleted
 * `sandboxIdleMs` after its last use (every write use-case first deletes the expired ones). The play itself is
 * src/game/sandbox/rules.ts.
 */
import { listParam, msg, t, type Locale, type Msg, type MsgParam } from '../../i18n/index.js';
import {
  countsOutOfSight,
  fogIsUp,
  powerOfMember,
  powerView,
  viewOfView,
  viewerOf,
  type PowerCounts,
} from '../fog/index.js';
import { first, type Tx } from '../../store/store.js';
import { IMPORT_LIMITS, readGameFile, type ImportResult, type RenderInput } from '../history/index.js';
import {
  hidesIdentities,
  limitsOf,
  type LoopTurns,
  phaseCode,
  phaseLabel,
  phaseMsg,
  gamePowerParam,
  powerByName,
  powerParam,
  powersParam,
  fail,
  inReadTransaction,
  inTransaction,
  reportInternal,
  type GameDeps,
  type RejectedOrder,
  type Refusal,
  type Result,
  variantOfGame,
  gameKindOf,
  durationsOf,
  phaseOf,
  typed,
  variantParam,
  durationParam,
  orderParam,
  randomOf,
} from '../core/index.js';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Adjudication, Phase, Position, Power, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import {
  gameById,
  gamesOfServer,
  gamesOfUser,
  latestGameByChannel,
  phaseById,
  phasesOf,
  playerByUser,
  playersOf,
} from '../../store/queries.js';
import {
  sandboxes,
  type GameRow,
  type PhaseRow,
  type SandboxOrder,
  type SandboxRecord,
  type SandboxRow,
} from '../../store/schema.js';
import { actionOption, listRecords, matchingChoices, storedStepUnderWay, type ShownChoice } from '../phase/index.js';
import { pluginOf } from '../../variants/index.js';
import { orderLanguage } from '../../variants/names.js';
import type { PictureKind } from '../../variants/plugin/index.js';
import { orderInputProblem } from '../orders/index.js';
import {
  actInSandbox,
  adjudicateSandbox,
  enterSandboxOrders,
  freshStage,
  openSandboxStart,
  sandboxActionChoices,
  sandboxActions,
  sandboxDuties,
  sandboxOptions,
  sandboxOrdersClosed,
  sandboxStepStatus,
  sandboxWords,
  postLines,
  stepSandbox,
  type SandboxActor,
  type SandboxBoard,
  type SandboxCall,
  type SandboxStepStatus,
} from './rules.js';

export type { SandboxBoard } from './rules.js';

/** What the bot shows of a sandbox (only ever to its owner, unless the owner shares a snapshot). */
export interface SandboxView {
  id: number;
  variantName: MsgParam;
  /** The game's channel and the phase it was copied from (`S1901M`). */
  gameChannelId: string;
  source: string;
  /** The phase being played in the sandbox, and its name worded in the reader's locale. */
  label: string;
  name: Msg;
  code: string;
  orders: { power: string; text: string }[];
  /** Each order's text written in the reader's language (`A Paris - Bourgogne`, `A 咸陽 守`), as `/orders show` writes it. */
  written: Readonly<Record<string, MsgParam>>;
  /** The powers with something to decide, and what is still without an order (`shown`: in the reader's words). */
  duties: { power: string; missing: string[]; shown: MsgParam[] }[];
  /** The variant's phase step under way (the orders are closed while a `claim` step is), or null. */
  step: SandboxStepStatus | null;
  /** What the variant's steps would have posted in the game's channel in this phase so far (shown to the owner), as lines. */
  posts: Msg[][];
  /** The variant's actions open now (`/sandbox act`), each with the seats that may use it (`gm`: the game master). */
  /** Each action's value and its name in the reader's words (`declare: a decisive battle …`), with who may use it. */
  actions: { name: string; shown: Msg; as: string[] }[];
  /** The phase last stepped through, with its results. */
  last: { label: string; adjudication: Adjudication } | null;
  steps: number;
  /** A power won in this sandbox's line (nothing more to play). */
  winner: string | null;
  /**
   * Each power of the variant by its id, named in the reader's language (`powerParam`, docs/locales.md "Names"): the
   * view's powers are ids, as `as:` and `power:` take them.
   */
  powers: Readonly<Record<string, MsgParam>>;
  expiresAt: number;
}

export type SandboxRef = { userId: string; sandboxId?: number | null };

const NO_SANDBOX = msg('sandbox.refused.none');

function callOf(deps: GameDeps): SandboxCall {
  return { now: deps.now(), random: randomOf(deps), report: (e) => reportInternal(deps, e) };
}

/** The sandbox's board, played as its game (`game`) would play it; null when the variant is gone. */
function boardOf(row: SandboxRow, game: GameRow | undefined): SandboxBoard | null {
  const variant = variantOfGame({ variantId: row.variantId, options: row.options });
  if (!variant) return null;
  return {
    variantId: row.variantId,
    variant,
    options: sandboxOptions(row.variantId, row.options),
    position: row.position,
    orders: row.orders,
    seated: row.seated,
    stage: row.stage,
    game: {
      // A sandbox opened from a game file has no game behind it.
      id: row.gameId ?? 0,
      channelId: game?.channelId ?? '',
      durations: game ? durationsOf(game) : { movement: 0, retreat: 0, adjustment: 0 },
    },
    ownerUserId: row.ownerUserId,
    index: row.steps,
    viewer: row.viewer ?? null,
    unseen: row.unseen ?? null,
  };
}

/** The actions open now, each with who may use it: the seated powers, or the game master. */
function openActions(board: SandboxBoard, call: SandboxCall): SandboxView['actions'] {
  const byName = new Map<string, { name: string; shown: Msg; as: string[] }>();
  const actors: SandboxActor[] = [
    { by: 'gm', power: null },
    ...board.seated.map((power) => ({ by: 'player' as const, power })),
  ];
  for (const actor of actors) {
    for (const a of sandboxActions(board, actor, call)) {
      const entry = byName.get(a.name) ?? { name: a.name, shown: actionOption(a).name, as: [] };
      entry.as.push(actor.power ?? 'gm');
      byName.set(a.name, entry);
    }
  }
  return [...byName.values()];
}

function viewOf(row: SandboxRow, board: SandboxBoard, gameChannelId: string, call: SandboxCall): SandboxView {
  const { variant, position } = board;
  const over = Boolean(row.last?.adjudication.winner);
  return {
    id: row.id,
    variantName: variantParam(variant),
    gameChannelId,
    source: row.source,
    label: phaseLabel(position.phase, variant),
    name: phaseMsg(position.phase, variant),
    code: phaseCode(position.phase),
    orders: row.orders.map((o) => ({ power: o.power, text: o.text })),
    written: Object.fromEntries(row.orders.map((o) => [o.text, orderParam(variant, o.text)])),
    duties: sandboxDuties(board),
    step: over ? null : sandboxStepStatus(board, call),
    posts: board.stage.posts.map(postLines),
    actions: over ? [] : openActions(board, call),
    last: row.last
      ? { label: phaseLabel(row.last.position.phase, variant), adjudication: row.last.adjudication }
      : null,
    steps: row.steps,
    winner: row.last?.adjudication.winner ?? null,
    powers: Object.fromEntries(variant.powers.map((p) => [p.name, powerParam(variant, p.name)])),
    expiresAt: row.expiresAt,
  };
}

/** The owner's sandbox `sandboxId`, or their most recently used one; expired ones do not count. */
async function ownSandbox(tx: Tx, ref: SandboxRef, now: number): Promise<SandboxRow | { ok: false; error: string }> {
  const mine = await tx
    .select()
    .from(sandboxes)
    .where(and(eq(sandboxes.ownerUserId, ref.userId), gt(sandboxes.expiresAt, now)))
    .orderBy(desc(sandboxes.usedAt), desc(sandboxes.id));
  if (mine.length === 0) return fail(NO_SANDBOX);
  if (ref.sandboxId === undefined || ref.sandboxId === null) return mine[0]!;
  const row = mine.find((r) => r.id === ref.sandboxId);
  if (!row) {
    const yours = listParam(mine.map((r) => `#${r.id}`));
    return fail(msg('sandbox.refused.notYours', { id: ref.sandboxId, yours }));
  }
  return row;
}

async function withBoard(tx: Tx, ref: SandboxRef, now: number): Promise<Found | { ok: false; error: string }> {
  const row = await ownSandbox(tx, ref, now);
  if ('ok' in row) return row;
  const game = row.gameId === null ? undefined : await gameById(tx, row.gameId);
  const board = boardOf(row, game);
  if (!board) return fail(msg('sandbox.refused.variantGone', { variant: row.variantId }));
  return { row, board, game, channelId: game?.channelId ?? '' };
}

/** Deletes the sandboxes whose time is up (every write use-case does it first). */
async function expire(tx: Tx, now: number): Promise<void> {
  await tx.delete(sandboxes).where(lte(sandboxes.expiresAt, now));
}

type Found = { row: SandboxRow; board: SandboxBoard; game: GameRow | undefined; channelId: string };

/** A write use-case on the caller's sandbox: expired ones go first, and a use renews its lease. */
async function onSandbox<R extends Result>(
  deps: GameDeps,
  ref: SandboxRef,
  fn: (tx: Tx, found: Found, now: number) => Promise<R>,
): Promise<R | Refusal> {
  return await inTransaction(deps, async (tx) => {
    const now = deps.now();
    await expire(tx, now);
    const found = await withBoard(tx, ref, now);
    if ('ok' in found) return found;
    const r = await fn(tx, found, now);
    if (r.ok) {
      await tx
        .update(sandboxes)
        .set({ usedAt: now, expiresAt: now + limitsOf(deps).sandboxIdleMs })
        .where(eq(sandboxes.id, found.row.id));
    }
    return r;
  });
}

async function reread(tx: Tx, id: number): Promise<SandboxRow> {
  return first(await tx.select().from(sandboxes).where(eq(sandboxes.id, id)).limit(1))!;
}

async function liveCount(
  tx: Tx,
  column: typeof sandboxes.ownerUserId | typeof sandboxes.guildId,
  value: string,
  now: number,
): Promise<number> {
  return first(
    await tx
      .select({ n: sql<number>`count(*)` })
      .from(sandboxes)
      .where(and(eq(column, value), gt(sandboxes.expiresAt, now)))
      .limit(1),
  )!.n;
}

/** The phase `wanted` names (`S1901M`, `spring 1901 movement`, its index), as `/history` reads it. */
function phaseNamed(rows: PhaseRow[], game: GameRow, wanted: string): PhaseRow | { ok: false; error: string } {
  const variant = variantOfGame(game);
  const w = wanted.trim().toLowerCase();
  const named = (r: PhaseRow) => ({
    code: phaseCode(phaseOf(r)).toLowerCase(),
    label: phaseLabel(phaseOf(r), variant).toLowerCase(),
  });
  const row =
    rows.find((r) => named(r).code === w || named(r).label === w || String(r.idx) === w) ??
    rows.find((r) => named(r).label.startsWith(w));
  return (
    row ??
    fail(
      msg('history.refused.noPhase', {
        text: typed(wanted),
        count: rows.length,
        phases: listParam(rows.map((r) => named(r).code.toUpperCase())),
      }),
    )
  );
}

/** Where `/sandbox start` is asked: a server channel (`guildId`) or a direct message with the bot (`guildId` null). */
export interface SandboxPlace {
  channelId: string;
  guildId: string | null;
  userId: string;
}

/** How many games of each source (the caller's, the server's) `sandboxGames` looks at: autocomplete shows 25. */
const GAME_CHOICES = 25;

/** A game `/sandbox start game:` may copy from here (autocomplete). */
export interface SandboxGameChoice {
  gameId: number;
  /** The game's channel (its `/history` phases). */
  channelId: string;
  /** `Game #3 · Classic Diplomacy · Spring 1902 movement · you: France`, worded in the reader's locale. */
  label: Msg;
}

/**
 * The game `/sandbox start` copies: the one named by `gameId`, or else the channel's. A game named from elsewhere
 * must be one the caller holds a power in or masters (anywhere, a direct message included), or a game of the same
 * server (what any member of it sees in its channel); in a direct message a game must be named.
 */
async function sandboxGame(
  tx: Tx,
  place: SandboxPlace,
  gameId: number | null | undefined,
): Promise<GameRow | { ok: false; error: string }> {
  if (gameId === null || gameId === undefined) {
    if (place.guildId === null) return fail(msg('sandbox.refused.nameGame'));
    return (await latestGameByChannel(tx, place.channelId)) ?? fail(msg('sandbox.refused.noGame'));
  }
  const game = await gameById(tx, gameId);
  const mine =
    game !== undefined &&
    (game.gmUserId === place.userId || (await playerByUser(tx, game.id, place.userId)) !== undefined);
  const sameServer = game !== undefined && place.guildId !== null && game.guildId === place.guildId;
  if (!game || !(mine || sameServer)) {
    return fail(msg('sandbox.refused.noSuchGame', { id: gameId, server: place.guildId === null ? 'no' : 'yes' }));
  }
  return game;
}

/**
 * The games the caller may copy from here, for `/sandbox start game:`: the games they play or master, and in a
 * server its other Diplomacy games, newest first (unstarted ones left out).
 */
export async function sandboxGames(
  deps: GameDeps,
  place: SandboxPlace,
): Promise<Result<{ games: SandboxGameChoice[] }>> {
  return await inReadTransaction(deps, async (tx) => {
    const mine = await gamesOfUser(tx, place.userId, 'diplomacy', GAME_CHOICES);
    const server = place.guildId === null ? [] : await gamesOfServer(tx, place.guildId, 'diplomacy', GAME_CHOICES);
    const seen = new Set<number>();
    const out: SandboxGameChoice[] = [];
    for (const game of [...mine, ...server]) {
      if (seen.has(game.id) || game.kind !== 'diplomacy' || game.currentPhaseId === null || game.status === 'forming')
        continue;
      seen.add(game.id);
      const variant = variantOfGame(game);
      const phase = await phaseById(tx, game.currentPhaseId);
      const held = await playerByUser(tx, game.id, place.userId);
      const label = msg('sandbox.choice.game', {
        id: String(game.id),
        variant: variant ? variantParam(variant) : game.variantId,
        phase: phase ? phaseMsg(phaseOf(phase), variant) : '',
        finished: game.status === 'finished' ? 'yes' : 'no',
        you: held ? 'power' : game.gmUserId === place.userId ? 'gm' : 'no',
        power: held && variant ? powerParam(variant, held.power) : (held?.power ?? ''),
      });
      out.push({ gameId: game.id, channelId: game.channelId, label });
    }
    return { ok: true, games: out };
  });
}

/**
 * Copies the board of a game (the channel's, or the one named by `gameId`; its current phase, or the start of
 * `phase`) into a new sandbox of the caller's. Reads the game's phase and roster, never its orders; writes only the
 * `sandboxes` row.
 */
export async function startSandbox(
  deps: GameDeps,
  input: SandboxPlace & { gameId?: number | null; phase?: string | null },
): Promise<Result<{ sandbox: SandboxView }>> {
  return await inTransaction(deps, async (tx) => {
    const now = deps.now();
    await expire(tx, now);
    const game = await sandboxGame(tx, input, input.gameId);
    if ('ok' in game) return game;
    if (game.kind !== 'diplomacy')
      return fail(msg('sandbox.refused.kind', { kind: gameKindOf(game.kind)?.label ?? game.kind }));
    if (game.status === 'forming' || game.currentPhaseId === null) return fail(msg('sandbox.refused.notStarted'));
    const variant = variantOfGame(game);
    if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
    const limits = limitsOf(deps);
    const guildId = game.guildId ?? input.guildId ?? '';
    const full = await noRoomRefusal(tx, deps, input.userId, guildId, now);
    if (full) return fail(full);
    let position: Position;
    let source: string;
    let copied: PhaseRow;
    const wanted = (input.phase ?? '').trim();
    if (wanted !== '') {
      const row = phaseNamed(await phasesOf(tx, game.id), game, wanted);
      if ('ok' in row) return row;
      copied = row;
      position = row.position;
      source = phaseCode(row.position.phase);
    } else {
      copied = (await phaseById(tx, game.currentPhaseId))!;
      // A finished game's last phase is resolved: its board is the one after it.
      position = copied.resolvedAt !== null && copied.adjudication ? copied.adjudication.position : copied.position;
      source = phaseCode(position.phase);
    }
    // Fog of war: a player's sandbox starts from their power's view of that board; nobody else copies it until the end.
    const viewer = viewerOf(game, { userId: input.userId, power: await powerOfMember(tx, game.id, input.userId) });
    if (viewer.kind === 'none') return fail(msg('fog.sandbox.none'));
    // Its legend keeps the public counts: what stands out of sight is counted, never shown (`unseen`).
    let unseen: PowerCounts | null = null;
    if (viewer.kind === 'power') {
      const view = powerView(variant, position, viewer.power);
      position = view.position;
      unseen = countsOutOfSight(variant, view.position, view.counts);
    }
    const seated = (await playersOf(tx, game.id)).map((p) => p.power).sort();
    const call = callOf(deps);
    const stage = freshStage(call.random);
    const values = {
      ownerUserId: input.userId,
      guildId,
      gameId: game.id,
      variantId: game.variantId,
      options: game.options ?? {},
      seated,
      source,
      position,
      viewer: viewer.kind === 'power' ? viewer.power : null,
      unseen,
      orders: [],
      stage,
      last: null,
      steps: 0,
      createdAt: now,
      usedAt: now,
      expiresAt: now + limits.sandboxIdleMs,
    };
    // The game's phase is in its start choice (its board is the one before it): the sandbox's owner makes it too.
    const inStartChoice =
      copied.id === game.currentPhaseId && (await storedStepUnderWay(tx, game, copied))?.spec.at === 'start';
    const board = boardOf({ ...values, id: 0 }, game)!;
    const started = inStartChoice ? openSandboxStart(board, call) : board;
    const inserted = (
      await tx
        .insert(sandboxes)
        .values({ ...values, position: started.position, stage: started.stage })
        .returning()
    )[0]!;
    return { ok: true, sandbox: viewOf(inserted, boardOf(inserted, game)!, game.channelId, call) };
  });
}

/** Why the member (or the server) may not keep one more sandbox now, or null. */
async function noRoomRefusal(
  tx: Tx,
  deps: GameDeps,
  userId: string,
  guildId: string,
  now: number,
): Promise<Msg | null> {
  const limits = limitsOf(deps);
  const idle = durationParam(limits.sandboxIdleMs);
  if ((await liveCount(tx, sandboxes.ownerUserId, userId, now)) >= limits.sandboxesPerUser)
    return msg('sandbox.refused.fullMember', { max: limits.sandboxesPerUser, idle });
  if ((await liveCount(tx, sandboxes.guildId, guildId, now)) >= limits.sandboxesPerServer)
    return msg('sandbox.refused.fullServer', { max: limits.sandboxesPerServer, idle });
  return null;
}

/**
 * `/sandbox start file:` — a private sandbox opened from a game file (`/history export`'s, the CLI's phases format):
 * the file is read and every phase adjudicated on turns of the event loop (`pause`), then the sandbox starts on the
 * board after its last phase. A bad file is refused with its first problem. A file that names its game (`game`, as
 * `/history export` writes it) of a game the caller could copy from here (`sandboxGame`) keeps that game behind the
 * sandbox, as a copy of it would: a game that hides who plays whom keeps the sandbox from being shared until it ends,
 * however the sandbox was started (`sandboxShareRefusal`). Any other file has no game behind it.
 */
export async function startSandboxFromFile(
  deps: GameDeps,
  input: SandboxPlace & { fileName: string; text: string },
  pause?: () => Promise<void>,
): Promise<Result<{ sandbox: SandboxView }>> {
  const read = await readGameFile(input.text, { limits: IMPORT_LIMITS, ...(pause ? { pause } : {}) });
  // The reader's problem is a technical detail of the file, in the English of the CLI that reads the same files.
  if (!read.ok) return fail(msg('sandbox.refused.file', { problem: read.error }));
  return await inTransaction(deps, async (tx) => {
    const now = deps.now();
    await expire(tx, now);
    const guildId = input.guildId ?? '';
    const full = await noRoomRefusal(tx, deps, input.userId, guildId, now);
    if (full) return fail(full);
    const lastCase = read.phases.at(-1)!.case;
    const seated = [...(lastCase.players ?? read.variant.powers.map((p) => p.name))].sort();
    const call = callOf(deps);
    const game = await fileGame(tx, input, read.gameId, read.variantId);
    const view = fileView(read);
    const values = {
      ownerUserId: input.userId,
      guildId,
      gameId: game?.id ?? null,
      variantId: read.variantId,
      options: read.options,
      seated,
      // No bracket of its own: the head line puts the source inside one (docs/locales.md "Brackets").
      source: `${input.fileName.slice(0, 80)} · ${phaseCode(read.last.phase)}`,
      ...view,
      orders: [],
      stage: freshStage(call.random),
      last: null,
      steps: 0,
      createdAt: now,
      usedAt: now,
      expiresAt: now + limitsOf(deps).sandboxIdleMs,
    };
    if (!boardOf({ ...values, id: 0 }, game))
      return fail(msg('sandbox.refused.fileVariant', { variant: read.variantId }));
    const inserted = (await tx.insert(sandboxes).values(values).returning())[0]!;
    return { ok: true, sandbox: viewOf(inserted, boardOf(inserted, game)!, game?.channelId ?? '', call) };
  });
}

/**
 * Where a sandbox opened from a file starts: the board after its last phase. A power's file of a running fog game says
 * whose view it is (its cases' `fog`): the sandbox is then that power's view, as a copy by its player is (docs/bot.md
 * "Export and import"): the board as that power sees it (a hand-edited file shows nothing out of its sight either),
 * its pictures titled so, and the legend's public counts after the phase, as the file gives them.
 */
function fileView(read: Extract<ImportResult, { ok: true }>): {
  position: Position;
  viewer: Power | null;
  unseen: PowerCounts | null;
} {
  if (!read.fog) return { position: read.last, viewer: null, unseen: null };
  // The board after as the file's power saw it, else what the file's own phases decide.
  const view = powerView(read.variant, read.fog.after ?? read.last, read.fog.power);
  const unseen = countsOutOfSight(read.variant, view.position, { ...view.counts, ...read.fog.countsAfter });
  return { position: view.position, viewer: read.fog.power, unseen };
}

/** The game a file names (`game`), when it is a Diplomacy game of the file's variant the caller could copy from here. */
async function fileGame(
  tx: Tx,
  place: SandboxPlace,
  gameId: number | null,
  variantId: string,
): Promise<GameRow | undefined> {
  if (gameId === null) return undefined;
  const game = await sandboxGame(tx, place, gameId);
  if ('ok' in game || game.kind !== 'diplomacy' || game.variantId.toLowerCase() !== variantId) return undefined;
  return game;
}

/** The caller's sandbox (`sandboxId`, or the one used last) and its board, for replies, autocomplete and maps. */
export async function viewSandbox(
  deps: GameDeps,
  ref: SandboxRef,
): Promise<Result<{ sandbox: SandboxView; board: SandboxBoard }>> {
  return await inReadTransaction(deps, async (tx) => {
    const found = await withBoard(tx, ref, deps.now());
    if ('ok' in found) return found;
    return { ok: true, sandbox: viewOf(found.row, found.board, found.channelId, callOf(deps)), board: found.board };
  });
}

/**
 * Why the caller's sandbox may not be shared in a channel yet, or null: one copied from a game that hides who plays
 * whom, while that game runs (a share names who shared it, and what they explore tells their power;
 * src/game/core/identities.ts), or from a fog game while it runs (docs/table.md "Fog of war").
 */
export async function sandboxShareRefusal(deps: GameDeps, ref: SandboxRef): Promise<Msg | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const found = await withBoard(tx, ref, deps.now());
    if ('ok' in found) return found;
    const hidden = found.game !== undefined && hidesIdentities(found.game) && found.game.status !== 'finished';
    // Fog of war: a sandbox from a running fog game shows one power's view (or the game master's whole board).
    return { ok: true, hidden, fog: found.game !== undefined && fogIsUp(found.game) };
  });
  if (r.ok && r.fog) return msg('fog.sandbox.noShare');
  if (!r.ok || !r.hidden) return null;
  return msg('sandbox.refused.hiddenShare');
}

/** The caller's sandboxes, the one used last first. */
export async function listSandboxes(deps: GameDeps, userId: string): Promise<Result<{ sandboxes: SandboxView[] }>> {
  return await inReadTransaction(deps, async (tx) => {
    const now = deps.now();
    const rows = await tx
      .select()
      .from(sandboxes)
      .where(and(eq(sandboxes.ownerUserId, userId), gt(sandboxes.expiresAt, now)))
      .orderBy(desc(sandboxes.usedAt), asc(sandboxes.id));
    const views: SandboxView[] = [];
    for (const row of rows) {
      const found = await withBoard(tx, { userId, sandboxId: row.id }, now);
      if (!('ok' in found)) views.push(viewOf(found.row, found.board, found.channelId, callOf(deps)));
    }
    return { ok: true, sandboxes: views };
  });
}

/** The sandbox's row as written, shown. */
async function reshown(tx: Tx, deps: GameDeps, found: Found): Promise<SandboxView> {
  const after = await reread(tx, found.row.id);
  return viewOf(after, boardOf(after, found.game)!, found.channelId, callOf(deps));
}

/** Refused when a line of the sandbox was won: nothing more to play. */
function wonRefusal(row: SandboxRow): { ok: false; error: string } | null {
  const winner = row.last?.adjudication.winner;
  if (!winner) return null;
  const game = { variantId: row.variantId, options: row.options };
  return fail(msg('sandbox.refused.won', { power: gamePowerParam(game, winner) }));
}

/**
 * Refused while a step closes the orders: the game's own message (its `/act` reads `/sandbox act` in the bot's
 * wording, `sandboxWords`, and in the English beside it).
 */
function closedRefusal(board: SandboxBoard): Refusal | null {
  const closed = sandboxOrdersClosed(board);
  return closed === null ? null : { ...fail(closed), error: sandboxWords(t('en', closed)) };
}

/** What `/sandbox order` stored, refused and replaced. */
export type SandboxOrdered = Result<{
  sandbox: SandboxView;
  stored: SandboxOrder[];
  rejected: RejectedOrder[];
  replaced: { before: string; after: string }[];
}>;

/** Why an order text cannot be read at all (nothing in it, too long), or null. */
function orderTextProblem(deps: GameDeps, text: string): Msg | null {
  if (text.trim() === '') return msg('sandbox.refused.noOrdersGiven');
  return orderInputProblem(deps, text);
}

/** What `/sandbox order` reads: the text, and the owner's locale, whose order words and names are read too. */
type SandboxOrderInput = SandboxRef & { text: string; locale?: Locale };

/** Orders for any power's units (one per line or `;`-separated), checked as `/order` checks a player's. */
export async function orderSandbox(deps: GameDeps, input: SandboxOrderInput): Promise<SandboxOrdered> {
  const text = typeof input.text === 'string' ? input.text : '';
  const problem = orderTextProblem(deps, text);
  if (problem) return fail(problem);
  return await onSandbox(deps, input, async (tx, found) => {
    const { row, board } = found;
    const refused = wonRefusal(row) ?? closedRefusal(board);
    if (refused) return refused;
    const language = input.locale ? orderLanguage(board.variant, input.locale) : undefined;
    const r = enterSandboxOrders(board, text, language);
    if (r.stored.length > 0) await tx.update(sandboxes).set({ orders: r.orders }).where(eq(sandboxes.id, row.id));
    return {
      ok: true,
      sandbox: await reshown(tx, deps, found),
      stored: r.stored,
      rejected: r.rejected,
      replaced: r.replaced,
    };
  });
}

/**
 * Orders read, checked and stored in one piece of `orderSandboxInTurns`: a piece of a 21-power Warhammer board takes a
 * few ms on the bot's thread (docs/benchmarks.md, "Sandboxes"), where the 60 orders one command may carry take tens.
 */
export const SANDBOX_ORDERS_PER_PIECE = 10;

/**
 * `orderSandbox` cut into pieces of at most SANDBOX_ORDERS_PER_PIECE orders, each its own transaction on a turn of
 * `turn` (brief: nothing one member does blocks the event loop for more than 20 ms). The pieces are queued together,
 * so no other work of the member's comes between them, and the reply is theirs merged: the same orders stored, the
 * same refusals and replacements as one `orderSandbox` of the whole text (an order replaces an earlier one for its
 * unit, in this text or before).
 */
export async function orderSandboxInTurns(
  deps: GameDeps,
  input: SandboxOrderInput,
  turn: LoopTurns,
): Promise<SandboxOrdered> {
  const text = typeof input.text === 'string' ? input.text : '';
  const problem = orderTextProblem(deps, text);
  if (problem) return fail(problem);
  // The parser's own separators (src/engine/parse `parseOrders`).
  const lines = text.split(/[\n\r;]+/).filter((line) => line.trim() !== '');
  const pieces: string[] = [];
  for (let i = 0; i < lines.length; i += SANDBOX_ORDERS_PER_PIECE)
    pieces.push(lines.slice(i, i + SANDBOX_ORDERS_PER_PIECE).join('\n'));
  if (pieces.length === 0) pieces.push(text); // only separators: read as one text would be (nothing found)
  const done = await Promise.all(
    pieces.map((piece) => turn(async () => await orderSandbox(deps, { ...input, text: piece }))),
  );
  const refused = done.find((r) => !r.ok);
  if (refused) return refused;
  const ok = done.filter((r) => r.ok);
  // As in one text, a unit's later order is the one listed as stored (src/game/sandbox/rules.ts `enterSandboxOrders`).
  const stored: SandboxOrder[] = [];
  for (const order of ok.flatMap((r) => r.stored)) {
    const earlier = stored.findIndex((o) => o.power === order.power && o.unitKey === order.unitKey);
    if (earlier >= 0) stored.splice(earlier, 1);
    stored.push(order);
  }
  return {
    ok: true,
    sandbox: ok.at(-1)!.sandbox,
    stored,
    rejected: ok.flatMap((r) => r.rejected),
    replaced: ok.flatMap((r) => r.replaced),
  };
}

/** Deletes the sandbox's orders for this phase: one power's (`power`), or all. */
export async function clearSandboxOrders(
  deps: GameDeps,
  input: SandboxRef & { power?: string | null },
): Promise<Result<{ sandbox: SandboxView; cleared: number }>> {
  return await onSandbox(deps, input, async (tx, found) => {
    const { row, board } = found;
    const closed = closedRefusal(board);
    if (closed) return closed;
    const wanted = (input.power ?? '').trim().toLowerCase();
    let power: string | null = null;
    if (wanted !== '') {
      // The power as the variant spells it or in any locale's name (`powerByName`), as `/sandbox act`'s `as:` reads it.
      power = powerByName(board.variant, wanted);
      if (!power) {
        const powers = powersParam(
          board.variant,
          board.variant.powers.map((p) => p.name),
        );
        return fail(
          msg('sandbox.refused.unknownPower', {
            variant: variantParam(board.variant),
            text: typed(input.power),
            powers,
          }),
        );
      }
    }
    const kept = row.orders.filter((o) => power !== null && o.power !== power);
    await tx.update(sandboxes).set({ orders: kept }).where(eq(sandboxes.id, row.id));
    return { ok: true, sandbox: await reshown(tx, deps, found), cleared: row.orders.length - kept.length };
  });
}

/**
 * Runs one of the variant's actions in the sandbox (`/sandbox act`): for a seated power (`power`), or as the game
 * master (`by: 'gm'`), exactly as `/act` and `/gm act` run it in the game. `settled`: the step under way waits for
 * nobody any more (`/sandbox next` goes on).
 */
export async function actSandbox(
  deps: GameDeps,
  input: SandboxRef &
    SandboxActor & {
      action: string;
      choice?: string | null;
      detail?: string | null;
      /** The member's locale, when they typed the values: names in it are read back as `/act` reads them. */
      locale?: Locale;
    },
): Promise<Result<{ sandbox: SandboxView; action: string; reply: Msg; posts: Msg[][]; settled: boolean }>> {
  return await onSandbox(deps, input, async (tx, found) => {
    const refused = wonRefusal(found.row);
    if (refused) return refused;
    const clean = (v: string | null | undefined) =>
      typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null;
    const r = actInSandbox(found.board, callOf(deps), {
      by: input.by,
      power: input.power,
      action: input.action,
      values: { choice: clean(input.choice), detail: clean(input.detail) },
      ...(input.locale ? { locale: input.locale } : {}),
    });
    if (!r.ok) return r;
    await tx
      .update(sandboxes)
      .set({ position: r.board.position, stage: r.board.stage })
      .where(eq(sandboxes.id, found.row.id));
    return {
      ok: true,
      sandbox: await reshown(tx, deps, found),
      action: r.action,
      reply: r.reply,
      posts: r.posts,
      settled: r.settled,
    };
  });
}

/**
 * The choices `/sandbox act` offers for one slot (the action's own, as `/act` offers them to that seat), worded in
 * the owner's `locale` and matched against what they typed.
 */
export async function sandboxActChoices(
  deps: GameDeps,
  input: SandboxRef &
    SandboxActor & {
      action: string | null;
      slot: 'choice' | 'detail';
      typed: string;
      choice: string | null;
      detail: string | null;
      locale: Locale;
    },
): Promise<ShownChoice[]> {
  const r = await viewSandbox(deps, input);
  if (!r.ok) return [];
  const options = sandboxActionChoices(r.board, callOf(deps), {
    by: input.by,
    power: input.power,
    action: input.action,
    slot: input.slot,
    values: { choice: input.choice, detail: input.detail },
  });
  return matchingChoices(options, input.typed, input.locale);
}

/** What `/sandbox adjudicate` shows: the results the phase would have if played out now, on the board it played. */
export type SandboxPreview = Result<{ sandbox: SandboxView; board: SandboxBoard; adjudication: Adjudication }>;

/** The sandbox to preview, its lease renewed (refused when its line was won). */
async function toPreview(
  deps: GameDeps,
  ref: SandboxRef,
): Promise<Result<{ sandbox: SandboxView; board: SandboxBoard }>> {
  return await onSandbox(
    deps,
    ref,
    async (_tx, { row, board, channelId }) =>
      wonRefusal(row) ?? { ok: true, sandbox: viewOf(row, board, channelId, callOf(deps)), board },
  );
}

/** The results the phase would have if played out now (nothing changes: adjudicate as often as you like). */
export async function previewSandbox(deps: GameDeps, ref: SandboxRef): Promise<SandboxPreview> {
  const r = await toPreview(deps, ref);
  return r.ok ? { ...r, adjudication: adjudicateSandbox(r.board, callOf(deps)) } : r;
}

/**
 * `previewSandbox` in two turns of `turn`: the sandbox read (and its lease renewed), then the adjudication of the
 * board read then (pure, nothing written): the reply and its picture show that board and its results, whatever the
 * owner did between the two turns.
 */
export async function previewSandboxInTurns(deps: GameDeps, ref: SandboxRef, turn: LoopTurns): Promise<SandboxPreview> {
  const r = await turn(async () => await toPreview(deps, ref));
  if (!r.ok) return r;
  return { ...r, adjudication: await turn(() => adjudicateSandbox(r.board, callOf(deps))) };
}

/** What `/sandbox next` did: a step opened, the orders opened after a start choice, or the phase was played. */
export type NextResult =
  | { kind: 'step'; sandbox: SandboxView; posts: Msg[][] }
  | { kind: 'orders'; sandbox: SandboxView; posts: Msg[][] }
  | {
      kind: 'resolved';
      sandbox: SandboxView;
      variant: Variant;
      posts: Msg[][];
      adjudication: Adjudication;
      skipped: Adjudication[];
    };

/**
 * Moves the sandbox on as a deadline moves a game: the variant's step under way closes or one opens, or the phase is
 * adjudicated and the sandbox steps on to the next phase that asks for a decision (retreats, adjustments …).
 * `posts`: what the variant's steps would have posted in the game's channel meanwhile.
 */
export async function nextSandbox(deps: GameDeps, ref: SandboxRef): Promise<Result<NextResult>> {
  return await onSandbox(deps, ref, async (tx, found) => {
    const { row, board } = found;
    const refused = wonRefusal(row);
    if (refused) return refused;
    const { board: moved, outcome } = stepSandbox(board, callOf(deps));
    const before = board.stage.posts.length;
    if (outcome.kind !== 'resolved') {
      await tx.update(sandboxes).set({ position: moved.position, stage: moved.stage }).where(eq(sandboxes.id, row.id));
      return {
        ok: true,
        kind: outcome.kind,
        sandbox: await reshown(tx, deps, found),
        posts: moved.stage.posts.slice(before).map(postLines),
      };
    }
    const { phase, adjudication, skipped } = outcome;
    const final = skipped.at(-1) ?? adjudication;
    const last = {
      position: phase.position,
      orders: [...phase.orders],
      adjudication: { ...adjudication, ...(final.winner ? { winner: final.winner } : {}) },
      records: phase.stage.records,
      posts: phase.stage.posts,
    };
    await tx
      .update(sandboxes)
      .set({ position: moved.position, orders: [], stage: moved.stage, last, steps: row.steps + 1 + skipped.length })
      .where(eq(sandboxes.id, row.id));
    const posts = [...phase.stage.posts.slice(before), ...moved.stage.posts].map(postLines);
    return {
      ok: true,
      kind: 'resolved',
      sandbox: await reshown(tx, deps, found),
      variant: board.variant,
      posts,
      adjudication,
      skipped,
    };
  });
}

/** Deletes the caller's sandbox. */
export async function endSandbox(deps: GameDeps, ref: SandboxRef): Promise<Result<{ id: number }>> {
  return await inTransaction(deps, async (tx) => {
    const now = deps.now();
    await expire(tx, now);
    const row = await ownSandbox(tx, ref, now);
    if ('ok' in row) return row;
    await tx.delete(sandboxes).where(eq(sandboxes.id, row.id));
    return { ok: true, id: row.id };
  });
}

/** Which picture of a sandbox: its board with the orders given, the results they would have, or the last step's. */
export type SandboxPicture = 'board' | 'preview' | 'last';

/** What a sandbox picture shows beside its board: the orders and their results, the orders given so far, or nothing. */
type PictureShows = { what: 'results' } | { what: 'orders'; count: number } | { what: 'board' };

/** A sandbox picture's title in English, and as a message the bot words in the owner's locale. */
function pictureTitle(variant: Variant, phase: Phase, shows: PictureShows): { title: string; caption: Msg } {
  const what =
    shows.what === 'results'
      ? ' · orders and results'
      : shows.what === 'orders'
        ? ` · ${shows.count} order${shows.count === 1 ? '' : 's'}`
        : '';
  const count = shows.what === 'orders' ? shows.count : 0;
  return {
    title: `${variant.name} · sandbox · ${phaseLabel(phase, variant)}${what}`,
    caption: msg('sandbox.map.title', {
      variant: variantParam(variant),
      phase: phaseMsg(phase, variant),
      what: shows.what,
      count,
    }),
  };
}
const drawnOrders = (list: readonly SandboxOrder[]): PowerOrder[] =>
  list.map((o) => ({ power: o.power, order: o.order }));

/**
 * What to draw for a sandbox picture (the render worker draws it, at a priority below the games' posts). Null when
 * that picture does not exist (`last` before the first step). The `preview` picture: `sandboxPreviewInput`.
 */
export async function sandboxRenderInput(
  deps: GameDeps,
  ref: SandboxRef,
  picture: Exclude<SandboxPicture, 'preview'>,
): Promise<Result<{ input: RenderInput | null }>> {
  return await inReadTransaction(deps, async (tx) => {
    const found = await withBoard(tx, ref, deps.now());
    if ('ok' in found) return found;
    const { row, board } = found;
    const { variant } = board;
    if (picture === 'last') {
      const last = row.last;
      if (!last) return { ok: true, input: null };
      const input: RenderInput = {
        variant,
        position: last.position,
        orders: drawnOrders(last.orders),
        results: last.adjudication.results,
        adjudication: last.adjudication,
        ...pictureTitle(variant, last.position.phase, { what: 'results' }),
        palette: 'standard',
        ...pictureViewer(board, last.position),
      };
      return { ok: true, input: withSandboxOverlays(input, board, last.records ?? [], 'orders') };
    }
    const count = board.orders.length;
    const input: RenderInput = {
      variant,
      position: board.position,
      orders: drawnOrders(board.orders),
      ...pictureTitle(variant, board.position.phase, count === 0 ? { what: 'board' } : { what: 'orders', count }),
      palette: 'standard',
      ...pictureViewer(board, board.position),
    };
    return { ok: true, input: withSandboxOverlays(input, board, board.stage.records, 'board') };
  });
}

/**
 * The `preview` picture: the board `previewSandbox` adjudicated, with its orders and the results it showed (the same
 * board and results as the reply's text, and no second adjudication or read).
 */
export function sandboxPreviewInput(board: SandboxBoard, adjudication: Adjudication): RenderInput {
  const { variant } = board;
  const input: RenderInput = {
    variant,
    position: board.position,
    orders: drawnOrders(board.orders),
    results: adjudication.results,
    adjudication,
    ...pictureTitle(variant, board.position.phase, { what: 'results' }),
    palette: 'standard',
    ...pictureViewer(board, board.position),
  };
  return withSandboxOverlays(input, board, board.stage.records, 'orders');
}

/**
 * Whose view a sandbox's picture shows, drawn as the game's fog pictures are (docs/table.md "Fog of war"): a board
 * copied from a running fog game by its player is that power's view, its picture titled so (`RenderInput.viewer`), the
 * provinces out of its sight drawn as fog, and its legend counting what stands out of sight as kept at the copy
 * (`unseen`: the public counts then), not the view alone. A whole board: nothing.
 */
function pictureViewer(
  board: Pick<SandboxBoard, 'variant' | 'viewer' | 'unseen'>,
  drawn: Position,
): Pick<RenderInput, 'viewer' | 'fog' | 'legendCounts'> {
  if (!board.viewer) return {};
  const { hidden, counts } = viewOfView(board.variant, drawn, board.viewer, board.unseen ?? null);
  return { viewer: board.viewer, fog: hidden, legendCounts: counts };
}

/** The plug-in's overlays on a sandbox picture, from its board and the phase's records in the sandbox. */
function withSandboxOverlays(
  input: RenderInput,
  board: SandboxBoard,
  records: SandboxRecord[],
  picture: PictureKind,
): RenderInput {
  const plugin = pluginOf(board.variantId);
  const overlays = plugin.mapOverlays?.({
    variant: board.variant,
    picture,
    options: board.options,
    phase: {
      index: board.index,
      position: input.position,
      adjudication: input.adjudication ?? null,
      ...(input.orders ? { orders: input.orders } : {}),
    },
    records: listRecords([...records], plugin.records, { now: 0 }),
  });
  return overlays && overlays.length > 0 ? { ...input, overlays } : input;
}
