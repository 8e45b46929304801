/**
 * Sandboxes (issue 25 §1): a user's private copy of a Diplomacy game's board — the current phase or any earlier one
 * from `/history` — in which they order every power, adjudicate as often as they like and step on through retreats
 * and adjustments. Each use-case is one transaction on the `sandboxes` table only: a sandbox reads its game once (the
 * board and the public roster, never its stored orders) and never writes to the game's tables or the outbox.
 *
 * Bounds (abuse issue, src/game/limits.ts): `sandboxesPerUser` and `sandboxesPerServer` kept at once, each deleted
 * `sandboxIdleMs` after its last use (every write use-case first deletes the expired ones). The play itself is
 * src/game/sandbox-rules.ts.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Adjudication, PowerOrder } from '../engine/types.js';
import type { Tx } from '../store/db.js';
import { gameById, latestGameByChannel, phaseById, phasesOf, playersOf } from '../store/queries.js';
import { sandboxes, type GameRow, type PhaseRow, type SandboxOrder, type SandboxRow } from '../store/schema.js';
import { pluginOf } from '../variants/index.js';
import type { PictureKind, SandboxQuestion } from '../variants/plugin/index.js';
import { NO_GAME } from './lobby.js';
import { limitsOf } from './limits.js';
import { orderInputProblem } from './orders.js';
import type { RenderInput } from './render-input.js';
import { adjudicateSandbox, enterSandboxOrders, sandboxDuties, sandboxQuestions, stepSandbox, type SandboxBoard } from './sandbox-rules.js';
import { formatDuration } from './durations.js';
import { phaseCode, phaseLabel } from './summary.js';
import { fail, inReadTransaction, inTransaction } from './tx.js';
import type { GameDeps, RejectedOrder, Result } from './types.js';
import { variantOfGame } from './variant-of-game.js';
import { gameKindOf } from './kinds.js';
import { phaseOf } from './views.js';

/** What the bot shows of a sandbox (only ever to its owner, unless the owner shares a snapshot). */
export interface SandboxView {
  id: number;
  variantName: string;
  /** The game's channel and the phase it was copied from (`S1901M`). */
  gameChannelId: string;
  source: string;
  /** The phase being played in the sandbox. */
  label: string;
  code: string;
  orders: { power: string; text: string }[];
  /** The powers with something to decide, and what is still without an order. */
  duties: { power: string; missing: string[] }[];
  /** What the owner may decide besides the orders (the variant's plug-in: battle winners …), with the answer given. */
  questions: (SandboxQuestion & { answer: string | null })[];
  /** The phase last stepped through, with its results. */
  last: { label: string; adjudication: Adjudication } | null;
  steps: number;
  /** A power won in this sandbox's line (nothing more to play). */
  winner: string | null;
  expiresAt: number;
}

export type SandboxRef = { userId: string; sandboxId?: number | null };

const NO_SANDBOX = 'You have no sandbox. Start one with `/sandbox start` in a game\'s channel.';

function boardOf(row: SandboxRow): SandboxBoard | null {
  const variant = variantOfGame({ variantId: row.variantId, options: row.options });
  if (!variant) return null;
  return { variantId: row.variantId, variant, options: row.options, position: row.position, orders: row.orders, answers: row.answers, seated: row.seated };
}

function viewOf(row: SandboxRow, board: SandboxBoard, gameChannelId: string): SandboxView {
  const { variant, position } = board;
  const questions = board.position.phase.type === 'movement' && !row.last?.adjudication.winner ? sandboxQuestions(board) : [];
  return {
    id: row.id,
    variantName: variant.name,
    gameChannelId,
    source: row.source,
    label: phaseLabel(position.phase, variant),
    code: phaseCode(position.phase),
    orders: row.orders.map((o) => ({ power: o.power, text: o.text })),
    duties: sandboxDuties(board),
    questions: questions.map((q) => ({ ...q, answer: row.answers[q.key] ?? null })),
    last: row.last ? { label: phaseLabel(row.last.position.phase, variant), adjudication: row.last.adjudication } : null,
    steps: row.steps,
    winner: row.last?.adjudication.winner ?? null,
    expiresAt: row.expiresAt,
  };
}

/** The owner's sandbox `sandboxId`, or their most recently used one; expired ones do not count. */
function ownSandbox(tx: Tx, ref: SandboxRef, now: number): SandboxRow | { ok: false; error: string } {
  const mine = tx
    .select()
    .from(sandboxes)
    .where(and(eq(sandboxes.ownerUserId, ref.userId), gt(sandboxes.expiresAt, now)))
    .orderBy(desc(sandboxes.usedAt), desc(sandboxes.id))
    .all();
  if (mine.length === 0) return fail(NO_SANDBOX);
  if (ref.sandboxId === undefined || ref.sandboxId === null) return mine[0]!;
  const row = mine.find((r) => r.id === ref.sandboxId);
  if (!row) return fail(`You have no sandbox #${ref.sandboxId}; yours: ${mine.map((r) => `#${r.id}`).join(', ')}.`);
  return row;
}

function withBoard(tx: Tx, ref: SandboxRef, now: number): { row: SandboxRow; board: SandboxBoard; channelId: string } | { ok: false; error: string } {
  const row = ownSandbox(tx, ref, now);
  if ('ok' in row) return row;
  const board = boardOf(row);
  if (!board) return fail(`This sandbox's variant "${row.variantId}" is no longer available; end it with \`/sandbox end\`.`);
  const channelId = gameById(tx, row.gameId)?.channelId ?? '';
  return { row, board, channelId };
}

/** Deletes the sandboxes whose time is up (every write use-case does it first). */
function expire(tx: Tx, now: number): void {
  tx.delete(sandboxes).where(lte(sandboxes.expiresAt, now)).run();
}

type Found = { row: SandboxRow; board: SandboxBoard; channelId: string };

/** A write use-case on the caller's sandbox: expired ones go first, and a use renews its lease. */
function onSandbox<T extends object>(deps: GameDeps, ref: SandboxRef, fn: (tx: Tx, found: Found, now: number) => Result<T>): Result<T> {
  return inTransaction(deps, (tx) => {
    const now = deps.now();
    expire(tx, now);
    const found = withBoard(tx, ref, now);
    if ('ok' in found) return found;
    const r = fn(tx, found, now);
    if (r.ok) {
      tx.update(sandboxes)
        .set({ usedAt: now, expiresAt: now + limitsOf(deps).sandboxIdleMs })
        .where(eq(sandboxes.id, found.row.id))
        .run();
    }
    return r;
  });
}

function reread(tx: Tx, id: number): SandboxRow {
  return tx.select().from(sandboxes).where(eq(sandboxes.id, id)).get()!;
}

function liveCount(tx: Tx, column: typeof sandboxes.ownerUserId | typeof sandboxes.guildId, value: string, now: number): number {
  return tx
    .select({ n: sql<number>`count(*)` })
    .from(sandboxes)
    .where(and(eq(column, value), gt(sandboxes.expiresAt, now)))
    .get()!.n;
}

/** The phase `wanted` names (`S1901M`, `spring 1901 movement`, its index), as `/history` reads it. */
function phaseNamed(rows: PhaseRow[], game: GameRow, wanted: string): PhaseRow | { ok: false; error: string } {
  const variant = variantOfGame(game);
  const w = wanted.trim().toLowerCase();
  const named = (r: PhaseRow) => ({ code: phaseCode(phaseOf(r)).toLowerCase(), label: phaseLabel(phaseOf(r), variant).toLowerCase() });
  const row =
    rows.find((r) => named(r).code === w || named(r).label === w || String(r.idx) === w) ?? rows.find((r) => named(r).label.startsWith(w));
  return row ?? fail(`No phase "${wanted}" in this game. Phases: ${rows.map((r) => named(r).code.toUpperCase()).join(', ') || 'none yet'}.`);
}

/**
 * Copies the board of the channel's game (its current phase, or the start of `phase`) into a new sandbox of the
 * caller's. Reads the game's phase and roster, never its orders; writes only the `sandboxes` row.
 */
export function startSandbox(
  deps: GameDeps,
  input: { channelId: string; guildId: string; userId: string; phase?: string | null },
): Result<{ sandbox: SandboxView }> {
  return inTransaction(deps, (tx) => {
    const now = deps.now();
    expire(tx, now);
    const game = latestGameByChannel(tx, input.channelId);
    if (!game) return fail(`${NO_GAME} A sandbox copies a game's board: run \`/sandbox start\` in the channel of the game you want to copy.`);
    if (game.kind !== 'diplomacy') return fail(`The ${gameKindOf(game.kind)?.name ?? 'game here'} has no sandbox: \`/sandbox\` copies the board of a Diplomacy game, and this game's hidden information is never copied.`);
    if (game.status === 'forming' || game.currentPhaseId === null) return fail('The game has not started yet, so there is no board to copy.');
    const variant = variantOfGame(game);
    if (!variant) return fail(`This game's variant "${game.variantId}" is no longer available.`);
    const limits = limitsOf(deps);
    const guildId = game.guildId ?? input.guildId;
    const idle = formatDuration(limits.sandboxIdleMs);
    if (liveCount(tx, sandboxes.ownerUserId, input.userId, now) >= limits.sandboxesPerUser) {
      return fail(`You already keep ${limits.sandboxesPerUser} sandboxes, the most one member may: end one with \`/sandbox end\` first (each also ends after ${idle} unused).`);
    }
    if (liveCount(tx, sandboxes.guildId, guildId, now) >= limits.sandboxesPerServer) {
      return fail(`This server already has ${limits.sandboxesPerServer} sandboxes, the most a server may keep at once: try again when one ends (each ends after ${idle} unused).`);
    }
    let position;
    let source: string;
    const wanted = (input.phase ?? '').trim();
    if (wanted !== '') {
      const row = phaseNamed(phasesOf(tx, game.id), game, wanted);
      if ('ok' in row) return row;
      position = row.position;
      source = phaseCode(row.position.phase);
    } else {
      const current = phaseById(tx, game.currentPhaseId)!;
      // A finished game's last phase is resolved: its board is the one after it.
      position = current.resolvedAt !== null && current.adjudication ? current.adjudication.position : current.position;
      source = phaseCode(position.phase);
    }
    const seated = playersOf(tx, game.id)
      .map((p) => p.power)
      .sort();
    const inserted = tx
      .insert(sandboxes)
      .values({
        ownerUserId: input.userId,
        guildId,
        gameId: game.id,
        variantId: game.variantId,
        options: game.options ?? {},
        seated,
        source,
        position,
        orders: [],
        answers: {},
        last: null,
        steps: 0,
        createdAt: now,
        usedAt: now,
        expiresAt: now + limits.sandboxIdleMs,
      })
      .returning()
      .get();
    return { ok: true, sandbox: viewOf(inserted, boardOf(inserted)!, game.channelId) };
  });
}

/** The caller's sandbox (`sandboxId`, or the one used last) and its board, for replies, autocomplete and maps. */
export function viewSandbox(deps: GameDeps, ref: SandboxRef): Result<{ sandbox: SandboxView; board: SandboxBoard }> {
  return inReadTransaction(deps, (tx) => {
    const found = withBoard(tx, ref, deps.now());
    if ('ok' in found) return found;
    return { ok: true, sandbox: viewOf(found.row, found.board, found.channelId), board: found.board };
  });
}

/** The caller's sandboxes, the one used last first. */
export function listSandboxes(deps: GameDeps, userId: string): Result<{ sandboxes: SandboxView[] }> {
  return inReadTransaction(deps, (tx) => {
    const now = deps.now();
    const rows = tx
      .select()
      .from(sandboxes)
      .where(and(eq(sandboxes.ownerUserId, userId), gt(sandboxes.expiresAt, now)))
      .orderBy(desc(sandboxes.usedAt), asc(sandboxes.id))
      .all();
    const views = rows.flatMap((row) => {
      const found = withBoard(tx, { userId, sandboxId: row.id }, now);
      return 'ok' in found ? [] : [viewOf(found.row, found.board, found.channelId)];
    });
    return { ok: true, sandboxes: views };
  });
}

/** Orders for any power's units (one per line or `;`-separated), checked as `/order` checks a player's. */
export function orderSandbox(
  deps: GameDeps,
  input: SandboxRef & { text: string },
): Result<{ sandbox: SandboxView; stored: SandboxOrder[]; rejected: RejectedOrder[]; replaced: { before: string; after: string }[] }> {
  const text = typeof input.text === 'string' ? input.text : '';
  if (text.trim() === '') return fail('No orders given: write orders for any power\'s units separated by `;`, like `A par - bur; A mun - bur`.');
  const tooBig = orderInputProblem(deps, text);
  if (tooBig) return fail(tooBig);
  return onSandbox(deps, input, (tx, { row, board, channelId }) => {
    if (row.last?.adjudication.winner) return fail(`${row.last.adjudication.winner} has won in this sandbox: start a new one to play another line.`);
    const r = enterSandboxOrders(board, text);
    if (r.stored.length > 0) tx.update(sandboxes).set({ orders: r.orders }).where(eq(sandboxes.id, row.id)).run();
    const after = reread(tx, row.id);
    return { ok: true, sandbox: viewOf(after, boardOf(after)!, channelId), stored: r.stored, rejected: r.rejected, replaced: r.replaced };
  });
}

/** Deletes the sandbox's orders for this phase: one power's (`power`), or all. */
export function clearSandboxOrders(deps: GameDeps, input: SandboxRef & { power?: string | null }): Result<{ sandbox: SandboxView; cleared: number }> {
  return onSandbox(deps, input, (tx, { row, board, channelId }) => {
    const wanted = (input.power ?? '').trim().toLowerCase();
    let power: string | null = null;
    if (wanted !== '') {
      power = board.variant.powers.map((p) => p.name).find((p) => p.toLowerCase() === wanted) ?? null;
      if (!power) return fail(`${board.variant.name} has no power "${input.power}"; its powers: ${board.variant.powers.map((p) => p.name).join(', ')}.`);
    }
    const kept = row.orders.filter((o) => power !== null && o.power !== power);
    tx.update(sandboxes).set({ orders: kept }).where(eq(sandboxes.id, row.id)).run();
    const after = reread(tx, row.id);
    return { ok: true, sandbox: viewOf(after, boardOf(after)!, channelId), cleared: row.orders.length - kept.length };
  });
}

/** Answers one of the plug-in's questions (a battle's winner); `answer` empty or `none` takes the answer back. */
export function answerSandbox(deps: GameDeps, input: SandboxRef & { question: string; answer?: string | null }): Result<{ sandbox: SandboxView; question: SandboxQuestion; answer: string | null }> {
  return onSandbox(deps, input, (tx, { row, board, channelId }) => {
    if (board.position.phase.type !== 'movement') return fail('There is nothing to decide besides the orders in this phase.');
    const questions = sandboxQuestions(board);
    if (questions.length === 0) return fail(`There is nothing to decide besides the orders in this phase of ${board.variant.name}: give the orders, then \`/sandbox adjudicate\`.`);
    const asked = (input.question ?? '').trim().toLowerCase();
    const question = questions.find((q) => q.key.toLowerCase() === asked || q.text.toLowerCase() === asked);
    if (!question) return fail(`No question "${input.question}" now; the questions: ${questions.map((q) => q.text).join('; ')}.`.slice(0, 1500));
    const given = (input.answer ?? '').trim().toLowerCase();
    let answer: string | null = null;
    if (given !== '' && given !== 'none') {
      const found = question.answers.find((a) => a.value.toLowerCase() === given || a.name.toLowerCase() === given);
      if (!found) return fail(`"${input.answer}" is not an answer to "${question.text}"; the answers: ${question.answers.map((a) => a.value).join(', ')} (or none).`.slice(0, 1500));
      answer = found.value;
    }
    const answers = { ...row.answers };
    if (answer === null) delete answers[question.key];
    else answers[question.key] = answer;
    tx.update(sandboxes).set({ answers }).where(eq(sandboxes.id, row.id)).run();
    const after = reread(tx, row.id);
    return { ok: true, sandbox: viewOf(after, boardOf(after)!, channelId), question, answer };
  });
}

/** The results the sandbox's orders would have now (nothing changes: adjudicate as often as you like). */
export function previewSandbox(deps: GameDeps, ref: SandboxRef): Result<{ sandbox: SandboxView; adjudication: Adjudication }> {
  return onSandbox(deps, ref, (_tx, { row, board, channelId }) => {
    if (row.last?.adjudication.winner) return fail(`${row.last.adjudication.winner} has won in this sandbox: start a new one to play another line.`);
    return { ok: true, sandbox: viewOf(row, board, channelId), adjudication: adjudicateSandbox(board) };
  });
}

/** Adjudicates the sandbox's phase and steps to the next phase that asks for a decision (retreats, adjustments …). */
export function nextSandbox(deps: GameDeps, ref: SandboxRef): Result<{ sandbox: SandboxView; adjudication: Adjudication; skipped: Adjudication[] }> {
  return onSandbox(deps, ref, (tx, { row, board, channelId }) => {
    if (row.last?.adjudication.winner) return fail(`${row.last.adjudication.winner} has won in this sandbox: start a new one to play another line.`);
    const step = stepSandbox(board);
    const final = step.skipped.at(-1) ?? step.adjudication;
    const last = { position: board.position, orders: [...board.orders], adjudication: { ...step.adjudication, ...(final.winner ? { winner: final.winner } : {}) }, answers: { ...board.answers } };
    tx.update(sandboxes)
      .set({ position: step.position, orders: [], answers: {}, last, steps: row.steps + 1 + step.skipped.length })
      .where(eq(sandboxes.id, row.id))
      .run();
    const after = reread(tx, row.id);
    return { ok: true, sandbox: viewOf(after, boardOf(after)!, channelId), adjudication: step.adjudication, skipped: step.skipped };
  });
}

/** Deletes the caller's sandbox. */
export function endSandbox(deps: GameDeps, ref: SandboxRef): Result<{ id: number }> {
  return inTransaction(deps, (tx) => {
    const now = deps.now();
    expire(tx, now);
    const row = ownSandbox(tx, ref, now);
    if ('ok' in row) return row;
    tx.delete(sandboxes).where(eq(sandboxes.id, row.id)).run();
    return { ok: true, id: row.id };
  });
}

/** Which picture of a sandbox: its board with the orders given, the results they would have, or the last step's. */
export type SandboxPicture = 'board' | 'preview' | 'last';

/**
 * What to draw for a sandbox picture (the render worker draws it, at a priority below the games' posts). Null when
 * that picture does not exist (`last` before the first step).
 */
export function sandboxRenderInput(deps: GameDeps, ref: SandboxRef, picture: SandboxPicture): Result<{ input: RenderInput | null }> {
  return inReadTransaction(deps, (tx) => {
    const found = withBoard(tx, ref, deps.now());
    if ('ok' in found) return found;
    const { row, board } = found;
    const { variant } = board;
    const title = (label: string, what: string) => `${variant.name} · sandbox · ${label}${what ? ` · ${what}` : ''}`;
    const orders = (list: readonly SandboxOrder[]): PowerOrder[] => list.map((o) => ({ power: o.power, order: o.order }));
    let input: RenderInput | null;
    if (picture === 'last') {
      const last = row.last;
      input = last
        ? { variant, position: last.position, orders: orders(last.orders), results: last.adjudication.results, adjudication: last.adjudication, title: title(phaseLabel(last.position.phase, variant), 'orders and results'), palette: 'standard' }
        : null;
    } else if (picture === 'preview') {
      const adjudication = adjudicateSandbox(board);
      input = { variant, position: board.position, orders: orders(board.orders), results: adjudication.results, adjudication, title: title(phaseLabel(board.position.phase, variant), 'orders and results'), palette: 'standard' };
    } else {
      input = { variant, position: board.position, orders: orders(board.orders), title: title(phaseLabel(board.position.phase, variant), board.orders.length === 0 ? '' : `${board.orders.length} order${board.orders.length === 1 ? '' : 's'}`), palette: 'standard' };
    }
    return { ok: true, input: input ? withSandboxOverlays(input, board, row.steps, picture === 'board' ? 'board' : 'orders') : null };
  });
}

/** The plug-in's overlays on a sandbox picture (it has no records: what it draws from the board alone). */
function withSandboxOverlays(input: RenderInput, board: SandboxBoard, index: number, picture: PictureKind): RenderInput {
  const overlays = pluginOf(board.variantId).mapOverlays?.({
    variant: board.variant,
    picture,
    options: board.options,
    phase: { index, position: input.position, adjudication: input.adjudication ?? null, ...(input.orders ? { orders: input.orders } : {}) },
    records: { get: () => undefined, list: () => [] },
  });
  return overlays && overlays.length > 0 ? { ...input, overlays } : input;
}
