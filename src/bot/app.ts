/**
 * The running bot: discord.js client + command router + phase scheduler + outbox deliverer, around one
 * database. main.ts starts it from the environment; the end-to-end tests start it against the stand-in.
 *
 * Start order: log in (retried with backoff while Discord cannot be reached), register commands (shard 0
 * only when sharded: they are global or per development server, not per shard), then start the deliverer and
 * the scheduler (its start-up sweep resolves deadlines that passed while the bot was down). Stop order:
 * scheduler, deliverer (waits for the message in flight), client.
 *
 * Sharded (src/shard.ts), every shard runs this whole bot: it answers its own guilds' interactions, and its
 * scheduler and deliverer work on the shared database, where the phase claim and the outbox leases make each
 * resolution and each delivery happen once, whichever shard gets there first.
 */
import { Events, type Client } from 'discord.js';
import { computerSeats, computerSeatsExist, missingOrderFiller } from '../game/computer/index.js';
import { nameAllZones } from '../game/settings/index.js';
import { gameKinds, type GameDeps, type LimitsInput, type GameEvent } from '../game/core/index.js';
import { warmAiWorker, type AiAnswer, type AiJob } from '../game/ai-pool/index.js';
import { startOutboxLoop, type OutboxLoop } from '../game/delivery/index.js';
import { startScheduler, type Scheduler } from '../game/resolve/index.js';
import type { Store } from '../store/store.js';
import type { Logger } from '../log.js';
import { createClient, loginAndWait, withRetry, type RetryOptions } from './client.js';
import type { BotCommand } from './command.js';
import { commands as allCommands } from './commands/index.js';
import type { BotContext } from './context.js';
import { createMapRenderer, type MapRenderer } from './maps.js';
import { createReplayMaker, type ReplayMaker } from './replays.js';
import { registerCommands } from './register.js';
import { CommandRouter } from './router.js';
import { createOutboxRest, createSender } from './send.js';
import type { PadSettings } from './pad.js';

/** How long after a change the scheduler is re-armed and the outbox kicked (DMs and posts are not urgent). */
const CHANGE_COALESCE_MS = 20;

/**
 * How long after start-up the time zones' names are made for `/gm set timezone:` (docs/table.md "Deadlines by the
 * clock"): after the first commands and the map renderer's warm-up, which it would otherwise slow on a busy machine.
 */
const ZONE_NAMING_DELAY_MS = 15_000;

export interface BotOptions {
  token: string;
  store: Store;
  log: Logger;
  apiBase?: string;
  devGuildId?: string;
  /** Clock (ms since the epoch); tests inject one to jump past deadlines. */
  now?: () => number;
  random?: () => number;
  maps?: MapRenderer;
  /** `/history replay`'s replays (default: made in the render worker, cached in `replayCacheDir`). */
  replays?: ReplayMaker;
  /** Folder of the replay cache (default: memory only); main.ts puts it beside the database. */
  replayCacheDir?: string | null;
  commands?: BotCommand[];
  /** After how long a slow handler's interaction is acknowledged for it (default `ACK_GUARD_MS`; tests shorten it). */
  ackGuardMs?: number;
  /** Outbox: poll interval and first retry delay (defaults 5 s / 5 s). */
  outboxIntervalMs?: number;
  outboxRetryMs?: number;
  /** Outbox: after how long without a heartbeat another process's claims are taken (default 15 s). */
  outboxHeartbeatTimeoutMs?: number;
  /** Scheduler: longest sleep between sweeps (default 60 s). */
  schedulerMaxSleepMs?: number;
  globalRequestsPerSecond?: number;
  /** Start-up retries while Discord cannot be reached (defaults: 1 s doubling to 60 s, forever). */
  retry?: { firstDelayMs?: number; maxDelayMs?: number; maxAttempts?: number; signal?: AbortSignal };
  /** Abuse limits (src/game/core/limits.ts); unset ones take the defaults. */
  limits?: LimitsInput;
  /** Search budget of the computer seats' orders (default: the AI's own); tests of whole games play lighter. */
  computerBudget?: number;
  /** The other game kinds' computer players: how they are asked (default: the AI worker; a test may shrink the search). */
  kindComputerAsk?: (job: AiJob) => Promise<AiAnswer>;
  /** The order pad (docs/pad.md), when `PUBLIC_URL` is set: `/orders pad` and the DMs' link buttons. */
  pad?: PadSettings | null;
}

export interface RunningBot {
  client: Client;
  deps: GameDeps;
  scheduler: Scheduler;
  outbox: OutboxLoop;
  stop(): Promise<void>;
}

export async function startBot(opts: BotOptions): Promise<RunningBot> {
  const { log } = opts;
  const client = createClient({ apiBase: opts.apiBase, globalRequestsPerSecond: opts.globalRequestsPerSecond });
  let scheduler: Scheduler | null = null;
  let outbox: OutboxLoop | null = null;
  // A use-case committed something: a deadline may have moved and messages may be waiting. Coalesced, so a
  // burst of commands costs one re-arm and one delivery pass, after the burst's acknowledgements went out.
  const changes = coalesced(() => {
    void scheduler?.poke();
    outbox?.kick();
    void players.play();
  });
  const deps = gameDepsOf(opts, changes.notify);
  const players = computerPlayers(deps, opts, () => {
    void scheduler?.poke();
    outbox?.kick();
  });
  const retry = { log, ...opts.retry };
  const loggingIn = withRetry(() => loginAndWait(client, opts.token), retry);
  loggingIn.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
  const maps = opts.maps ?? createMapRenderer(log);
  const replays = opts.replays ?? createReplayMaker(log, { dir: opts.replayCacheDir ?? null });
  const ctx: BotContext = { deps, log, maps, replays, pad: opts.pad ?? null };
  const commands = opts.commands ?? allCommands;
  const router = new CommandRouter(ctx, commands, opts.ackGuardMs);
  listenToClient(client, router, log);

  const shards = client.shard ? { shards: client.shard.ids, shardCount: client.shard.count } : {};
  await logInAndRegister(client, loggingIn, { commands, devGuildId: opts.devGuildId, retry, shards, log });

  // The outbox has its own REST client so its traffic never queues command acknowledgements (see send.ts).
  const outboxRest = createOutboxRest({
    token: opts.token,
    apiBase: opts.apiBase,
    globalRequestsPerSecond: opts.globalRequestsPerSecond,
  });
  const send = createSender({ rest: outboxRest, deps, maps, log, pad: opts.pad ?? null });
  outbox = await startOutboxLoop({
    store: opts.store,
    now: deps.now,
    send,
    log,
    intervalMs: opts.outboxIntervalMs,
    baseDelayMs: opts.outboxRetryMs,
    heartbeatTimeoutMs: opts.outboxHeartbeatTimeoutMs,
    onError: (err) => log.error({ err }, 'outbox pass failed'),
  });
  const sched = await startScheduler({
    ...deps,
    maxSleepMs: opts.schedulerMaxSleepMs,
    onDue: (result) => {
      if (result.resolved > 0 || result.reminders > 0 || (result.kindTurns ?? 0) > 0)
        log.info({ resolved: result.resolved, reminders: result.reminders }, 'deadlines processed');
      outbox?.kick();
      void players.play();
    },
    onError: (err) => log.error({ err }, 'scheduler sweep failed'),
  });
  scheduler = sched;
  const loop = outbox;
  log.info({ nextWake: sched.nextWake(), ...shards }, 'scheduler started');
  // Ready: now the map renderer warms up (worker, geometry), in steps that leave the event loop free.
  void maps.warm?.();
  const naming = setTimeout(() => void nameAllZones(), ZONE_NAMING_DELAY_MS);
  naming.unref();
  void players.play();

  let stopping: Promise<void> | null = null;
  return {
    client,
    deps,
    scheduler: sched,
    outbox: loop,
    stop: () =>
      (stopping ??= (async () => {
        await router.close();
        clearTimeout(naming);
        changes.cancel();
        await sched.stop();
        await players.stop();
        await loop.stop();
        outboxRest.clearHashSweeper();
        outboxRest.clearHandlerSweeper();
        await client.destroy();
        log.info('bot stopped');
      })()),
  };
}

/**
 * Runs `fn` once, `CHANGE_COALESCE_MS` after the first `notify` of a burst (later ones until then join it);
 * `cancel` drops a run still pending (at stop).
 */
function coalesced(fn: () => void): { notify(): void; cancel(): void } {
  let timer: NodeJS.Timeout | null = null;
  return {
    notify: () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        fn();
      }, CHANGE_COALESCE_MS);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The game layer's dependencies: the database, clock and limits, with hooks that log failures and events. */
function gameDepsOf(opts: BotOptions, onChange: () => void): GameDeps {
  const { log } = opts;
  return {
    store: opts.store,
    now: opts.now ?? Date.now,
    ...(opts.random ? { random: opts.random } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    onError: (err) => log.error({ err }, 'use-case failed unexpectedly'),
    onEvent: (event) => logGameEvent(log, event),
    onChange,
  };
}

/** Every computer player of the bot's games: `play` asks those with something to decide, `stop` waits for them. */
interface ComputerPlayers {
  play(): Promise<void>;
  /** No more questions; resolves once those in flight are answered. */
  stop(): Promise<void>;
}

/** The bot's computer players, of every game kind; `onFilled` after missing orders were given at a deadline. */
export function computerPlayers(deps: GameDeps, opts: BotOptions, onFilled: () => void): ComputerPlayers {
  const { log } = opts;
  // Computer seats play at each phase opening, in the AI's worker thread (src/game/computer/computer.ts).
  const computers = computerSeats(deps, {
    ...(opts.computerBudget !== undefined ? { budget: opts.computerBudget } : {}),
    debug: (message) => log.debug(message),
    onError: (err) => log.error({ err }, 'computer player failed'),
  });
  // The other game kinds' computer seats (src/game/core/kinds.ts; the card game's: every step of its turns).
  const kindComputers = gameKinds().flatMap((kind) =>
    kind.computerSeats
      ? [
          kind.computerSeats(deps, {
            ...(opts.kindComputerAsk ? { ask: opts.kindComputerAsk } : {}),
            debug: (message) => log.debug(message),
            onError: (err) => log.warn({ err, kind: kind.kind }, 'computer player failed; its seat took the default'),
          }),
        ]
      : [],
  );
  // `nmr: computer`: the missing orders of people's and vacant seats at a deadline (src/game/seats/nmr.ts).
  const filler = missingOrderFiller(deps, {
    onError: (err) => log.warn({ err }, 'the computer player could not give missing orders; the defaults apply'),
    onFilled,
  });
  // Every question in flight, and every pass of `play` still looking for them: `stop` waits for all (a pass that began
  // before the stop must not ask its questions of a store about to close).
  const thinking = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    thinking.add(p);
    void p.finally(() => thinking.delete(p));
  };
  let stopped = false;
  let aiWarm = false;
  const pass = async () => {
    try {
      // The worker is started (and compiled) as soon as a game has a computer seat, before its first question.
      if (!aiWarm && (await anyComputerSeats(deps))) {
        aiWarm = true;
        void warmAiWorker();
      }
      if (stopped) return;
      const kindTurns = await Promise.all(kindComputers.map((k) => k.play()));
      for (const p of [...(await filler.play()), ...(await computers.play()), ...kindTurns.flat()]) track(p);
    } catch (err) {
      log.error({ err }, 'computer players could not be asked');
    }
  };
  return {
    play: async () => {
      if (stopped) return;
      const p = pass();
      track(p);
      await p;
    },
    stop: async () => {
      stopped = true;
      while (thinking.size > 0) await Promise.allSettled([...thinking]);
    },
  };
}

/** Routes interactions to the commands and logs the client's errors, warnings and gateway drops. */
function listenToClient(client: Client, router: CommandRouter, log: Logger): void {
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (msg) => log.warn({ msg }, 'discord client warning'));
  client.on(Events.ShardDisconnect, (ev, shard) => log.warn({ code: ev.code, shard }, 'gateway disconnected'));
  client.on(Events.ShardResume, (shard) => log.info({ shard }, 'gateway resumed'));
}

/**
 * Waits for the login, then registers the slash commands (shard 0 only when sharded), retried with backoff; on
 * failure the client is destroyed and the error thrown.
 */
async function logInAndRegister(
  client: Client,
  loggingIn: Promise<unknown>,
  opts: {
    commands: BotCommand[];
    devGuildId: string | undefined;
    retry: RetryOptions;
    shards: { shards?: number[]; shardCount?: number };
    log: Logger;
  },
): Promise<void> {
  const { log, retry } = opts;
  try {
    await loggingIn;
    log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, ...opts.shards }, 'logged in to Discord');
    if (!client.shard || client.shard.ids.includes(0)) {
      const reg = await withRetry(() => registerCommands(client, opts.commands, opts.devGuildId), {
        ...retry,
        what: 'register the slash commands',
      });
      log.info(reg, 'slash commands registered');
    }
  } catch (err) {
    await client.destroy();
    throw err;
  }
}

/** Info lines an operator follows: never an order, only ids, labels, reasons and timings. */
function logGameEvent(log: Logger, event: GameEvent): void {
  switch (event.kind) {
    case 'phase_resolved':
      log.info({ game: event.gameId, phase: event.phase, reason: event.reason, ms: event.ms }, 'phase resolved');
      return;
    case 'game_created':
      log.info(
        { game: event.gameId, variant: event.variantId, guild: event.guildId, channel: event.channelId },
        'game created',
      );
      return;
    case 'game_started':
      log.info({ game: event.gameId, variant: event.variantId, players: event.players }, 'game started');
      return;
    case 'game_finished':
      log.info({ game: event.gameId, end: event.end }, 'game finished');
      return;
  }
}

/** Does a game of any kind not finished yet have a computer seat (then the AI worker is started ahead)? */
async function anyComputerSeats(deps: GameDeps): Promise<boolean> {
  if (await computerSeatsExist(deps)) return true;
  for (const kind of gameKinds()) if (await kind.hasComputerSeats?.(deps)) return true;
  return false;
}
