/**
 * `adjudicate [--variant <id> | --variant-file <path>]`: DATC-shaped cases on stdin, one result per case on
 * stdout (contract: docs/cli.md). Cases are read and adjudicated by
 * src/variants/case/read.ts (shared with the game layer's import).
 */
import type { Variant } from '../../engine/variant.js';
import {
  adjudicateCase,
  caseName,
  loadCaseSchema,
  readCase,
  readPlainCase,
  type AdjudicateCase,
  type CaseOutput,
} from '../../variants/case/read.js';
import {
  adjudicateInParallel,
  PARALLEL_MIN_CASES,
  wantsSecondThread,
  type ClaimedWork,
} from './adjudicate-parallel.js';
import {
  ByteSink,
  bytesResult,
  InputError,
  loadVariants,
  parseFlags,
  parseJson,
  runCommand,
  variantById,
  variantFromFlags,
  type Flags,
  type CommandResult,
} from '../io.js';

export {
  adjudicateCase,
  caseName,
  readPlainCase,
  resolveCase,
  setUpCase,
  type AdjudicateCase,
  type CaseOutput,
} from '../../variants/case/read.js';

export async function adjudicateCommand(args: string[], stdin: string): Promise<CommandResult> {
  return runCommand(async () => {
    const flags = parseFlags(args, ['variant', 'variant-file']);
    if (flags.positional.length > 0) throw new InputError(`unexpected argument "${flags.positional[0]}"`);
    const input = parseJson(stdin);
    const list = Array.isArray(input) ? input : [input];
    const plain = await prepareCases(flags, list);
    // Two threads when asked for (adjudicate-parallel.ts); any error sends the batch through the sequential path
    // below for its message.
    if (Array.isArray(input) && input.length >= PARALLEL_MIN_CASES && wantsSecondThread()) {
      const parallel = await adjudicateInParallel(args, stdin, input, adjudicateClaimed);
      if (parallel) return parallel;
    }
    // Resolved on first use: a case's own `variant` overrides the flag.
    let flagVariant: Variant | undefined;
    const defaultVariant = () => (flagVariant ??= variantFromFlags(flags));
    const cases = list.map((raw, i) => plain[i] ?? readCase(raw, i));
    const notes: string[] = [];
    // Each case's output is written as JSON as soon as it is made (joined as JSON.stringify joins an array) and
    // kept as bytes outside the heap, so neither the objects nor their text fill the heap until the end.
    const out = new ByteSink();
    cases.forEach((c, i) => {
      const { output, note } = runCase(c, i, defaultVariant);
      if (note) notes.push(note);
      const json = JSON.stringify(output);
      if (!Array.isArray(input)) out.write(json);
      else out.write(i === 0 ? `[${json}` : `,${json}`);
    });
    out.write(Array.isArray(input) ? (cases.length === 0 ? '[]\n' : ']\n') : '\n');
    return bytesResult(out, notes.join(''));
  });
}

/**
 * Loads what reading and running `list` needs: the variants its cases and the flags name (only those), and the
 * zod schema when some case is not a plain one. Returns each case read as a plain one (`readPlainCase`), null
 * for the others (`readCase` reads them with the schema).
 */
async function prepareCases(flags: Flags, list: readonly unknown[]): Promise<(AdjudicateCase | null)[]> {
  const ids = new Set<unknown>();
  const plain = list.map(readPlainCase);
  for (const raw of list) if (raw !== null && typeof raw === 'object') ids.add((raw as { variant?: unknown }).variant);
  await loadVariants(ids, flags);
  if (plain.includes(null)) await loadCaseSchema();
  return plain;
}

/** Every case of `list` read (plain ones by hand, the others with the zod schema). Throws `InputError`. */
export async function readCases(flags: Flags, list: readonly unknown[]): Promise<AdjudicateCase[]> {
  const plain = await prepareCases(flags, list);
  return list.map((raw, i) => plain[i] ?? readCase(raw, i));
}

/** One validated case: its output, and the note for stderr when it has one. Throws `InputError`. */
function runCase(
  c: AdjudicateCase,
  i: number,
  defaultVariant: () => Variant,
): { output: CaseOutput; note: string | null } {
  const variant = c.variant ? variantById(c.variant) : defaultVariant();
  const note =
    c.phase.type === 'adjustment' && c.supplyCenters === undefined
      ? `${caseName(c, i)}: an adjustment case without supplyCenters: using ${variant.id}'s starting ownership\n`
      : null;
  return { output: adjudicateCase(variant, c, caseName(c, i)), note };
}

/** Cases claimed at a time by each thread of a parallel run. */
const CLAIM = 8;

/**
 * Adjudicates cases of `list` until none is left, claiming them `CLAIM` at a time from the shared `counter`
 * (the main thread and the worker both run this, so neither waits for the other). Stops at the first case that
 * cannot be read or adjudicated: the caller then redoes the batch sequentially, for the exact message.
 */
export async function adjudicateClaimed(args: string[], list: unknown[], counter: Int32Array): Promise<ClaimedWork> {
  const done: ClaimedWork['done'] = [];
  try {
    const flags = parseFlags(args, ['variant', 'variant-file']);
    const plain = await prepareCases(flags, list);
    let flagVariant: Variant | undefined;
    const defaultVariant = () => (flagVariant ??= variantFromFlags(flags));
    for (;;) {
      const start = Atomics.add(counter, 0, CLAIM);
      if (start >= list.length) return { done, failed: false };
      for (let i = start; i < Math.min(start + CLAIM, list.length); i++) {
        const { output, note } = runCase(plain[i] ?? readCase(list[i], i), i, defaultVariant);
        done.push([i, JSON.stringify(output), note]);
      }
    }
  } catch {
    Atomics.store(counter, 0, list.length); // the other thread stops claiming too
    return { done, failed: true };
  }
}
