/**
 * How the crash tests start the bot as a child process (test/support/bot-process.ts): compiled once per run into one
 * bundle with the bot's workers (test/support/bot-build-setup.ts, as `npm run build` compiles the bot), then run by
 * plain Node. Through tsx's loader each child spent about 2.5 s of CPU resolving and loading some 600 modules before
 * it was ready; the bundle loads in about 0.5 s, and the crash tests start some fifty children.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/support/bot-build-setup.ts answers `GET /bot-process` with the compiled child (built when asked). */
    botBuildBroker: string;
  }
}

let compiled: Promise<string> | undefined;

/** The arguments for `spawn(process.execPath, …)` that start the bot child. */
export async function botProcessArgs(): Promise<string[]> {
  compiled ??= (async () => {
    const broker = inject('botBuildBroker');
    if (!broker)
      throw new Error(
        'the bot child: no build broker; run the tests through vitest.config.ts (its globalSetup builds the child)',
      );
    const answer = await fetch(`${broker}/bot-process`);
    const body = (await answer.json()) as { path?: string; error?: string };
    if (!answer.ok || !body.path) throw new Error(body.error ?? `the bot child: the broker answered ${answer.status}`);
    return body.path;
  })();
  return [await compiled];
}
