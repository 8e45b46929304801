/**
 * One interaction the fake dispatched, and everything the bot answered to it
 * (callback, @original edits, follow-ups), with the acknowledgement time.
 */
import { EventEmitter } from 'node:events';
import type { FakeModal } from './components.js';
import { type FakeAttachment, type InteractionResponse, textOf } from './model.js';

export class FakeInteraction {
  readonly responses: InteractionResponse[] = [];
  /** performance.now() when the INTERACTION_CREATE was dispatched. */
  readonly dispatchedAt: number;
  /** Milliseconds from dispatch to the first callback request (the acknowledgement). */
  ackMs: number | null = null;
  /** Whether the initial response (reply or defer) was ephemeral. */
  ephemeral = false;
  originalMessageId: string | null = null;
  /** The modal the bot opened in answer (callback type 9), if any. */
  modal: FakeModal | null = null;
  private readonly events = new EventEmitter();

  constructor(
    readonly id: string,
    readonly token: string,
    /** 2 = application command, 3 = message component, 4 = autocomplete, 5 = modal submit. */
    readonly type: 2 | 3 | 4 | 5,
    /** The command path (`gm advance`), or the custom_id for a component or a modal submit. */
    readonly command: string,
    readonly userId: string,
    readonly channelId: string,
    readonly payload: Record<string, unknown>,
    /** For a component (and a modal opened from one): the message the component is on. */
    readonly sourceMessageId?: string,
  ) {
    this.dispatchedAt = performance.now();
  }

  get acknowledged(): boolean {
    return this.ackMs !== null;
  }

  get deferred(): boolean {
    return this.responses[0]?.kind === 'defer';
  }

  /**
   * A type-5 deferral whose message was not edited (nor deleted) yet: Discord makes the next follow-up that message,
   * as an edit of `@original` with the deferral's visibility (docs/testing.md "The Discord stand-in").
   */
  get awaitingOriginal(): boolean {
    return this.deferred && !this.responses.some((r) => r.kind === 'edit' || r.kind === 'delete');
  }

  /** Text of every visible response (reply, edits, follow-ups), joined by newlines. */
  get text(): string {
    return this.responses
      .filter(
        (r) =>
          r.kind !== 'defer' &&
          r.kind !== 'deferUpdate' &&
          r.kind !== 'autocomplete' &&
          r.kind !== 'delete' &&
          r.kind !== 'modal',
      )
      .map((r) => textOf(r))
      .join('\n');
  }

  /** Text of the last reply or edit of the original response. */
  get finalText(): string {
    const last = [...this.responses]
      .reverse()
      .find((r) => r.kind === 'reply' || r.kind === 'edit' || r.kind === 'update');
    return last ? textOf(last) : '';
  }

  get attachments(): FakeAttachment[] {
    return this.responses.flatMap((r) => r.attachments);
  }

  get choices(): { name: string; value: string | number }[] {
    return this.responses.find((r) => r.kind === 'autocomplete')?.choices ?? [];
  }

  record(response: InteractionResponse): void {
    if (this.ackMs === null) this.ackMs = response.at - this.dispatchedAt;
    this.responses.push(response);
    this.events.emit('response', response);
  }

  /** Resolves with the first response (already recorded or future) matching `pred`. */
  waitForResponse(pred: (r: InteractionResponse) => boolean, timeoutMs: number): Promise<InteractionResponse> {
    const found = this.responses.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('response', onResponse);
        reject(
          new Error(
            `interaction /${this.command} (${this.id}): no matching response within ${timeoutMs} ms; got ${JSON.stringify(this.responses.map((r) => r.kind))}`,
          ),
        );
      }, timeoutMs);
      const onResponse = (r: InteractionResponse) => {
        if (!pred(r)) return;
        clearTimeout(timer);
        this.events.off('response', onResponse);
        resolve(r);
      };
      this.events.on('response', onResponse);
    });
  }
}
