/**
 * `render [--variant <id> | --variant-file <path>] --out <file.png> [--width <px>] [--palette standard|colorblind] [--title <text>]`
 * (`--title` replaces the variant name in the title line; the phase is always shown)
 * (CLI contract, ../shared/formats/cli.md): reads one case (the `adjudicate` input shape, optionally with
 * its `results`), draws the position and, when the case has orders, the orders with their results, and
 * prints `{file, width, height, ms}`.
 *
 * Results: the case's own `results` when given; otherwise the orders are adjudicated. A case without
 * `units` draws the variant's starting position; without `supplyCenters`, ownership is the starting one
 * (as `adjudicate` assumes).
 */
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { adjudicate } from '../../engine/index.js';
import { parseOrder } from '../../engine/parse/index.js';
import type { OrderResult, Position, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { phaseTitle, renderMapTimed, RenderError } from '../../render/index.js';
import { phaseSchema, unitSchema } from '../../variants/schema.js';
import { InputError, jsonResult, loadVariants, parseFlags, parseJson, runCommand, variantById, variantFromFlags, type CommandResult } from '../io.js';

const caseSchema = z.object({
  variant: z.string().optional(),
  phase: phaseSchema.optional(),
  units: z.array(unitSchema).optional(),
  dislodged: z
    .array(
      unitSchema.extend({
        attackerFrom: z.string().default(''),
        viaConvoy: z.boolean().default(false),
        retreatOptions: z.array(z.string()).optional(),
      }),
    )
    .default([]),
  contested: z.array(z.string()).default([]),
  supplyCenters: z.record(z.string(), z.array(z.string())).optional(),
  orders: z.array(z.object({ power: z.string(), text: z.string() })).default([]),
  results: z
    .array(
      z.object({
        power: z.string(),
        unit: z.string(),
        order: z.string(),
        result: z.enum(['success', 'failure', 'illegal', 'void']),
        reason: z.string().default(''),
      }),
    )
    .optional(),
});

const FLAGS = ['variant', 'variant-file', 'out', 'width', 'palette', 'title'] as const;

/** The command as a function (for tests): what to print and the exit code. */
export async function render(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const flags = parseFlags(args, FLAGS);
    const out = flags.values.get('out');
    if (!out) throw new InputError('render needs --out <file.png>');
    const width = flags.values.has('width') ? Number(flags.values.get('width')) : 1600;
    if (!Number.isInteger(width) || width < 200 || width > 6000) throw new InputError('--width must be a whole number of pixels, 200 to 6000');
    const palette = flags.values.get('palette') ?? 'standard';
    if (palette !== 'standard' && palette !== 'colorblind') throw new InputError('--palette is standard or colorblind');

    let raw = parseJson(stdin);
    if (Array.isArray(raw)) {
      if (raw.length !== 1) throw new InputError(`render draws one case; the input array has ${raw.length}`);
      raw = raw[0];
    }
    const parsed = caseSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InputError(`case is invalid at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    const input = parsed.data;
    await loadVariants(input.variant ? [input.variant] : [], flags);
    const variant = input.variant ? variantById(input.variant) : variantFromFlags(flags);
    const position = positionOf(variant, input);

    const diagnostics: string[] = [];
    const orders: PowerOrder[] = [];
    input.orders.forEach((o, i) => {
      const r = parseOrder(variant, o.text, { position, power: o.power });
      if (r.ok) orders.push({ power: o.power, order: r.order });
      else diagnostics.push(`orders[${i}] (${o.power}) not drawn: ${r.error}`);
    });
    let results: OrderResult[] | undefined = input.results;
    let adjudication;
    if (!results && orders.length > 0) {
      adjudication = adjudicate(variant, position, orders);
      results = adjudication.results;
    }

    const started = performance.now();
    let map;
    try {
      const custom = flags.values.get('title');
      const title = custom ? `${custom} — ${phaseTitle(position)}` : undefined;
      // A one-shot process: the scene is built here while the render worker boots (the worker draws it), instead
      // of the worker loading the variant a second time; nothing else waits on this event loop.
      map = (await renderMapTimed(variant, position, { orders, results, adjudication, width, palette, title })).map;
    } catch (e) {
      if (e instanceof RenderError) throw new InputError(e.message);
      throw e;
    }
    await writeFile(out, map.png).catch((e: unknown) => {
      throw new InputError(`cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
    });
    const ms = Math.round(performance.now() - started);
    diagnostics.push(...map.warnings);
    return jsonResult({ file: out, width: map.width, height: map.height, ms }, diagnostics.map((d) => d + '\n').join(''));
  });
}

/** CLI entry: prints the JSON summary on stdout and diagnostics on stderr; returns the exit code. */
export async function renderCommand(args: string[], stdin: string): Promise<number> {
  const r = await render(args, stdin);
  if (r.stdout) process.stdout.write(r.stdout);
  if (r.stderr) process.stderr.write(r.stderr);
  return r.code;
}

function positionOf(variant: Variant, input: z.infer<typeof caseSchema>): Position {
  const start = variant.startingPosition();
  if (!input.units) {
    return { ...start, phase: input.phase ?? start.phase, supplyCenters: input.supplyCenters ?? start.supplyCenters };
  }
  return {
    phase: input.phase ?? start.phase,
    units: input.units.map((u) => ({ power: u.power, type: u.type, province: u.province, coast: u.coast ?? null })),
    dislodged: input.dislodged.map((d) => ({
      power: d.power,
      type: d.type,
      province: d.province,
      coast: d.coast ?? null,
      attackerFrom: d.attackerFrom,
      viaConvoy: d.viaConvoy,
      ...(d.retreatOptions ? { retreatOptions: d.retreatOptions } : {}),
    })),
    contested: input.contested,
    supplyCenters: input.supplyCenters ?? start.supplyCenters,
  };
}
