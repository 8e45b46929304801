/**
 * The offline CLI: `npm run -s cli -- <command>` (contract: docs/cli.md).
 * JSON on stdout only, diagnostics on stderr; exit 0 when the input was read, 2 for unreadable input or usage.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicateCommand } from './commands/adjudicate.js';
import { mapsCommand } from './commands/maps.js';
import { parseCommand } from './commands/parse.js';
import { yieldHelperThreads } from './helper-threads.js';
import { EXIT, internalError, readStdin, type CommandResult } from './io.js';

export const USAGE = `usage: npm run -s cli -- <command>

  adjudicate [--variant <id> | --variant-file <map.json>]   DATC-shaped case(s) on stdin -> results
  parse [--variant <id> | --variant-file <map.json>]        order text on stdin, one per line -> parsed orders
  render [--variant <id> | --variant-file <map.json>] --out <file.png>   a case on stdin -> a map image
  replay [--variant <id> | --variant-file <map.json>] --out <file.gif>   phases (cases) on stdin -> a replay
  maps show <variant> | --variant-file <map.json>           the map and set-up as JSON
  maps check [--variant-file <map.json>]                    data checks of every bundled variant (exit 1 on problems)
  ai orders [--variant <id> | --variant-file <map.json>] [--power <P>]… [--seed <S>]
                                                            case(s) on stdin -> computer players' orders
  ai declare [--power <P>]… [--seed <S>]                      case(s) with decisive declarations -> the ones made
  variants import --from zhanguo|diplogm|python-diplomacy <path> [--svg <file>] [--out <variant.json>]
                                                            a variant file from another format (checked)
  cards new --players N --seed S [--dynasty-cards]          a new game of the Warring States card game
  cards apply | cards view [--seat K] | cards control | cards legal | cards ai --seat K | cards render --out <file.png>
                                                            the card game's state on stdin (cards --help)

JSON on stdout, diagnostics on stderr; exit 0 when the input was read, 2 for unreadable input.
`;

type RenderCommand = (args: string[], stdin: string) => Promise<number>;

/** The render command lives with the renderer (src/cli/commands/render.ts); loaded on demand. */
async function loadRender(): Promise<RenderCommand | string> {
  try {
    const mod = (await import('./commands/render.js')) as { renderCommand?: RenderCommand };
    return typeof mod.renderCommand === 'function'
      ? mod.renderCommand
      : 'src/cli/commands/render.ts does not export renderCommand';
  } catch (e) {
    return `the render command is not available (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
}

/** The replay command (src/cli/commands/replay.ts) needs the renderer too; loaded on demand. */
async function loadReplay(): Promise<((args: string[], stdin: string) => Promise<CommandResult>) | string> {
  try {
    return (await import('./commands/replay.js')).replay;
  } catch (e) {
    return `the replay command is not available (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
}

/** Run one command line; returns the exit code. Output goes through `write` (stdout) and `warn` (stderr). */
export async function main(
  argv: string[],
  io: {
    stdin: () => Promise<string>;
    write: (s: string) => void;
    warn: (s: string) => void;
    writeBytes?: (b: Uint8Array) => void;
  },
): Promise<number> {
  const [command, ...args] = argv;
  // `<command> … --help`: the usage, before any input is read (the card game has its own).
  if (command !== undefined && args.some((a) => a === '--help' || a === '-h')) {
    io.warn(command === 'cards' ? (await import('./commands/cards.js')).CARDS_USAGE : USAGE);
    return EXIT.unreadable;
  }
  const emit = (r: CommandResult) => {
    if (r.stdoutBytes && io.writeBytes) for (const piece of r.stdoutBytes) io.writeBytes(piece);
    else if (r.stdout) io.write(r.stdout);
    if (r.stderr) io.warn(r.stderr);
    return r.code;
  };
  switch (command) {
    case 'adjudicate':
      return emit(await adjudicateCommand(args, await io.stdin()));
    case 'parse':
      return emit(await parseCommand(args, await io.stdin()));
    case 'maps':
      return emit(await mapsCommand(args));
    case 'ai':
      return emit(await (await import('./commands/ai.js')).aiCommand(args, await io.stdin()));
    case 'variants':
      return emit(await (await import('./commands/variants.js')).variantsCommand(args));
    case 'cards':
      return emit(
        await (await import('./commands/cards.js')).cardsCommand(args, args[0] === 'new' ? '' : await io.stdin()),
      );
    case 'replay': {
      const replay = await loadReplay();
      if (typeof replay === 'string') {
        io.warn(`${replay}\n`);
        return EXIT.failed;
      }
      return emit(await replay(args, await io.stdin()));
    }
    case 'render': {
      const render = await loadRender();
      if (typeof render === 'string') {
        io.warn(`${render}\n`);
        return EXIT.failed;
      }
      return render(args, await io.stdin());
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io.warn(USAGE);
      return EXIT.unreadable;
    default:
      io.warn(`unknown command "${command}"\n\n${USAGE}`);
      return EXIT.unreadable;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  // A batch of adjudications keeps the main thread busy: V8's helper threads get the cores it leaves (helper-threads.ts).
  if (process.argv[2] === 'adjudicate') yieldHelperThreads();
  // A reader that stops early (`| head -c 100`) closes the pipe: the command ends quietly, as docs/cli.md says.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(EXIT.ok);
  });
  main(process.argv.slice(2), {
    stdin: readStdin,
    write: (s) => process.stdout.write(s),
    writeBytes: (b) => process.stdout.write(b),
    warn: (s) => process.stderr.write(s),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(internalError(e));
      process.exitCode = EXIT.failed;
    },
  );
}
