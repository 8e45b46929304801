/**
 * `render [--variant <id> | --variant-file <path>] --out <file.png> [--width <px>] [--palette standard|colorblind] [--title <text>]`
 * (`--title` replaces the variant name in the title line; the phase is always shown)
 * (CLI contract, docs/cli.md): reads one case — the whole `adjudicate` input (`orders`, `prelude`,
 * `variantState`, `players`, `options`, `battles` …), optionally with its `results` — and draws the position with the
 * orders and what `adjudicate` decides for them, through the very same case handling (`resolveCase` in adjudicate.ts),
 * then prints `{file, width, height, ms}`.
 *
 * Results: the case's own `results` when given; otherwise the adjudication. A case without `units` draws the
 * variant's starting position; without `supplyCenters`, ownership is the starting one (as `adjudicate` assumes).
 * Units on no province of the map are left out with a warning; orders that cannot be read are named on stderr and
 * not drawn; in a variant whose players vote on other powers' units (Mandate of Heaven), those orders are ballots and
 * are never drawn (results never show who voted).
 */
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Adjudication, OrderResult, Position, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { phaseTitle, renderMapTimed, RenderError, type RenderOptions } from '../../render/index.js';
import { phaseSchema, unitSchema } from '../../variants/schema.js';
import {
  InputError,
  jsonResult,
  loadVariants,
  parseFlags,
  parseJson,
  runCommand,
  variantById,
  variantFromFlags,
  type CommandResult,
  type Flags,
} from '../io.js';
import { pluginOf } from '../../variants/index.js';
import type { MapOverlay } from '../../variants/plugin/index.js';
import { resolveCase } from './adjudicate.js';
import { caseSchema } from '../../variants/case/schema.js';

/**
 * The `adjudicate` case, with `phase` and `units` optional (the starting position), a lenient `dislodged` and
 * `results`. A dislodged unit's `attackerFrom` may be left out, as `adjudicate` prints it for a unit a virtual army
 * dislodged (it came from no province: Warhammer's Immortality army), or given empty; either way it is absent.
 */
const renderCaseSchema = caseSchema.extend({
  phase: phaseSchema.optional(),
  units: z.array(unitSchema).optional(),
  dislodged: z
    .array(
      unitSchema.extend({
        attackerFrom: z
          .string()
          .optional()
          .transform((from) => from || undefined),
        viaConvoy: z.boolean().default(false),
        retreatOptions: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  results: z
    .array(
      z.object({
        power: z.string(),
        unit: z.string(),
        order: z.string(),
        result: z.enum(['success', 'failure', 'illegal', 'void']),
        reason: z.string().default(''),
        // What `adjudicate` prints is kept, so its output drawn again draws the same: the orders the players' vote
        // adopted for units no player owns are read back from `vote: "adopted"` (adoptedOrders).
        defaulted: z.boolean().optional(),
        vote: z.enum(['adopted', 'no-majority']).optional(),
      }),
    )
    .optional(),
});

const FLAGS = ['variant', 'variant-file', 'out', 'width', 'palette', 'title'] as const;

/** The flags of a command that writes a picture (`render`, `replay`): `--out`, `--width` within bounds, `--palette`. */
export function pictureFlags(
  args: string[],
  command: string,
  file: string,
  width: { default: number; min: number; max: number },
) {
  const flags = parseFlags(args, FLAGS);
  const out = flags.values.get('out');
  if (!out) throw new InputError(`${command} needs --out <${file}>`);
  const px = flags.values.has('width') ? Number(flags.values.get('width')) : width.default;
  if (!Number.isInteger(px) || px < width.min || px > width.max)
    throw new InputError(`--width must be a whole number of pixels, ${width.min} to ${width.max}`);
  const palette = flags.values.get('palette') ?? 'standard';
  if (palette !== 'standard' && palette !== 'colorblind') throw new InputError('--palette is standard or colorblind');
  return { flags, out, width: px, palette: palette as 'standard' | 'colorblind' };
}

/** The command as a function (for tests): what to print and the exit code. */
export async function render(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const { flags, out, width, palette } = pictureFlags(args, 'render', 'file.png', {
      default: 1600,
      min: 200,
      max: 6000,
    });

    const drawn = await renderCaseOf(parseJson(stdin), flags);
    const { variant, position, diagnostics } = drawn;

    const started = performance.now();
    let map: Awaited<ReturnType<typeof renderMapTimed>>['map'];
    try {
      const custom = flags.values.get('title');
      const title = custom ? `${custom} · ${phaseTitle(position, variant)}` : undefined;
      // A one-shot process: the scene is built here while the render worker boots (the worker draws it), instead
      // of the worker loading the variant a second time; nothing else waits on this event loop.
      map = (await renderMapTimed(variant, position, { ...renderOptionsOf(drawn), width, palette, title })).map;
    } catch (e) {
      if (e instanceof RenderError) throw new InputError(e.message);
      throw e;
    }
    await writeFile(out, map.png).catch((e: unknown) => {
      throw new InputError(`cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
    });
    const ms = Math.round(performance.now() - started);
    diagnostics.push(...map.warnings);
    return jsonResult(
      { file: out, width: map.width, height: map.height, ms },
      diagnostics.map((d) => `${d}\n`).join(''),
    );
  });
}

/** CLI entry: prints the JSON summary on stdout and diagnostics on stderr; returns the exit code. */
export async function renderCommand(args: string[], stdin: string): Promise<number> {
  const r = await render(args, stdin);
  if (r.stdout) process.stdout.write(r.stdout);
  if (r.stderr) process.stderr.write(r.stderr);
  return r.code;
}

/** A case has no plug-in records (a game's steps keep them): the plug-in reads what the case gives. */
const NO_RECORDS = { get: () => undefined, list: () => [] };

/** What `render` draws for one case: the variant (configured by the case's options), the position and orders, and the results. */
export interface RenderCase {
  variant: Variant;
  position: Position;
  /** The orders drawn (ballots left out). */
  orders: PowerOrder[];
  /** The case's own results, when it gave some; else the adjudication's. */
  results?: OrderResult[];
  /** What `adjudicate` decides; none for a case without orders or battles (a position alone is drawn as it stands). */
  adjudication?: Adjudication;
  /** What the variant's plug-in draws on this picture (Warhammer's decisive battles: where one may be declared, who won). */
  overlays?: MapOverlay[];
  /** The case's game options, defaults filled in. */
  options: Record<string, string>;
  diagnostics: string[];
}

/** What a case's picture is drawn from: its orders, its own results or else the adjudication, the plug-in's overlays. */
export function renderOptionsOf(
  c: RenderCase,
): Pick<RenderOptions, 'orders' | 'results' | 'adjudication' | 'overlays'> {
  return {
    orders: c.orders,
    ...(c.results ? { results: c.results } : c.adjudication ? { adjudication: c.adjudication } : {}),
    ...(c.overlays ? { overlays: c.overlays } : {}),
  };
}

/**
 * Reads one case as `adjudicate` does and adjudicates it (throws `InputError` naming what is wrong). A case without
 * orders or battles is drawn as the position alone, unless `always` (a replay's phase: every unit holds).
 */
export async function renderCaseOf(raw: unknown, flags: Flags, always = false): Promise<RenderCase> {
  let input = raw;
  if (Array.isArray(input)) {
    if (input.length !== 1) throw new InputError(`render draws one case; the input array has ${input.length}`);
    input = input[0];
  }
  const parsed = renderCaseSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(`case is invalid at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const c = parsed.data;
  await loadVariants(c.variant ? [c.variant] : [], flags);
  const base = c.variant ? variantById(c.variant) : variantFromFlags(flags);
  const start = base.startingPosition();
  const diagnostics: string[] = [];
  // Units on no province of the map cannot be adjudicated: left out, named (the rest is drawn).
  const onMap = (u: { power: string; type: string; province: string; coast?: string | null }) => {
    if (base.map.has(u.province)) return true;
    diagnostics.push(
      `unit ${u.type} ${u.coast ? `${u.province}/${u.coast}` : u.province} of ${u.power} is not on the map`,
    );
    return false;
  };
  const units = c.units ?? start.units;
  const resolved = resolveCase(base, {
    ...c,
    phase: c.phase ?? start.phase,
    units: units.filter(onMap).map((u) => ({ ...u, coast: u.coast ?? null })),
    ...(c.units ? {} : { supplyCenters: c.supplyCenters ?? start.supplyCenters }),
    ...(c.dislodged ? { dislodged: c.dislodged.filter(onMap) } : {}),
  });
  for (const f of resolved.unread)
    diagnostics.push(
      `orders[${f.index}] (${f.power}) not drawn: ${f.reason.replace(/^could not read the order: /, '')}`,
    );
  // An order for another power's unit is a ballot where the variant counts such orders: secret, never drawn. The unit
  // an order is for is the one the phase orders: in a retreat phase the dislodged unit (the unit that dislodged it
  // stands in the same province), else the unit standing there; of the type the order names, when it names one.
  const ballot = ({ power, order }: PowerOrder) => {
    if (order.kind === 'waive' || order.kind === 'build') return false;
    const at = order.unit;
    const same = (u: { province: string; type: string }) =>
      u.province === at.province && (!at.type || u.type === at.type);
    const ordered = resolved.position.phase.type === 'retreat' ? resolved.position.dislodged : resolved.position.units;
    const owner =
      ordered.find(same)?.power ?? [...resolved.position.units, ...resolved.position.dislodged].find(same)?.power;
    return owner !== undefined && owner !== power;
  };
  const orders = resolved.variant.rules.adoptOrders ? resolved.orders.filter((o) => !ballot(o)) : resolved.orders;
  const adjudicated = always || c.orders.length > 0 || c.battles !== undefined;
  // The case's battles make the result final; without them a variant with battles shows the provisional one.
  const overlays = pluginOf(base.id).mapOverlays?.({
    variant: resolved.variant,
    picture: adjudicated ? 'orders' : 'board',
    options: resolved.options,
    records: NO_RECORDS,
    phase: {
      index: 0,
      position: resolved.position,
      adjudication: adjudicated ? resolved.adjudication : null,
      orders,
      ...(c.battles ? { battles: c.battles } : {}),
    },
  });
  return {
    variant: resolved.variant,
    position: resolved.position,
    orders,
    ...(c.results ? { results: c.results } : {}),
    ...(adjudicated ? { adjudication: resolved.adjudication } : {}),
    ...(overlays && overlays.length > 0 ? { overlays } : {}),
    options: resolved.options,
    diagnostics,
  };
}
