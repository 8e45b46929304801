/**
 * `cards <new|apply|view|control|legal|render>`: the Warring States card game as JSON in, JSON out
 * (contract: docs/cli.md "cards", actions: docs/cardgame.md). An array in gives an array out.
 * Unreadable input (not JSON, a state that does not fit the schema) exits 2 with a one-line reason; an action
 * that is not legal is a result (`{ok: false, error, at}`), not a failure.
 */
import { z } from 'zod';
import {
  applyAll,
  controlRound,
  DYNASTIES,
  legalActions,
  newGame,
  parseAction,
  privateView,
  publicView,
  stateSchema,
  STATE_ORDER,
  zodSentence,
  type Action,
  type CardGameState,
  type DynastyId,
  type Owner,
  type StateId,
  STRONGHOLD_IDS,
} from '../../cardgame/index.js';
import { cardAiAction, readSeatView } from '../../ai/cards/index.js';
import { EXIT, InputError, jsonResult, levelOf, parseFlags, parseJson, runCommand, type CommandResult } from '../io.js';

export const CARDS_USAGE = `usage: npm run -s cli -- cards <command>

  new --players N --seed S [--dynasty-cards] [--dynasties chu,qin,…]   a new game's state, after the deal
  apply                   {state, action} or {state, actions: [..]} on stdin -> {ok, state, events} or {ok: false, error, at}
  view [--seat K]         a state on stdin -> what seat K (or, without --seat, the channel) may see
  control                 {strongholds, states, seats?} on stdin -> {changes, states}: the control round on that board
  legal                   a state on stdin -> {seat, actions}: what the seat to act may do now
  ai --seat K [--seed S] [--playouts N] [--level easy|normal|hard]   seat K's view on stdin -> {seat, action}: the computer player's action
  render --out file.png   a state on stdin -> the board image; prints {file, width, height, ms}

An array on stdin gives an array on stdout. Actions: docs/cardgame.md.
`;

function readState(raw: unknown, where: string): CardGameState {
  const r = stateSchema.safeParse(raw);
  if (!r.success) throw new InputError(`${where}is not a card-game state (${zodSentence(r.error)})`);
  return r.data;
}

/** One input or an array of them, mapped to one output or an array (the contract's "arrays in, arrays out"). */
function eachInput(stdin: string, one: (raw: unknown, where: string) => unknown): CommandResult {
  const raw = parseJson(stdin);
  if (Array.isArray(raw)) return jsonResult(raw.map((x, i) => one(x, `input [${i}] `)));
  return jsonResult(one(raw, 'the input '));
}

function cardsNew(args: string[]): CommandResult {
  const flags = parseFlags(args, ['players', 'seed', 'dynasties', 'stalemate-rounds', 'round-cap'], ['dynasty-cards']);
  const dynastyCards = flags.values.has('dynasty-cards');
  const players = Number(flags.values.get('players'));
  if (!Number.isInteger(players) || players < 2 || players > 5)
    throw new InputError('cards new needs --players 2 to 5');
  const seed = flags.values.get('seed');
  if (seed === undefined)
    throw new InputError('cards new needs --seed S (any text; the same seed deals the same cards)');
  let dynasties: DynastyId[] | undefined;
  const list = flags.values.get('dynasties');
  if (list !== undefined) {
    const names = list.split(',').map((x) => x.trim().toLowerCase());
    const bad = names.find((d) => !(DYNASTIES as readonly string[]).includes(d));
    if (bad) throw new InputError(`unknown dynasty "${bad}" (dynasties: ${DYNASTIES.join(', ')})`);
    if (names.length !== players || new Set(names).size !== players)
      throw new InputError(`--dynasties names ${players} different dynasties, one per seat`);
    dynasties = names as DynastyId[];
  }
  const whole = (name: string) => {
    const v = flags.values.get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new InputError(`--${name} must be a whole number of rounds, at least 1`);
    return n;
  };
  return jsonResult(
    newGame({
      seats: players,
      seed,
      dynastyCards,
      dynasties,
      stalemateRounds: whole('stalemate-rounds'),
      roundCap: whole('round-cap'),
    }),
  );
}

const applyInput = z.object({
  state: z.unknown(),
  action: z.unknown().optional(),
  actions: z.array(z.unknown()).optional(),
});

function cardsApply(raw: unknown, where: string): unknown {
  const input = applyInput.safeParse(raw);
  if (!input.success || (input.data.action === undefined) === (input.data.actions === undefined)) {
    throw new InputError(`${where}must be {state, action} or {state, actions: [..]}`);
  }
  const state = readState(input.data.state, `${where}state `);
  const rawActions = input.data.actions ?? [input.data.action];
  const actions: Action[] = [];
  for (let i = 0; i < rawActions.length; i++) {
    const parsed = parseAction(rawActions[i]);
    if (!parsed.ok) return { ok: false, error: parsed.error, at: i };
    actions.push(parsed.action);
  }
  return applyAll(state, actions);
}

const controlInput = z.object({
  strongholds: z
    .record(z.string(), z.array(z.union([z.number().int().min(0).max(4), z.literal('neutral')])).max(2))
    .default({}),
  states: z
    .record(
      z.string(),
      z
        .array(z.union([z.number().int().min(0).max(4), z.literal('neutral')]))
        .min(1)
        .max(2),
    )
    .default({}),
  seats: z.array(z.object({ supply: z.number().int().min(0) }).passthrough()).optional(),
});

function cardsControl(raw: unknown, where: string): unknown {
  const r = controlInput.safeParse(raw);
  if (!r.success) throw new InputError(`${where}is not a board {strongholds, states} (${zodSentence(r.error)})`);
  for (const k of Object.keys(r.data.strongholds))
    if (!STRONGHOLD_IDS.includes(Number(k)))
      throw new InputError(`${where}names stronghold "${k}"; strongholds are 1 to 37`);
  for (const k of Object.keys(r.data.states))
    if (!(STATE_ORDER as readonly string[]).includes(k))
      throw new InputError(`${where}names state "${k}" (states: ${STATE_ORDER.join(', ')})`);
  const board = {
    strongholds: Object.fromEntries(
      STRONGHOLD_IDS.map((h) => [String(h), (r.data.strongholds[String(h)] ?? []) as Owner[]]),
    ),
    states: Object.fromEntries(STATE_ORDER.map((st) => [st, (r.data.states[st] ?? ['neutral']) as Owner[]])) as Record<
      StateId,
      Owner[]
    >,
  };
  if (Object.values(board.strongholds).some((a) => a.includes('neutral')))
    throw new InputError(`${where}puts a neutral army on a stronghold; neutral armies stand only in states`);
  const supply = r.data.seats?.map((x) => x.supply);
  const result = controlRound(board, supply);
  return {
    changes: result.changes,
    states: result.board.states,
    ...(result.fromStrongholds.length ? { strongholds: result.board.strongholds } : {}),
    ...(supply ? { seats: supply.map((x, i) => ({ supply: x + (result.supplyDelta.get(i) ?? 0) })) } : {}),
    why: result.scores.filter((x) => x.count > 0 || board.states[x.state].length > 1).map((x) => x.why),
  };
}

/**
 * `cards ai --seat K`: the computer player's action for seat K, from seat K's view (a full state is reduced to
 * that view first). `{seat, action}`, `action` null when the seat has nothing to decide now. A case's own `seed`
 * and `level` override `--seed` and `--level`.
 */
function cardsAi(args: string[], stdin: string): CommandResult {
  const flags = parseFlags(args, ['seat', 'seed', 'playouts', 'level']);
  const seat = Number(flags.values.get('seat'));
  if (!flags.values.has('seat') || !Number.isInteger(seat) || seat < 0 || seat > 4)
    throw new InputError('cards ai needs --seat K (0 for the first seat), the seat whose view is on stdin');
  const playoutsText = flags.values.get('playouts');
  const playouts = playoutsText === undefined ? undefined : Number(playoutsText);
  if (playouts !== undefined && (!Number.isInteger(playouts) || playouts < 1 || playouts > 100_000))
    throw new InputError('--playouts is a whole number from 1 to 100000');
  return eachInput(stdin, (raw, where) => {
    const read = readSeatView(raw, seat, privateView);
    if (!read.ok) throw new InputError(`${where}${read.error}`);
    const caseSeed = (raw as { seed?: unknown }).seed;
    const seed = typeof caseSeed === 'string' || typeof caseSeed === 'number' ? caseSeed : flags.values.get('seed');
    const level = levelOf(raw, flags, where.trim());
    return { seat, action: cardAiAction(read.view, { seed, playouts, level }) };
  });
}

type RenderCards = (args: string[], stdin: string) => Promise<CommandResult>;

export async function cardsCommand(args: string[], stdin: string): Promise<CommandResult> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help')
    return { code: EXIT.unreadable, stdout: '', stderr: CARDS_USAGE };
  if (sub === 'render') {
    try {
      // Loaded on demand (the canvas is not needed by the other commands). A literal path, so the bundler
      // (scripts/dist.mjs) sees it and puts the renderer in a chunk of the compiled CLI.
      const mod = (await import('./cards-render.js')) as { renderCardsCommand: RenderCards };
      return await mod.renderCardsCommand(rest, stdin);
    } catch (e) {
      return {
        code: EXIT.failed,
        stdout: '',
        stderr: `cards render is not available (${e instanceof Error ? e.message.split('\n')[0] : String(e)})\n`,
      };
    }
  }
  return runCommand(() => {
    switch (sub) {
      case 'new':
        return cardsNew(rest);
      case 'apply':
        parseFlags(rest, []);
        return eachInput(stdin, cardsApply);
      case 'view': {
        const flags = parseFlags(rest, ['seat']);
        const seatText = flags.values.get('seat');
        const seat = seatText === undefined ? null : Number(seatText);
        if (seat !== null && (!Number.isInteger(seat) || seat < 0))
          throw new InputError('--seat is a seat number (0 for the first seat)');
        return eachInput(stdin, (raw, where) => {
          const state = readState(raw, where);
          if (seat !== null && seat >= state.settings.seats)
            throw new InputError(`--seat ${seat}: the game has seats 0 to ${state.settings.seats - 1}`);
          return seat === null ? publicView(state) : privateView(state, seat);
        });
      }
      case 'control':
        parseFlags(rest, []);
        return eachInput(stdin, cardsControl);
      case 'legal':
        parseFlags(rest, []);
        return eachInput(stdin, (raw, where) => legalActions(readState(raw, where)));
      case 'ai':
        return cardsAi(rest, stdin);
      default:
        throw new InputError(
          sub === undefined
            ? `cards needs a command: new, apply, view, control, legal, ai or render (cards --help)`
            : `unknown cards command "${sub}" (new, apply, view, control, legal, ai, render)`,
        );
    }
  });
}
