/**
 * `parse [--variant <id> | --variant-file <path>]`: order text on stdin, one order per line; a JSON array with one
 * entry per non-empty line on stdout. Never fails on any text (contract: docs/cli.md).
 */
import { parseOrder } from '../../engine/parse/index.js';
import type { Order } from '../../engine/types.js';
import {
  InputError,
  jsonResult,
  loadVariants,
  parseFlags,
  runCommand,
  variantFromFlags,
  type CommandResult,
} from '../io.js';

export type ParseLine =
  | { line: number; input: string; ok: true; order: Order; text: string }
  | { line: number; input: string; ok: false; error: string };

export async function parseCommand(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const flags = parseFlags(args, ['variant', 'variant-file']);
    if (flags.positional.length > 0) throw new InputError(`unexpected argument "${flags.positional[0]}"`);
    await loadVariants([], flags);
    const variant = variantFromFlags(flags);
    const out: ParseLine[] = [];
    stdin.split(/\r?\n/).forEach((raw, i) => {
      const input = raw.trim();
      if (input === '') return;
      const r = parseOrder(variant, input);
      out.push(
        r.ok
          ? { line: i + 1, input, ok: true, order: r.order, text: r.text }
          : { line: i + 1, input, ok: false, error: r.error },
      );
    });
    return jsonResult(out);
  });
}
