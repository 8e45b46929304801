/**
 * `replay [--variant <id> | --variant-file <path>] --out <file.gif> [--width <px>] [--palette standard|colorblind]
 * [--title <text>]` (an extension of the CLI contract, docs/cli.md): reads a list of phases — a JSON
 * array of cases in `render`'s shape, one per phase, in order — adjudicates each through `render`'s own case handling
 * (`renderCaseOf`, hence `adjudicate`'s), and writes the replay of them all as one animated GIF (src/render/replay),
 * then prints `{file, width, height, phases, frames, seconds, bytes, ms}`.
 *
 * A case after the first may leave out `units`: it then continues from the case before it (its units, dislodged
 * units, standoffs, centres and variant state after that phase), and its `phase`, when given, must be the phase that
 * follows. So a game is replayed from its orders alone: `[{orders: [..]}, {orders: [..]}, …]` starts from the
 * variant's starting position. Every case is adjudicated (a phase without orders: every unit holds, as in a game).
 */
import { writeFile } from 'node:fs/promises';
import type { Position } from '../../engine/types.js';
import { phaseTitle, RenderError } from '../../render/index.js';
import { MAX_REPLAY_PHASES, renderReplay, REPLAY_WIDTH, type ReplayPhase } from '../../render/replay/index.js';
import { pluginOf } from '../../variants/index.js';
import { InputError, jsonResult, parseJson, runCommand, type CommandResult, type Flags } from '../io.js';
import { pictureFlags, renderCaseOf, type RenderCase } from './render.js';

export async function replay(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const { flags, out, width, palette } = pictureFlags(args, 'replay', 'file.gif', {
      default: REPLAY_WIDTH,
      min: 400,
      max: 2400,
    });

    const input = parseJson(stdin);
    if (!Array.isArray(input)) throw new InputError('replay reads a JSON array of cases, one per phase, in order');
    if (input.length === 0) throw new InputError('the array of phases is empty');
    if (input.length > MAX_REPLAY_PHASES)
      throw new InputError(`a replay draws at most ${MAX_REPLAY_PHASES} phases; the input has ${input.length}`);

    const started = performance.now();
    const { phases, diagnostics, variant } = await phasesOf(input, flags);
    let made: Awaited<ReturnType<typeof renderReplay>>;
    try {
      made = await renderReplay(variant, phases, { width, palette });
    } catch (e) {
      if (e instanceof RenderError) throw new InputError(e.message);
      throw e;
    }
    await writeFile(out, made.gif).catch((e: unknown) => {
      throw new InputError(`cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
    });
    diagnostics.push(...made.warnings);
    const summary = {
      file: out,
      width: made.width,
      height: made.height,
      phases: phases.length,
      frames: made.frames,
      seconds: made.seconds,
      bytes: made.gif.length,
      ms: Math.round(performance.now() - started),
    };
    return jsonResult(summary, diagnostics.map((d) => `${d}\n`).join(''));
  });
}

const NO_RECORDS = { get: () => undefined, list: () => [] };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const phaseText = (p: Position['phase']) => `${p.season} ${p.year} ${p.type}`;

/** Each case adjudicated in turn, a case without units continuing from the one before it. */
async function phasesOf(
  input: unknown[],
  flags: Flags,
): Promise<{ phases: ReplayPhase[]; diagnostics: string[]; variant: RenderCase['variant'] }> {
  const phases: ReplayPhase[] = [];
  const diagnostics: string[] = [];
  let previous: RenderCase | null = null;
  let firstVariant: string | null = null;
  const custom = flags.values.get('title');
  for (const [i, raw] of input.entries()) {
    const name = `case #${i + 1}`;
    if (!isObject(raw)) throw new InputError(`${name}: a case is a JSON object`);
    let given: Record<string, unknown> = raw;
    if (previous && raw.units === undefined && raw.prelude === undefined) {
      const next: Position = previous.adjudication!.position;
      if (
        raw.phase !== undefined &&
        (!isObject(raw.phase) || phaseText(raw.phase as unknown as Position['phase']) !== phaseText(next.phase))
      ) {
        throw new InputError(
          `${name}: phase does not follow the case before it (next is ${phaseText(next.phase)}); give its units to start afresh`,
        );
      }
      given = {
        ...(previous.options ? { options: previous.options } : {}),
        ...raw,
        phase: next.phase,
        units: next.units,
        dislodged: next.dislodged,
        contested: next.contested,
        supplyCenters: next.supplyCenters,
        ...(next.variantState !== undefined ? { variantState: next.variantState } : {}),
      };
    }
    let drawn: RenderCase;
    try {
      drawn = await renderCaseOf(given, flags, true);
    } catch (e) {
      if (e instanceof InputError)
        throw new InputError(
          e.message.startsWith('case') ? e.message.replace(/^case( #\d+)?/, name) : `${name}: ${e.message}`,
        );
      throw e;
    }
    const variantId = drawn.variant.id;
    if (firstVariant !== null && variantId !== firstVariant)
      throw new InputError(`${name}: variant ${variantId} differs from the first case's (${firstVariant})`);
    firstVariant = variantId;
    diagnostics.push(...drawn.diagnostics.map((d) => `${name}: ${d}`));
    const adjudication = drawn.adjudication!;
    const label = phaseTitle(drawn.position, drawn.variant);
    const prefix = custom ?? drawn.variant.name;
    const afterOverlays = pluginOf(drawn.variant.id).mapOverlays?.({
      variant: drawn.variant,
      picture: 'after',
      options: drawn.options ?? {},
      records: NO_RECORDS,
      phase: { index: i, position: drawn.position, adjudication },
    });
    phases.push({
      orders: {
        position: drawn.position,
        opts: {
          orders: drawn.orders,
          ...(drawn.results ? { results: drawn.results } : {}),
          adjudication,
          ...(drawn.overlays ? { overlays: drawn.overlays } : {}),
          title: `${prefix} · ${label} · orders and results`,
        },
      },
      after: {
        position: adjudication.position,
        opts: {
          title: `${prefix} · after ${label}`,
          ...(afterOverlays && afterOverlays.length > 0 ? { overlays: afterOverlays } : {}),
        },
      },
    });
    previous = drawn;
  }
  return { phases, diagnostics, variant: previous!.variant };
}
