/**
 * Discord's side of a press thread (src/game/press/press.ts): the delivery of a `press_thread` outbox row makes the thread
 * match its plan as the store says at delivery — created once as a private thread of the game's channel that members
 * cannot invite others to, its members exactly the players of its powers (the bot stays in it). Every step is safe to
 * repeat, so a retry after a crash or an outage does no harm (a thread made by an attempt that crashed before its id
 * was recorded is found among the server's active threads and kept). Without a permission threads need, the channel is told
 * once (`reportPressPermission`) and the row gives up.
 */
import {
  ChannelType,
  DiscordAPIError,
  RESTJSONErrorCodes,
  Routes,
  ThreadAutoArchiveDuration,
  type APIThreadChannel,
  type APIThreadMember,
  type APIUser,
  type REST,
} from 'discord.js';
import { PermanentDeliveryError } from '../game/delivery/index.js';
import {
  pressThreadPlan,
  recordPressThread,
  reportPressPermission,
  type PressThreadPlan,
} from '../game/press/index.js';
import type { GameDeps } from '../game/core/index.js';

export interface PressThreadDeps {
  rest: REST;
  deps: Pick<GameDeps, 'store'>;
}

/** The bot's own user id, read once per REST client. */
const botIds = new WeakMap<REST, Promise<string>>();
function botIdOf(rest: REST): Promise<string> {
  let id = botIds.get(rest);
  if (!id) {
    id = (rest.get(Routes.user('@me')) as Promise<APIUser>).then((u) => u.id);
    id.catch(() => botIds.delete(rest));
    botIds.set(rest, id);
  }
  return id;
}

export async function deliverPressThread(d: PressThreadDeps, threadRowId: number): Promise<void> {
  const plan = await pressThreadPlan(d.deps, threadRowId);
  if (!plan) return; // the game is gone: nothing to do
  let threadId = plan.threadId;
  try {
    // A retry after a crash between Discord's answer and the record finds the thread made then, and keeps it.
    if (!threadId) {
      const found = await madeBefore(d.rest, plan);
      if (found) threadId = await recordPressThread(d.deps, threadRowId, found);
    }
    if (!threadId) {
      const thread = (await d.rest.post(Routes.threads(plan.channelId), {
        body: {
          name: plan.name,
          type: ChannelType.PrivateThread,
          invitable: false,
          auto_archive_duration: ThreadAutoArchiveDuration.OneWeek,
        },
      })) as APIThreadChannel;
      threadId = await recordPressThread(d.deps, threadRowId, thread.id);
      if (!threadId) return;
    }
    await syncMembers(d.rest, threadId, plan.members);
  } catch (err) {
    if (err instanceof DiscordAPIError && Number(err.code) === RESTJSONErrorCodes.MissingPermissions) {
      await reportPressPermission(d.deps, threadRowId, Date.now());
      throw new PermanentDeliveryError('missing a permission press threads need', 'rejected');
    }
    throw err;
  }
}

/**
 * The thread an earlier attempt of this delivery made: an active thread of the game's channel with the plan's name,
 * made since the thread was asked for (the one threads of an earlier game in the channel cannot be).
 */
async function madeBefore(rest: REST, plan: PressThreadPlan): Promise<string | null> {
  if (!plan.guildId) return null;
  const active = (await rest.get(Routes.guildActiveThreads(plan.guildId))) as { threads: APIThreadChannel[] };
  const found = active.threads.find(
    (t) =>
      t.parent_id === plan.channelId &&
      t.name === plan.name &&
      Date.parse(t.thread_metadata?.create_timestamp ?? '') >= plan.askedAt - CLOCK_SKEW_MS,
  );
  return found?.id ?? null;
}

/** Our clock and Discord's may differ by this much. */
const CLOCK_SKEW_MS = 60_000;

/** Adds the plan's members the thread lacks and removes everyone else but the bot. */
async function syncMembers(rest: REST, threadId: string, members: string[]): Promise<void> {
  const botId = await botIdOf(rest);
  const current = (await rest.get(Routes.threadMembers(threadId))) as APIThreadMember[];
  const have = new Set(current.map((m) => m.user_id).filter((id): id is string => id !== undefined));
  for (const userId of members) if (!have.has(userId)) await rest.put(Routes.threadMembers(threadId, userId));
  for (const userId of have)
    if (userId !== botId && !members.includes(userId)) await rest.delete(Routes.threadMembers(threadId, userId));
}
