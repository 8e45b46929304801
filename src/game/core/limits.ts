/**
 * What one member may cost the bot: the shortest phase, how many phases one game resolves
 * per hour, per-user command budgets, one forming game per user per server, live games per server, and the
 * size of one `/order`. Defaults here; the operator overrides them through the environment (config/env.ts)
 * and a server's managers may tighten the per-server ones with `/server limits`.
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cooldowns, games, guildSettings, phases } from '../../store/schema.js';
import { audit } from '../../store/queries.js';
import { formatDuration, parseDuration, durationParam } from './durations.js';
import { channelRef } from './text-refs.js';
import { fail, inReadTransaction, inTransaction } from './tx.js';
import type { CooldownAction, GameDeps, Limits, Result } from './types.js';
import { type Msg, msg } from '../../i18n/index.js';

export type { CooldownAction, Limits } from './types.js';

/** The bot never lets a phase be shorter than this, whatever a server or the operator says. */
export const ABSOLUTE_MIN_PHASE_MS = 60_000;

/** The operator may not make sandboxes last less than this unused (`SANDBOX_IDLE`); 30 days is every duration's cap. */
export const MIN_SANDBOX_IDLE_MS = 10 * 60_000;

export const DEFAULT_LIMITS: Limits = {
  minPhaseMs: ABSOLUTE_MIN_PHASE_MS,
  phasesPerHour: 30,
  maxLiveGamesPerServer: 25,
  maxOrderChars: 4000,
  maxOrderLines: 60,
  confirmationQuietMs: 15_000,
  sandboxesPerUser: 3,
  sandboxesPerServer: 50,
  sandboxIdleMs: 24 * 3_600_000,
  budgets: {
    order: { uses: 8, windowMs: 30_000 },
    map: { uses: 3, windowMs: 30_000 },
    lobby: { uses: 4, windowMs: 60_000 },
    create: { uses: 2, windowMs: 10 * 60_000 },
    sandbox: { uses: 12, windowMs: 30_000 },
    /** `/history replay`: a replay costs seconds of the render worker; a cached one costs nothing. */
    replay: { uses: 3, windowMs: 10 * 60_000 },
    /** `/spectate power:`: each request is a DM to a player (docs/table.md "Spectators"). */
    spectate: { uses: 3, windowMs: 10 * 60_000 },
  },
};

export function limitsOf(deps: Pick<GameDeps, 'limits'>): Limits {
  const l = deps.limits;
  if (!l) return DEFAULT_LIMITS;
  return {
    ...DEFAULT_LIMITS,
    ...l,
    minPhaseMs: Math.max(ABSOLUTE_MIN_PHASE_MS, l.minPhaseMs ?? DEFAULT_LIMITS.minPhaseMs),
    budgets: { ...DEFAULT_LIMITS.budgets, ...l.budgets },
  };
}

/** The server's settings merged over the bot's limits. */
export async function serverLimits(
  tx: Tx,
  deps: Pick<GameDeps, 'limits'>,
  guildId: string | null,
): Promise<{ minPhaseMs: number; maxLiveGames: number }> {
  const limits = limitsOf(deps);
  const row = guildId
    ? first(await tx.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).limit(1))
    : undefined;
  return {
    minPhaseMs: Math.max(limits.minPhaseMs, row?.minPhaseMs ?? 0),
    maxLiveGames: Math.min(limits.maxLiveGamesPerServer, row?.maxLiveGames ?? Number.POSITIVE_INFINITY),
  };
}

/** Games of the server not finished yet. */
export async function liveGamesInServer(tx: Tx, guildId: string): Promise<number> {
  return first(
    await tx
      .select({ n: sql<number>`count(*)` })
      .from(games)
      .where(and(eq(games.guildId, guildId), inArray(games.status, ['forming', 'active', 'paused'])))
      .limit(1),
  )!.n;
}

/**
 * Why a member may not create a game of any kind in this server now, or null: they already have one forming there,
 * or the server has its most live games.
 */
export async function newGameRefusal(
  tx: Tx,
  deps: Pick<GameDeps, 'limits'>,
  guildId: string,
  userId: string,
): Promise<Msg | null> {
  const forming = first(
    await tx
      .select({ channelId: games.channelId })
      .from(games)
      .where(and(eq(games.guildId, guildId), eq(games.gmUserId, userId), eq(games.status, 'forming')))
      .limit(1),
  );
  if (forming) return msg('lobby.refused.formingElsewhere', { channel: channelRef(forming.channelId) });
  const { maxLiveGames } = await serverLimits(tx, deps, guildId);
  if ((await liveGamesInServer(tx, guildId)) >= maxLiveGames)
    return msg('lobby.refused.liveGames', { max: maxLiveGames });
  return null;
}

/** Phases of the game resolved in the hour before `now`, and when the oldest of them leaves that hour. */
export async function phasesResolvedLastHour(
  tx: Tx,
  gameId: number,
  now: number,
): Promise<{ count: number; freeAt: number }> {
  const since = now - 3_600_000;
  const rows = await tx
    .select({ at: phases.resolvedAt })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), sql`${phases.resolvedAt} > ${since}`))
    .orderBy(phases.resolvedAt);
  return { count: rows.length, freeAt: rows.length > 0 ? rows[0]!.at! + 3_600_000 : now };
}

/** Whether the game may resolve one more phase early (by readiness or `/gm advance`) right now. */
export async function earlyResolutionAllowed(
  tx: Tx,
  deps: Pick<GameDeps, 'limits'>,
  gameId: number,
  now: number,
): Promise<{ ok: true } | { ok: false; waitMs: number; count: number }> {
  const { count, freeAt } = await phasesResolvedLastHour(tx, gameId, now);
  if (count < limitsOf(deps).phasesPerHour) return { ok: true };
  return { ok: false, waitMs: Math.max(1000, freeAt - now), count };
}

/**
 * Uses one unit of `action`'s budget for the user. Returns how long to wait when the budget is spent
 * (and uses nothing then).
 */
export async function takeCooldown(
  tx: Tx,
  deps: Pick<GameDeps, 'limits'>,
  userId: string,
  action: CooldownAction,
  now: number,
): Promise<{ ok: true } | { ok: false; retryMs: number }> {
  const budget = limitsOf(deps).budgets[action];
  const row = first(
    await tx
      .select()
      .from(cooldowns)
      .where(and(eq(cooldowns.userId, userId), eq(cooldowns.action, action)))
      .limit(1),
  );
  if (!row || now - row.windowStart >= budget.windowMs || now < row.windowStart) {
    await tx
      .insert(cooldowns)
      .values({ userId, action, windowStart: now, count: 1 })
      .onConflictDoUpdate({ target: [cooldowns.userId, cooldowns.action], set: { windowStart: now, count: 1 } });
    return { ok: true };
  }
  if (row.count >= budget.uses) return { ok: false, retryMs: row.windowStart + budget.windowMs - now };
  await tx
    .update(cooldowns)
    .set({ count: row.count + 1 })
    .where(and(eq(cooldowns.userId, userId), eq(cooldowns.action, action)));
  return { ok: true };
}

/** "12 s" or "2h 5m": how long until the budget allows again (whole seconds, rounded up, at least 1). */
function waitOf(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} s` : formatDuration(s * 1000);
}

/** Operator overrides (environment): any subset of the limits. */

/** Spends one use of the user's `action` budget; the error says when to try again. */
export async function useCooldown(deps: GameDeps, userId: string, action: CooldownAction): Promise<Result<object>> {
  return await inTransaction(deps, async (tx) => {
    const r = await takeCooldown(tx, deps, userId, action, deps.now());
    if (r.ok) return { ok: true };
    return fail(msg('limits.tooFast', { wait: waitOf(r.retryMs) }));
  });
}

/** The server's limits as they apply now, with what the server set itself. */
export async function getServerLimits(
  deps: GameDeps,
  guildId: string,
): Promise<
  Result<{
    minPhaseMs: number;
    maxLiveGames: number;
    liveGames: number;
    own: { minPhaseMs: number | null; maxLiveGames: number | null };
  }>
> {
  return await inReadTransaction(deps, async (tx) => {
    const row = first(await tx.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).limit(1));
    return {
      ok: true,
      ...(await serverLimits(tx, deps, guildId)),
      liveGames: await liveGamesInServer(tx, guildId),
      own: { minPhaseMs: row?.minPhaseMs ?? null, maxLiveGames: row?.maxLiveGames ?? null },
    };
  });
}

/**
 * Sets the server's own limits (the caller must have Manage Server; the bot layer checks it). A server may
 * raise the shortest phase (up to a day) and lower the number of live games (at least 1), never the reverse.
 */
export async function setServerLimits(
  deps: GameDeps,
  input: { guildId: string; userId: string; minPhase?: string | null; maxLiveGames?: number | null },
): Promise<Result<{ minPhaseMs: number; maxLiveGames: number }>> {
  return await inTransaction(deps, async (tx) => {
    const limits = limitsOf(deps);
    const row = first(await tx.select().from(guildSettings).where(eq(guildSettings.guildId, input.guildId)).limit(1));
    let minPhaseMs = row?.minPhaseMs ?? null;
    let maxLiveGames = row?.maxLiveGames ?? null;
    if (typeof input.minPhase === 'string' && input.minPhase.trim() !== '') {
      const parsed = parseDuration(input.minPhase);
      if (!parsed.ok) return fail(parsed.message);
      if (parsed.ms < limits.minPhaseMs)
        return fail(msg('server.refused.minPhaseBelow', { min: durationParam(limits.minPhaseMs) }));
      if (parsed.ms > 86_400_000) return fail(msg('server.refused.minPhaseAbove'));
      minPhaseMs = parsed.ms;
    }
    if (typeof input.maxLiveGames === 'number') {
      if (!Number.isInteger(input.maxLiveGames) || input.maxLiveGames < 1)
        return fail(msg('server.refused.liveGamesWhole'));
      if (input.maxLiveGames > limits.maxLiveGamesPerServer)
        return fail(msg('server.refused.liveGamesAbove', { max: limits.maxLiveGamesPerServer }));
      maxLiveGames = input.maxLiveGames;
    }
    const now = deps.now();
    await tx
      .insert(guildSettings)
      .values({ guildId: input.guildId, minPhaseMs, maxLiveGames, updatedBy: input.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: guildSettings.guildId,
        set: { minPhaseMs, maxLiveGames, updatedBy: input.userId, updatedAt: now },
      });
    await audit(tx, {
      gameId: null,
      userId: input.userId,
      action: 'server_limits',
      detail: { guildId: input.guildId, minPhaseMs, maxLiveGames },
      at: now,
    });
    return { ok: true, ...(await serverLimits(tx, deps, input.guildId)) };
  });
}
