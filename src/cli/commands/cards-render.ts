/**
 * `cards render --out file.png [--changed gu,lu]`: a card-game state on stdin → the table image (public view
 * only); prints `{file, width, height, ms}`.
 */
import { writeFile } from 'node:fs/promises';
import { publicView, stateSchema, STATE_ORDER, zodSentence } from '../../cardgame/index.js';
import type { StateId } from '../../cardgame/types.js';
import { InputError, jsonResult, parseFlags, parseJson, runCommand, type CommandResult } from '../io.js';
import { renderCardTable } from '../../render/cards/index.js';

export async function renderCardsCommand(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const flags = parseFlags(args, ['out', 'changed']);
    const out = flags.values.get('out');
    if (!out) throw new InputError('cards render needs --out <file.png>');
    const changed = (flags.values.get('changed') ?? '').split(',').filter(Boolean);
    const unknown = changed.find((s) => !(STATE_ORDER as readonly string[]).includes(s));
    if (unknown) throw new InputError(`--changed names "${unknown}"; states are ${STATE_ORDER.join(', ')}`);
    let raw = parseJson(stdin);
    if (Array.isArray(raw)) {
      if (raw.length !== 1) throw new InputError(`cards render draws one state; the input array has ${raw.length}`);
      raw = raw[0];
    }
    const parsed = stateSchema.safeParse(raw);
    if (!parsed.success) throw new InputError(`the input is not a card-game state (${zodSentence(parsed.error)})`);
    const started = performance.now();
    const image = await renderCardTable(publicView(parsed.data), { changed: changed as StateId[] });
    const ms = Math.round(performance.now() - started);
    await writeFile(out, image.png);
    return jsonResult({ file: out, width: image.width, height: image.height, ms });
  });
}
