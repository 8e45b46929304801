/**
 * `/gm set setting:<X> value:<v>`: a game setting the game master changes before `/game start` (docs/table.md
 * "Settings beyond Discord's 25 options"), and `/game create`'s clock settings, read through the same parsers.
 */
import { and, desc, eq } from 'drizzle-orm';
import { listParam, type Msg, type MsgParam, msg } from '../../i18n/index.js';
import type { Tx } from '../../store/store.js';
import { audit, openGameByChannel } from '../../store/queries.js';
import { auditLog, type GameClock, type GameRow, games } from '../../store/schema.js';
import {
  CLOCK_DEFAULT_MINIMUM_MS,
  DEFAULT_DURATIONS,
  activeClock,
  clockRuleMsg,
  fail,
  inTransaction,
  noOpenGame,
  typed,
  type Caller,
  type GameDeps,
  type PhaseDurations,
  type Result,
} from '../core/index.js';
import { queueStatus } from '../outbox/index.js';
import {
  SETTING_NAMES,
  isSettingName,
  parseSetting,
  settingColumns,
  settingValueParam,
  type SettingName,
} from './registry.js';

/** Where the game's deadline rule stands after a setting: none (durations), waiting for `deadline-at`, or on. */
export type ClockState = { state: 'none' } | { state: 'incomplete' } | { state: 'on'; rule: Msg };

export function clockState(clock: GameClock | null): ClockState {
  const active = activeClock(clock);
  if (active) return { state: 'on', rule: clockRuleMsg(active) };
  return clock ? { state: 'incomplete' } : { state: 'none' };
}

type PhaseType = keyof PhaseDurations;
const PHASE_TYPES: PhaseType[] = ['movement', 'retreat', 'adjustment'];

/** The phase lengths `/game create` was given (its audit line), so a clock switched on later knows the defaults. */
async function lengthsGiven(tx: Tx, gameId: number): Promise<PhaseType[]> {
  const row = (
    await tx
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.gameId, gameId), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
  const given = (row?.detail as { durationsGiven?: unknown } | null)?.durationsGiven;
  // A game created before this was recorded: its lengths count as given (nothing changes under it).
  return Array.isArray(given) ? PHASE_TYPES.filter((t) => given.includes(t)) : PHASE_TYPES;
}

/**
 * The phase lengths once the clock goes on or off: a length the game master did not give is the clock's default
 * (12h, the contract's) while the clock rules, and the duration default again once it is off.
 */
async function lengthColumns(tx: Tx, game: GameRow, clock: GameClock | null): Promise<Partial<GameRow>> {
  const wasOn = activeClock(game.clock) !== null;
  const isOn = activeClock(clock) !== null;
  if (wasOn === isOn) return {};
  const given = await lengthsGiven(tx, game.id);
  const defaults = isOn
    ? { movement: CLOCK_DEFAULT_MINIMUM_MS, retreat: CLOCK_DEFAULT_MINIMUM_MS, adjustment: CLOCK_DEFAULT_MINIMUM_MS }
    : DEFAULT_DURATIONS;
  const columns: Partial<GameRow> = {};
  if (!given.includes('movement')) columns.movementMs = defaults.movement;
  if (!given.includes('retreat')) columns.retreatMs = defaults.retreat;
  if (!given.includes('adjustment')) columns.adjustmentMs = defaults.adjustment;
  return columns;
}

/** Whether the clock's switch changed a length (a default already equal to the clock's, `12h`, did not move). */
const lengthsMoved = (game: GameRow, columns: Partial<GameRow>): boolean =>
  (['movementMs', 'retreatMs', 'adjustmentMs'] as const).some(
    (k) => columns[k] !== undefined && columns[k] !== game[k],
  );

/**
 * Sets one of the game's settings (game master only, before `/game start` only). A bad value, an unknown setting or
 * a started game is refused with the reason, and nothing changes.
 */
export async function gmSet(
  deps: GameDeps,
  input: Caller & { setting: string; value: string },
): Promise<
  Result<{
    setting: SettingName;
    value: MsgParam;
    clock: ClockState;
    /** The phase lengths, when the clock going on or off changed those the game master did not give. */
    lengths?: { movement: number; retreat: number; adjustment: number };
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await openGameByChannel(tx, input.channelId);
    if (!game) return fail(await noOpenGame(tx, input.channelId));
    if (game.gmUserId !== input.userId) return fail(msg('gm.refused.notMaster'));
    const setting = String(input.setting ?? '')
      .trim()
      .toLowerCase();
    if (!isSettingName(setting))
      return fail(msg('settings.refused.unknown', { text: typed(input.setting), settings: listParam(SETTING_NAMES) }));
    if (game.kind !== 'diplomacy') return fail(msg('settings.refused.kind'));
    if (game.status !== 'forming') return fail(msg('settings.refused.started', { setting }));
    const parsed = parseSetting(setting, input.value);
    if (!parsed.ok) return fail(parsed.message);
    const columns = settingColumns(game, setting, parsed.value);
    const lengthsChanged = 'clock' in columns ? await lengthColumns(tx, game, columns.clock ?? null) : {};
    Object.assign(columns, lengthsChanged);
    const now = deps.now();
    const updated = (await tx.update(games).set(columns).where(eq(games.id, game.id)).returning())[0]!;
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'gm_set',
      detail: { setting, value: parsed.value },
      at: now,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return {
      ok: true,
      setting,
      value: settingValueParam(setting, parsed.value),
      clock: clockState(updated.clock),
      ...(lengthsMoved(game, lengthsChanged)
        ? { lengths: { movement: updated.movementMs, retreat: updated.retreatMs, adjustment: updated.adjustmentMs } }
        : {}),
    };
  });
}
