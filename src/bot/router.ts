/**
 * Routes every interaction to its command, with a try/catch around each handler: an exception in a
 * discord.js event handler would otherwise become an unhandled 'error' event and kill the process
 * (stack.md §5). Logs who ran what and how long it took, never option values above debug (orders are secret).
 */
import {
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
} from 'discord.js';
import { noteMemberLocale, useCooldown } from '../game/core/index.js';
import { ACK_GUARD_MS, guardAcknowledgement, type AckGuard } from './ack-guard.js';
import type { BotCommand, ComponentInteraction } from './command.js';
import { parseCustomId } from './components.js';
import { discordText } from './markup.js';
import type { BotContext } from './context.js';
import { replyRejected } from './respond.js';
import { readerOf } from './locale.js';
import { tr, type Locale } from '../i18n/index.js';

/** What a member reads when their command failed on our side, in their language. */
export const genericFailure = (locale: Locale): string => tr(locale, 'errors.failed');

export class CommandRouter {
  private readonly byName: Map<string, BotCommand>;
  /** Commands received and not finished yet. */
  private inFlight = 0;
  /** Deferred commands waiting for their turn (see nextTurn). */
  private readonly waiting: (() => void)[] = [];
  private draining = false;

  constructor(
    private readonly ctx: BotContext,
    commands: BotCommand[],
    /** After how long the router acknowledges for a handler that has not (ack-guard.ts); tests shorten it. */
    private readonly ackGuardMs = ACK_GUARD_MS,
  ) {
    this.byName = new Map(commands.map((c) => [c.data.name, c]));
  }

  /** Each member's locale as last written (`noteMemberLocale`), so an unchanged one costs no write. */
  private readonly locales = new Map<string, string>();

  /** Interactions being handled, awaited by `close`; none is taken once it was called. */
  private readonly handling = new Set<Promise<void>>();
  private closing = false;

  /** Never throws. */
  handle(interaction: Interaction): Promise<void> {
    if (this.closing) return Promise.resolve();
    const p = this.route(interaction);
    this.handling.add(p);
    void p.finally(() => this.handling.delete(p));
    return p;
  }

  /**
   * Takes no more interactions and waits, at most `maxWaitMs`, for those being handled: a command half-way through
   * its transaction when the bot stops finishes and answers before the store closes.
   */
  async close(maxWaitMs = 10_000): Promise<void> {
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
      timer.unref?.();
    });
    const drained = (async () => {
      while (this.handling.size > 0) await Promise.allSettled([...this.handling]);
    })();
    await Promise.race([drained, givenUp]);
    clearTimeout(timer);
  }

  private async route(received: Interaction): Promise<void> {
    const guard = this.guard(received);
    // The handler's view of the interaction is the received one under the guard: the same type.
    const interaction = (guard?.view ?? received) as Interaction;
    try {
      await this.rememberLocale(interaction);
      if (interaction.isAutocomplete()) await this.autocomplete(interaction);
      else if (interaction.isChatInputCommand()) await this.command(interaction);
      else if (interaction.isMessageComponent() || interaction.isModalSubmit()) await this.component(interaction);
    } catch (e) {
      this.ctx.log.error({ err: e, interactionId: interaction.id }, 'interaction routing failed');
    } finally {
      guard?.stop();
    }
  }

  /**
   * Discord's 3 s window, kept however slow the handler is (ack-guard.ts): a command, a click or a form submitted is
   * acknowledged for its handler after `ackGuardMs`. Logged at warn (a slow machine), a secret act's at debug (its
   * name and time alone would say someone just acted: docs/deploy.md "What to watch at info").
   */
  private guard(interaction: Interaction): AckGuard<ChatInputCommandInteraction | ComponentInteraction> | null {
    if (!interaction.isChatInputCommand() && !interaction.isMessageComponent() && !interaction.isModalSubmit())
      return null;
    const name = interaction.isChatInputCommand()
      ? interaction.commandName
      : (parseCustomId(interaction.customId)?.command ?? '');
    const level = this.byName.get(name)?.secret ? 'debug' : 'warn';
    const fields = { command: name, interactionId: interaction.id, afterMs: this.ackGuardMs };
    return guardAcknowledgement(interaction, {
      delayMs: this.ackGuardMs,
      postedBelow: () => tr(readerOf(interaction), 'ack.postedBelow'),
      tooLate: () => tr(readerOf(interaction), 'ack.tooLate'),
      onAcknowledged: () => this.ctx.log[level](fields, 'acknowledged for a slow handler'),
      onError: (err) => this.ctx.log[level]({ ...fields, err }, 'could not acknowledge for a slow handler'),
    });
  }

  /** Remembers the member's client locale for the DMs sent outside an interaction (docs/locales.md). */
  private async rememberLocale(interaction: Interaction): Promise<void> {
    const locale = interaction.locale;
    if (!locale || this.locales.get(interaction.user.id) === locale) return;
    await noteMemberLocale(this.ctx.deps, interaction.user.id, locale);
    this.locales.set(interaction.user.id, locale);
  }

  private async command(interaction: ChatInputCommandInteraction): Promise<void> {
    const started = performance.now();
    const name = fullName(interaction);
    // No member at info or above: a member's id beside a time pairs them with what the channel reads then (a
    // seat left, claimed or mustered in a game that hides who plays whom); it is logged at debug.
    const fields = { command: name, channel: interaction.channelId, interactionId: interaction.id };
    const command = this.byName.get(interaction.commandName);
    if (!command) {
      await interaction.reply({
        content: tr(readerOf(interaction), 'errors.unknownCommand', { name: interaction.commandName }),
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    if (!interaction.inGuild() && !command.worksInDms) {
      await interaction.reply({
        content: tr(readerOf(interaction), 'errors.serverOnly'),
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const level = command.secret ? 'debug' : 'info';
    // Option values may be orders: debug only.
    if (this.ctx.log.isLevelEnabled('debug'))
      this.ctx.log.debug(
        { ...fields, user: interaction.user.id, options: interaction.options.data },
        'command options',
      );
    // Normally a command does its database work at once and replies (one request). When other commands are
    // still being handled (a burst), a command whose replies are all private is acknowledged first with an
    // ephemeral deferral, so no acknowledgement waits behind the others' work; the answer follows as an edit.
    const busy = this.inFlight > 0;
    this.inFlight++;
    try {
      if (busy && command.privateReplies) {
        await interaction.deferReply({ flags: MessageFlags.Ephemeral });
        await this.nextTurn();
      }
      // The member's budget for this command, spent after any deferral so a burst's
      // acknowledgements never wait for it; a refusal says when to try again.
      const action = command.cooldown?.(interaction) ?? null;
      const allowed = action ? await useCooldown(this.ctx.deps, interaction.user.id, action) : null;
      if (allowed && !allowed.ok) {
        this.ctx.log[level]({ ...fields, cooldown: action }, 'command refused: cooldown');
        await (command.refuse ? command.refuse(this.ctx, interaction, allowed) : replyRejected(interaction, allowed));
        return;
      }
      await command.execute(this.ctx, interaction);
      this.ctx.log[level](
        { ...fields, ms: Math.round(performance.now() - started), deferred: busy && command.privateReplies === true },
        'command handled',
      );
    } catch (e) {
      this.ctx.log.error({ ...fields, err: e }, 'command failed');
      await this.replyFailure(interaction, await this.failureText(command, interaction));
    } finally {
      this.inFlight--;
    }
  }

  /**
   * Resolves in a later event-loop turn, one caller per turn, so the network (new interactions to
   * acknowledge) is served between two deferred commands' database work instead of after all of it.
   */
  private nextTurn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => this.drainOne());
      }
    });
  }

  private drainOne(): void {
    this.waiting.shift()?.();
    if (this.waiting.length > 0) setImmediate(() => this.drainOne());
    else this.draining = false;
  }

  /** Buttons, selects and modal submits: custom_id `command:action:args…` goes to that command's handler. */
  private async component(interaction: ComponentInteraction): Promise<void> {
    const started = performance.now();
    const parsed = parseCustomId(interaction.customId);
    const command = parsed ? this.byName.get(parsed.command) : undefined;
    const fields = {
      component: parsed ? `${parsed.command}:${parsed.action}` : 'unknown',
      channel: interaction.channelId,
      interactionId: interaction.id,
    };
    this.ctx.log.debug({ ...fields, user: interaction.user.id }, 'component from');
    this.inFlight++;
    try {
      if (!parsed || !command?.component || (!interaction.inGuild() && !command.componentsInDms)) {
        await interaction.reply({
          content: tr(readerOf(interaction), 'gm.reply.staleButton'),
          flags: MessageFlags.Ephemeral,
        });
        return;
      }
      await command.component(this.ctx, interaction, parsed.action, parsed.args);
      this.ctx.log[command.secret ? 'debug' : 'info'](
        { ...fields, ms: Math.round(performance.now() - started) },
        'component handled',
      );
    } catch (e) {
      this.ctx.log.error({ ...fields, err: e }, 'component failed');
      const content =
        command && parsed
          ? await this.failureText(command, interaction, parsed.action)
          : genericFailure(readerOf(interaction));
      try {
        if (interaction.deferred || interaction.replied)
          await interaction.followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
        else await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      } catch (err) {
        this.ctx.log.warn({ err, interactionId: interaction.id }, 'could not report a component failure');
      }
    } finally {
      this.inFlight--;
    }
  }

  private async autocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = this.byName.get(interaction.commandName);
    try {
      if (!command?.autocomplete || (!interaction.inGuild() && !command.worksInDms)) {
        await interaction.respond([]);
        return;
      }
      await command.autocomplete(this.ctx, interaction);
    } catch (e) {
      this.ctx.log.warn(
        { err: e, command: interaction.commandName, interactionId: interaction.id },
        'autocomplete failed',
      );
      if (!interaction.responded) await interaction.respond([]).catch(() => undefined);
    }
  }

  /** The command's own failure text (`BotCommand.failed`), or the plain one; never throws. */
  private async failureText(
    command: BotCommand,
    interaction: ChatInputCommandInteraction | ComponentInteraction,
    action?: string,
  ): Promise<string> {
    if (!command.failed) return genericFailure(readerOf(interaction));
    try {
      return discordText(await command.failed(this.ctx, interaction, action));
    } catch (e) {
      this.ctx.log.warn(
        { err: e, interactionId: interaction.id },
        'could not build the failure reply; sending the plain one',
      );
      return genericFailure(readerOf(interaction));
    }
  }

  private async replyFailure(
    interaction: ChatInputCommandInteraction,
    content = genericFailure(readerOf(interaction)),
  ): Promise<void> {
    try {
      if (interaction.deferred) await interaction.editReply({ content, files: [], allowedMentions: { parse: [] } });
      else if (interaction.replied)
        await interaction.followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      else await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    } catch (e) {
      this.ctx.log.warn({ err: e, interactionId: interaction.id }, 'could not report a command failure');
    }
  }
}

/** `game create`, `gm extend`, `order`. */
export function fullName(interaction: ChatInputCommandInteraction): string {
  const group = interaction.options.getSubcommandGroup(false);
  const sub = interaction.options.getSubcommand(false);
  return [interaction.commandName, group, sub].filter(Boolean).join(' ');
}
