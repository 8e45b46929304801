/**
 * Discord's 3 s window (docs/bot.md "Acknowledged within 3 s"): an interaction not acknowledged within 3 s of its
 * sending is lost, and the member reads "The application did not respond". A command normally does its database work
 * and replies well within it; on a loaded machine (a slow transaction, a busy event loop) it may not. The guard
 * acknowledges for the handler when the handler has not after `delayMs`, with a private deferral (a command, a form
 * submitted) or a silent one (a button or a select, `deferUpdate`), and the handler's later calls are carried out
 * on top of it with the same outcome for the member:
 *
 * - a private reply becomes the deferral's edit; a public one a follow-up in the channel, after the private deferral
 *   says where the answer went (a deferral's visibility cannot change);
 * - a button's message update becomes an edit of that message; a button's reply a follow-up;
 * - a form or an Activity, which only a first answer may open, is replaced by a private note asking to try again.
 *
 * The handler sees its own acknowledgements only (`deferred`, `replied`, `ephemeral`), so its branches between
 * `reply` and `editReply` stay right.
 */
import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';

type Guarded = ChatInputCommandInteraction | MessageComponentInteraction | ModalSubmitInteraction;

/** How long a handler may take before the guard acknowledges for it: 1 s is left for the deferral to reach Discord. */
export const ACK_GUARD_MS = 2000;

export interface AckGuardOptions {
  delayMs: number;
  /** The private line a deferral is edited to when the answer was public and went to the channel below it. */
  postedBelow(): string;
  /** The private note that replaces a form or an Activity that could no longer be opened. */
  tooLate(): string;
  /** Told when the guard acknowledged (the router logs it) and when its acknowledgement failed. */
  onAcknowledged(): void;
  onError(err: unknown): void;
}

export interface AckGuard<T extends Guarded> {
  /** The interaction as the handler should use it. */
  view: T;
  /** Disarms the guard (the handler is done). */
  stop(): void;
}

/** What the handler did, as it sees it, once the guard answered first. */
interface Seen {
  deferred: boolean;
  replied: boolean;
  ephemeral: boolean | null;
}

type Options = Record<string, unknown> & { flags?: unknown };

const isEphemeral = (o: unknown): boolean => {
  const flags = (o as Options | undefined)?.flags;
  if (flags === undefined || flags === null) return (o as { ephemeral?: boolean } | undefined)?.ephemeral === true;
  if (typeof flags === 'number' || typeof flags === 'bigint')
    return (BigInt(flags) & BigInt(MessageFlags.Ephemeral)) !== 0n;
  if (Array.isArray(flags)) return flags.some((f) => f === MessageFlags.Ephemeral || f === 'Ephemeral');
  return flags === 'Ephemeral';
};

/** Reply options as an edit of a message already sent (no visibility, no response fetching). */
function asEdit(o: unknown): InteractionEditReplyOptions {
  if (typeof o === 'string') return { content: o };
  const { flags: _f, ephemeral: _e, withResponse: _w, fetchReply: _r, tts: _t, ...rest } = (o ?? {}) as Options;
  return rest as InteractionEditReplyOptions;
}

/** Options as a follow-up of the given visibility. */
function asFollowUp(o: unknown, ephemeral: boolean): InteractionReplyOptions {
  return { ...asEdit(o), ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) } as InteractionReplyOptions;
}

/** Arms the guard on `interaction`; the handler must be given `view`, and `stop` called when it is done. */
export function guardAcknowledgement<T extends Guarded>(interaction: T, opts: AckGuardOptions): AckGuard<T> {
  const target = interaction as Guarded;
  // A button's or a select's click (and a form opened from one) is acknowledged silently; anything else privately.
  const silent = target.isMessageComponent() || (target.isModalSubmit() && target.isFromMessage());
  let armed = true;
  let acknowledged: Promise<boolean> | null = null;
  const seen: Seen = { deferred: false, replied: false, ephemeral: null };
  const fire = () => {
    if (!armed) return;
    armed = false;
    const defer = silent
      ? target.deferUpdate()
      : (target as ChatInputCommandInteraction).deferReply({ flags: MessageFlags.Ephemeral });
    acknowledged = defer.then(
      () => {
        opts.onAcknowledged();
        return true;
      },
      (err: unknown) => {
        opts.onError(err);
        return false;
      },
    );
  };
  // 0: at once, before the handler starts (tests of the guarded answers).
  const timer = opts.delayMs > 0 ? setTimeout(fire, opts.delayMs) : undefined;
  timer?.unref?.();
  if (!timer) fire();
  const translated = silent ? silentCalls(target, seen, opts) : privateCalls(target, seen, opts);

  const wrap =
    (name: keyof Calls) =>
    async (...args: unknown[]): Promise<unknown> => {
      if (acknowledged === null) {
        armed = false;
        clearTimeout(timer);
        return (target as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
      }
      if (!(await acknowledged))
        return (target as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
      return translated[name](args[0]);
    };
  const overrides = new Map<PropertyKey, unknown>(CALLS.map((name) => [name, wrap(name)]));
  const view = new Proxy(target, {
    get(t, prop) {
      if (overrides.has(prop)) return overrides.get(prop);
      if (acknowledged !== null && (prop === 'deferred' || prop === 'replied' || prop === 'ephemeral'))
        return seen[prop];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  }) as T;
  return {
    view,
    stop() {
      armed = false;
      clearTimeout(timer);
    },
  };
}

const CALLS = [
  'reply',
  'deferReply',
  'editReply',
  'followUp',
  'deleteReply',
  'update',
  'deferUpdate',
  'showModal',
  'launchActivity',
] as const;
type Calls = Record<(typeof CALLS)[number], (o: unknown) => Promise<unknown>>;

/**
 * After a private deferral (a command, a form): the deferral is the handler's private answer; a public answer goes
 * below it as a follow-up, and later edits of the handler's answer reach that follow-up.
 */
function privateCalls(target: Guarded, seen: Seen, opts: AckGuardOptions): Calls {
  let wantsPublic = false;
  let publicId: string | null = null;
  const publicAnswer = async (o: unknown) => {
    await target.editReply({ content: opts.postedBelow(), allowedMentions: { parse: [] } });
    const message = await target.followUp(asFollowUp(o, false));
    publicId = message.id;
    return message;
  };
  const edit = (o: unknown) => {
    seen.replied = true;
    return publicId !== null
      ? target.editReply({ ...asEdit(o), message: publicId })
      : wantsPublic
        ? publicAnswer(o)
        : target.editReply(asEdit(o));
  };
  const note = async () => {
    seen.replied = true;
    seen.ephemeral = true;
    await target.editReply({ content: opts.tooLate(), allowedMentions: { parse: [] } });
  };
  return {
    reply: async (o) => {
      seen.replied = true;
      seen.ephemeral = isEphemeral(o);
      return seen.ephemeral ? target.editReply(asEdit(o)) : publicAnswer(o);
    },
    deferReply: async (o) => {
      seen.deferred = true;
      seen.ephemeral = isEphemeral(o);
      wantsPublic = !seen.ephemeral;
    },
    editReply: edit,
    // The first follow-up of a deferral stands for its answer (Discord: "functions the same as editing the original").
    followUp: (o) =>
      wantsPublic && publicId === null ? publicAnswer(o) : target.followUp(o as InteractionReplyOptions),
    deleteReply: (m) =>
      target.deleteReply(
        publicId !== null && (m === undefined || m === '@original') ? publicId : (m as string | undefined),
      ),
    update: (o) => edit(o),
    deferUpdate: async () => {
      seen.deferred = true;
    },
    showModal: note,
    launchActivity: note,
  };
}

/**
 * After a silent acknowledgement (a button, a select): the message the component is on stays the handler's to
 * update, and a reply of the handler's is a follow-up, which its later edits reach.
 */
function silentCalls(target: Guarded, seen: Seen, opts: AckGuardOptions): Calls {
  let replyFlags: boolean | null = null; // the handler deferred a reply: ephemeral or not
  let replyId: string | null = null;
  const answer = async (o: unknown, ephemeral: boolean) => {
    const message = await target.followUp(asFollowUp(o, ephemeral));
    replyId = message.id;
    return message;
  };
  const edit = (o: unknown) => {
    seen.replied = true;
    return replyId !== null
      ? target.editReply({ ...asEdit(o), message: replyId })
      : replyFlags !== null
        ? answer(o, replyFlags)
        : target.editReply(asEdit(o));
  };
  const note = async () => {
    seen.replied = true;
    seen.ephemeral = true;
    await target.followUp({ content: opts.tooLate(), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  };
  return {
    reply: async (o) => {
      seen.replied = true;
      seen.ephemeral = isEphemeral(o);
      return answer(o, seen.ephemeral);
    },
    deferReply: async (o) => {
      seen.deferred = true;
      seen.ephemeral = isEphemeral(o);
      replyFlags = seen.ephemeral;
    },
    editReply: edit,
    followUp: (o) =>
      replyFlags !== null && replyId === null ? answer(o, replyFlags) : target.followUp(o as InteractionReplyOptions),
    deleteReply: (m) =>
      target.deleteReply(
        replyId !== null && (m === undefined || m === '@original') ? replyId : (m as string | undefined),
      ),
    update: async (o) => {
      seen.replied = true;
      return target.editReply(asEdit(o));
    },
    deferUpdate: async () => {
      seen.deferred = true;
    },
    showModal: note,
    launchActivity: note,
  };
}
