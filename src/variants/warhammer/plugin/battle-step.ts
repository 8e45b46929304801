/**
 * Warhammer's Decisive Battle phase as phase steps (seed "Decisive Battle Phase"; docs/rules/warhammer.md).
 *
 * A movement phase of a game whose `decisiveBattles` option is `gm` or `dice` does not resolve at its deadline in one
 * step. The game layer (src/game/phase/steps.ts) runs it through two steps of this plug-in, each moved on by its deadline,
 * `/gm advance`, or as soon as nobody is left to act:
 *
 * 1. movement deadline → **declarations** (`beforeClaim`): the provisional result (the plain adjudication) and its map
 *    are posted with the declarations it allows; seated powers get a DM; orders are closed; the deadline is the game's
 *    retreat duration. `/act action:declare` stores one secret declaration per battle commander (or a pass). If nobody
 *    seated may declare, the phase resolves at once as usual.
 * 2. declaration deadline (or every commander answered) → the declarations are grouped into battles (one per contested
 *    province, a unit and its supports one group) with their army sizes. None declared: the provisional result stands.
 *    `dice`: a roll weighted by army size decides each battle, shown in the channel, and the phase resolves. `gm`: the
 *    battles are posted and the step becomes **battles** with a new deadline.
 * 3. battle deadline (or every battle reported with `/gm act action:battle`) → the phase resolves with the reported
 *    winners; an unreported battle keeps the provisional result.
 *
 * Declarations are as secret as orders until the declaration deadline: only their author's ephemeral replies and DMs
 * show them; the status says who has answered, never what.
 */
import { adjudicate } from '../../../engine/index.js';
import type { DecisiveDeclaration } from '../../../engine/rules.js';
import type { Adjudication, BattleReport, Position, Power } from '../../../engine/types.js';
import type { Variant } from '../../../engine/variant.js';
import type {
  Handoff,
  LiveContext,
  PhaseStep,
  PluginContext,
  PluginFog,
  PluginLine,
  PluginMsg,
  PluginParam,
  VariantAction,
} from '../../plugin/index.js';
import { battleSeenBy, tellBySight } from './fog-views.js';
import { battleReports, groupBattles, rollBattle } from '../decisive-phase.js';
import { battleCommanders, commanderProblems, recordWins } from '../followers.js';
import { readState } from '../state.js';
import type { Battle, BattleStep, Declaration, WarhammerRecords } from './records.js';
import { bullet, leadParam, listMsg, wh } from './texts.js';

type Ctx = PluginContext<WarhammerRecords>;
type Live = LiveContext<WarhammerRecords>;

export type DecisiveMode = 'gm' | 'dice';

/** `gm` or `dice` when the game's movement phases have a Decisive Battle phase, else null. */
export function decisiveModeOf(variant: Variant, options: Readonly<Record<string, string>>): DecisiveMode | null {
  if (!variant.rules.decisive) return null;
  const spec = variant.rules.gameOptions?.decisiveBattles;
  const mode = options.decisiveBattles ?? spec?.default ?? 'off';
  return mode === 'gm' || mode === 'dice' ? mode : null;
}

/** The battle commanders of a power: itself, plus its Sepoys and Mercenaries (seed "Sepoys & Mercenaries"). */
export function commandersOf(position: Position, power: Power): Power[] {
  const commanders = battleCommanders(position, power);
  return commanders.length > 0 ? commanders : [power];
}

const declarationsOf = (ctx: Ctx, power?: Power): Declaration[] =>
  ctx.records
    .list('declaration')
    .map((r) => r.value)
    .filter((d) => power === undefined || d.power === power);

const battlesOf = (step: BattleStep): Battle[] => step.battles ?? [];

function placeName(variant: Variant, province: string): string {
  const name = variant.map.province(province)?.name;
  return name ? `${name} (${province})` : province;
}

/** `The Wasteland (wast)`, or several provinces joined when one battle decides them all. */
function battleName(variant: Variant, battle: Pick<Battle, 'provinces'>): string {
  return battle.provinces.map((p) => placeName(variant, p)).join(' + ');
}

/** `decisive move A wast → Altdorf (altd)` / `decisive hold F midd (Middenheim)` */
export function declarationText(variant: Variant, d: Pick<DecisiveDeclaration, 'unit' | 'kind' | 'province'>): string {
  return d.kind === 'move'
    ? `decisive move ${d.unit} → ${placeName(variant, d.province)}`
    : `decisive hold ${d.unit} (${variant.map.province(d.province)?.name ?? d.province})`;
}

/** `declarationText` as a message, in the reader's words (`mouvement décisif A wast → Altdorf (altd)`). */
export function declarationMsg(
  variant: Variant,
  d: Pick<DecisiveDeclaration, 'unit' | 'kind' | 'province'>,
): PluginMsg {
  return d.kind === 'move'
    ? wh('declaration.move', { unit: d.unit, place: placeName(variant, d.province) })
    : wh('declaration.hold', { unit: d.unit, place: variant.map.province(d.province)?.name ?? d.province });
}

/** The value a declaration is chosen by (`move A wast`, `hold F midd`). */
export const declarationKey = (d: Pick<DecisiveDeclaration, 'unit' | 'kind'>): string => `${d.kind} ${d.unit}`;

/** The outcomes key marking a battle whose losers the game master destroyed (Cataclysmic Battles). */
const destroyedKey = (battleId: string) => `${battleId}#destroyed`;

/** The re-adjudication's `battles`, from the outcomes (battle id → the winning side's leading unit). */
function reportsOf(battles: Battle[], outcomes: Record<string, string>): BattleReport[] {
  return battles.flatMap((b) =>
    outcomes[b.id] ? battleReports(b, outcomes[b.id]!, outcomes[destroyedKey(b.id)] === '1' ? true : undefined) : [],
  );
}

/** Battles won by a side whose declaration a follower commanded (seed: a Sepoy revolts after 3 won battles). */
function followerWins(ctx: Ctx, battles: Battle[], outcomes: Record<string, string>): Record<string, number> {
  const commander = new Map(
    declarationsOf(ctx)
      .filter((d) => d.unit !== null)
      .map((d) => [`${d.power}|${d.unit}`, d.commander]),
  );
  const wins: Record<string, number> = {};
  for (const b of battles) {
    const side = b.sides.find((s) => s.lead === outcomes[b.id]);
    const who = side ? commander.get(`${side.power}|${side.lead}`) : undefined;
    if (side && who && who !== side.power) wins[who] = (wins[who] ?? 0) + 1;
  }
  return wins;
}

/** What the adjudication gets: the battles' outcomes, and the battles followers won on the board that follows. */
function handoff(ctx: Ctx, battles: Battle[], outcomes: Record<string, string>): Handoff {
  const wins = followerWins(ctx, battles, outcomes);
  return {
    battles: reportsOf(battles, outcomes),
    ...(Object.keys(wins).length > 0 ? { nextPosition: (position: Position) => recordWins(position, wins) } : {}),
  };
}

/** Which commander each power sent to each battle (power → battle id → commander), from the declarations. */
function assignments(ctx: Ctx, battles: Battle[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const d of declarationsOf(ctx)) {
    if (!d.unit) continue;
    const battle = battles.find((b) => declaredIn(b, d));
    if (battle) (out[d.power] ??= {})[battle.id] = d.commander;
  }
  return out;
}

/** Whether `battle` is one `d.power` declared with its unit `d.unit` (a pass, no unit, is in none). */
function declaredIn(battle: Battle, d: { power: Power; unit: string | null }): boolean {
  return battle.declarations.some((x) => x.power === d.power && x.unit === d.unit);
}

/**
 * Readable lines about a master's commanders who were given no battle (seed: "the player controlling the Sepoy
 * MUST give him a decisive battle each turn"). `assignment`: power → (battle id → commander).
 */
function sepoyDuties(position: Position, assignment: Record<string, Record<string, string>>): Duty[] {
  const masters = new Set(Object.values(readState(position).followers).map((f) => f.master));
  return [...masters].sort().flatMap((master) =>
    commanderProblems(position, master, assignment[master] ?? {}).map((p) => ({
      master,
      line: dutyMsg(master, p),
    })),
  );
}

/** A Sepoy duty not met, and the master who did not meet it. */
interface Duty {
  master: Power;
  line: PluginMsg;
}

/** The sentences of `commanderProblems` (src/variants/warhammer/followers.ts) as messages. */
const DUTIES: [RegExp, (master: string, m: RegExpMatchArray) => PluginMsg][] = [
  [
    /^(.+) must give its Sepoy (.+) a decisive battle this turn$/,
    (master, m) => wh('duty.sepoy', { master, sepoy: m[2]! }),
  ],
  [
    /^(.+)'s battle commanders are not assigned as equally as possible \((.+)\)$/,
    (master, m) => wh('duty.unequal', { master, counts: m[2]! }),
  ],
  [
    /^(.+) is not a battle commander of (.+) \(battle (.+)\)$/,
    (master, m) => wh('duty.unknown', { master, commander: m[1]!, battle: m[3]! }),
  ],
];

function dutyMsg(master: string, problem: string): PluginMsg {
  for (const [pattern, make] of DUTIES) {
    const m = problem.match(pattern);
    if (m) return make(master, m);
  }
  return bullet(`${master}: ${problem}`);
}

/**
 * The Sepoy duties not met this turn, recorded in the channel; in a fog game told to each master alone (and the game
 * master), as they name the battles a master gave.
 */
function dutiesLines(ctx: Live, duties: Duty[]): PluginMsg[] {
  if (duties.length === 0) return [];
  if (!ctx.fog) return [wh('duties.head'), ...duties.map((d) => d.line)];
  const lines = duties.map((d) => ({ line: d.line, seenBy: (power: Power) => power === d.master }));
  tellBySight(ctx, { key: 'duties', head: () => wh('duties.head'), gmHead: wh('duties.head'), lines });
  return [];
}

/**
 * `Empire A altd (declared) with A nuln: Empire 1,500 pts` — one side of a battle, its units and armies; a side whose
 * declaration a Sepoy or Mercenary commands names it (`Empire A altd (declared, led by its Sepoy Wood Elves): …`; seed
 * "Sepoys & Mercenaries": the master gives the Sepoy its battle). `ledBy`: `power|unit` → the commander who declared.
 */
function sideMsg(
  battle: Battle,
  side: Battle['sides'][number],
  ledBy: Map<string, { commander: Power; role?: string }>,
  range: PluginParam,
): PluginMsg {
  const leader = ledBy.get(`${side.power}|${side.lead}`);
  const declared = !declaredIn(battle, { power: side.power, unit: side.lead })
    ? 'no'
    : leader && leader.commander !== side.power
      ? leader.role === 'mercenary'
        ? 'mercenary'
        : 'sepoy'
      : 'self';
  const others = side.units.filter((u) => u !== side.lead);
  const armies = side.armies.map((a) => wh('battles.army', { power: a.power, points: a.points }));
  return wh('battles.side', {
    power: side.power,
    lead: leadParam(side),
    declared,
    commander: leader?.commander ?? '',
    units: others.length > 0 ? others.join(', ') : 'none',
    armies: listMsg(armies, 'battles.armies'),
    range,
  });
}

function battlesLines(ctx: Ctx, battles: Battle[], opts: { dice?: boolean; deadline?: number }): PluginMsg[] {
  const blocks = battles.flatMap((b) => battleBlock(ctx, b, opts));
  return [wh('battles.title', { phase: ctx.phase.name, count: battles.length }), ...blocks, ...battlesTail(ctx, opts)];
}

/** What follows the battles: the final results (a roll decided them), or the game master's report deadline. */
function battlesTail(ctx: Ctx, opts: { dice?: boolean; deadline?: number }): PluginMsg[] {
  if (opts.dice) return [wh('final')];
  if (opts.deadline === undefined) return [];
  return [wh('battles.report', { date: ctx.time(opts.deadline, 'f'), relative: ctx.time(opts.deadline, 'R') })];
}

/**
 * One battle: its name, each side with its armies (and its roll range in `dice` mode), the roll that decided it. A
 * battle of one side (the unit it bounced off moved away: docs/rules/warhammer.md) is won unopposed: no range, no roll.
 */
function battleBlock(ctx: Ctx, b: Battle, opts: { dice?: boolean }): PluginMsg[] {
  const unopposed = b.sides.length === 1;
  const lines: PluginMsg[] = [];
  const followers = readState(ctx.phase.position).followers;
  const ledBy = new Map(
    declarationsOf(ctx)
      .filter((d) => d.unit !== null)
      .map((d) => [
        `${d.power}|${d.unit}`,
        { commander: d.commander, ...(followers[d.commander] ? { role: followers[d.commander]!.role } : {}) },
      ]),
  );
  lines.push(wh('battles.name', { battle: battleName(ctx.variant, b) }));
  let from = 1;
  for (const side of b.sides) {
    const range = opts.dice && !unopposed ? wh('battles.range', { from, to: from + side.points - 1 }) : '';
    from += side.points;
    lines.push(sideMsg(b, side, ledBy, range));
  }
  const won = b.roll ? b.sides.find((s) => s.lead === b.roll!.lead) : undefined;
  if (unopposed) lines.push(wh('battles.unopposed', { power: b.sides[0]!.power, lead: leadParam(b.sides[0]!) }));
  else if (opts.dice && b.roll && won)
    lines.push(
      wh('battles.rolled', { value: b.roll.value, total: b.roll.total, power: won.power, lead: leadParam(won) }),
    );
  return lines;
}

/** The battle commanders who declared for a side of `battle` (a Sepoy or Mercenary leading its master's unit). */
function commandersIn(ctx: Ctx, battle: Battle): Power[] {
  return declarationsOf(ctx)
    .filter((d) => declaredIn(battle, d))
    .map((d) => d.commander);
}

/**
 * The battles in a fog game (docs/rules/warhammer.md "Warhammer under fog of war"): each seated power is told by DM the
 * battles it fights, commands or sees; the channel, that the declarations are closed and what follows.
 */
function battlesInFog(
  ctx: Live,
  fog: PluginFog,
  battles: Battle[],
  opts: { dice?: boolean; deadline?: number },
): PluginMsg[] {
  tellBySight(ctx, {
    key: 'battles',
    head: (power) => wh('fog.battles.dm', { phase: ctx.phase.name, channel: ctx.channel, power }),
    gmHead: wh('battles.title', { phase: ctx.phase.name, count: battles.length }),
    lines: battles.flatMap((b) => {
      const seenBy = battleSeenBy(fog, b, commandersIn(ctx, b));
      return battleBlock(ctx, b, opts).map((line) => ({ line, seenBy }));
    }),
  });
  return [wh('fog.battles.public', { phase: ctx.phase.name }), ...battlesTail(ctx, opts)];
}

function provisionalLines(
  ctx: Ctx,
  provisional: Adjudication,
  allowed: DecisiveDeclaration[],
  deadline: number,
  mode: DecisiveMode,
): PluginLine[] {
  const byPower = new Map<string, DecisiveDeclaration[]>();
  for (const d of allowed) byPower.set(d.power, [...(byPower.get(d.power) ?? []), d]);
  const lines: PluginLine[] = [
    wh('provisional.title', { phase: ctx.phase.name }),
    ...ctx.resultsLines(provisional),
    '',
    wh('provisional.phase', { relative: ctx.time(deadline, 'R'), date: ctx.time(deadline, 'f') }),
    wh('provisional.how', { mode }),
    wh('provisional.possible'),
  ];
  for (const power of ctx.variant.powers.map((p) => p.name).filter((p) => byPower.has(p))) {
    const declarations = byPower.get(power)!.map((d) => declarationMsg(ctx.variant, d));
    lines.push(wh('provisional.power', { power, declarations: listMsg(declarations) }));
  }
  return lines;
}

/**
 * The provisional results in a fog game (docs/rules/warhammer.md "Warhammer under fog of war"): each seated power gets
 * by DM the provisional results as it sees them (its possible declarations follow in its own DM); the channel, the
 * Decisive Battle phase's deadline and the powers that may declare; the game master who plays no power, the whole post.
 */
function provisionalInFog(
  ctx: Live,
  fog: PluginFog,
  provisional: Adjudication,
  allowed: DecisiveDeclaration[],
  deadline: number,
  mode: DecisiveMode,
): PluginLine[] {
  const orders = ctx.orders();
  for (const seat of ctx.seats) {
    const seen = fog.resultsSeen(seat.power, provisional, orders);
    const head = wh('fog.provisional.dm', { phase: ctx.phase.name, channel: ctx.channel, power: seat.power });
    ctx.dm(seat.power, [head, ...(seen.length > 0 ? seen : [wh('fog.nothingSeen')])], {
      key: 'provisional',
      view: true,
    });
  }
  ctx.dmGameMaster(provisionalLines(ctx, provisional, allowed, deadline, mode), { key: 'provisional' });
  const declaring = ctx.variant.powers.map((p) => p.name).filter((p) => allowed.some((d) => d.power === p));
  return [
    wh('provisional.title', { phase: ctx.phase.name }),
    wh('provisional.phase', { relative: ctx.time(deadline, 'R'), date: ctx.time(deadline, 'f') }),
    wh('provisional.how', { mode }),
    wh('fog.provisional.public', { powers: listMsg(declaring) }),
  ];
}

/** At the movement deadline: the Decisive Battle phase opens when a seated power may declare. */
export function openDeclarations(ctx: Live): { open: string; deadline: number } | null {
  if (ctx.phase.phase.type !== 'movement') return null;
  const mode = decisiveModeOf(ctx.variant, ctx.game.options);
  if (!mode) return null;
  const orders = ctx.orders();
  const seated = ctx.seats.map((s) => s.power);
  const { variant } = ctx;
  const position = ctx.phase.position;
  const provisional = adjudicate(variant, position, orders, { players: seated });
  const allowed = (
    variant.rules.decisive?.({
      map: variant.map,
      position,
      orders,
      adjudication: provisional,
      options: { ...ctx.game.options },
    }) ?? []
  ).filter((d) => seated.includes(d.power));
  // Powers in civil disorder declare nothing; with nobody seated able to declare, the phase resolves as usual.
  if (allowed.length === 0) return null;
  const deadline = ctx.now + ctx.game.durations.retreat;
  ctx.records.put('battle-step', {
    mode,
    provisional,
    allowed,
    battles: null,
    outcomes: null,
    declarationDeadlineMs: deadline,
    battleDeadlineMs: null,
  });
  if (ctx.fog) ctx.post(provisionalInFog(ctx, ctx.fog, provisional, allowed, deadline, mode), { key: 'provisional' });
  else
    ctx.post(provisionalLines(ctx, provisional, allowed, deadline, mode), {
      key: 'provisional',
      picture: 'provisional',
    });
  for (const power of [...new Set(allowed.map((d) => d.power))]) {
    const mine = allowed.filter((d) => d.power === power);
    const commanders = commandersOf(position, power);
    const open = wh('dm.open', {
      phase: ctx.phase.name,
      channel: ctx.channel,
      power,
      count: commanders.length,
      commanders: commanders.join(', '),
      date: ctx.time(deadline, 'f'),
      relative: ctx.time(deadline, 'R'),
    });
    ctx.dm(power, [open, ...mine.map((d) => bullet(declarationMsg(variant, d)))], { key: 'open' });
  }
  ctx.audit('decisive_declaring', { phaseId: ctx.phase.id, deadline });
  return { open: 'declarations', deadline };
}

/** The battle commanders of a power that have not declared (nor passed) yet. */
function commandersStillToAnswer(ctx: Ctx, power: Power): Power[] {
  const answered = new Set(declarationsOf(ctx, power).map((d) => d.commander));
  return commandersOf(ctx.phase.position, power).filter((c) => !answered.has(c));
}

/** Powers that may declare, each with whether it has answered for every battle commander. */
function answers(ctx: Ctx): { power: Power; answered: boolean }[] {
  const step = ctx.records.get('battle-step');
  const powers = [...new Set((step?.allowed ?? []).map((d) => d.power))];
  return powers.map((power) => ({
    power,
    answered: declarationsOf(ctx, power).length >= commandersOf(ctx.phase.position, power).length,
  }));
}

export const declarationsStep: PhaseStep<WarhammerRecords> = {
  at: 'claim',
  progress: (ctx) => ({ powers: answers(ctx) }),
  statusLine: () => wh('status.declarations'),
  labels: { answered: wh('status.answered'), waiting: wh('status.mayDeclare') },
  closedOrders: wh('closed.declarations'),
  readyRefusal: wh('ready.declarations'),
  // the pad declares with its action's button, not with `/act` (docs/pad.md "Kinds and flows")
  onPad: { closedOrders: wh('closed.declarations.pad'), readyRefusal: wh('ready.declarations.pad') },
  reminder(ctx, power, deadline) {
    const answered = declarationsOf(ctx, power).length;
    const commanders = commandersOf(ctx.phase.position, power).length;
    return wh('reminder', {
      power,
      commanders,
      open: commanders - answered,
      phase: ctx.phase.name,
      channel: ctx.channel,
      relative: ctx.time(deadline, 'R'),
    });
  },
  advance: { notice: wh('advance.declarations') },
  // A computer player declares for each of its battle commanders still to answer (src/ai/declare.ts: the battles
  // worth fighting, best first), and passes for the rest, through `/act action:declare` like a person.
  computer: {
    ask(ctx, power) {
      const step = ctx.records.get('battle-step');
      const open = commandersStillToAnswer(ctx, power);
      if (!step || open.length === 0 || mine(ctx, power).length === 0) return null;
      // In a fog game the seat is handed what its player sees: the orders in its sight, its own declarations.
      return ctx.fog
        ? {
            kind: 'declare',
            orders: ctx.fog.ordersSeen(power, ctx.orders()),
            offered: mine(ctx, power),
            count: open.length,
          }
        : { kind: 'declare', orders: ctx.orders(), offered: step.allowed, count: open.length };
    },
    answer(ctx, power, answer) {
      const chosen = answer.kind === 'declare' ? answer.declarations.filter((d) => d.power === power) : [];
      return commandersStillToAnswer(ctx, power).map((commander, i) => ({
        action: 'declare',
        values: { choice: chosen[i] ? declarationKey(chosen[i]) : 'none', detail: commander },
      }));
    },
  },
  close(ctx) {
    const step = ctx.records.get('battle-step')!;
    const declared = declarationsOf(ctx).filter((d) => d.unit !== null);
    const chosen = declared
      .map((row) => step.allowed.find((a) => a.power === row.power && a.unit === row.unit && a.kind === row.kind))
      .filter((d): d is DecisiveDeclaration => d !== undefined);
    const orders = ctx.orders();
    const battles: Battle[] = groupBattles(ctx.variant, ctx.phase.position, orders, chosen, {
      options: { ...ctx.game.options },
    }).battles;
    if (battles.length === 0) {
      ctx.records.put('battle-step', { ...step, battles: [], outcomes: {} });
      const duties = dutiesLines(ctx, sepoyDuties(ctx.phase.position, {}));
      // In a fog game the channel is told the same whether battles were declared or not (they may be out of sight).
      const head = ctx.fog
        ? wh('fog.battles.public', { phase: ctx.phase.name })
        : wh('none', { phase: ctx.phase.name });
      ctx.post([head, ...duties, wh('final')], { key: 'none' });
      return { adjudicate: {} };
    }
    const duties = dutiesLines(ctx, sepoyDuties(ctx.phase.position, assignments(ctx, battles)));
    const posted = (opts: { dice?: boolean; deadline?: number }) =>
      ctx.fog ? battlesInFog(ctx, ctx.fog, battles, opts) : battlesLines(ctx, battles, opts);
    if (step.mode === 'dice') {
      const outcomes: Record<string, string> = {};
      for (const battle of battles) {
        // Seeded by the phase's step token: the same battles always roll the same, whoever closes the step.
        const r = rollBattle(battle, ctx.token);
        battle.roll = { value: r.roll, total: r.total, lead: r.winner.lead };
        outcomes[battle.id] = r.winner.lead;
      }
      ctx.records.put('battle-step', { ...step, battles, outcomes });
      ctx.post([...posted({ dice: true }), ...duties], { key: 'battles' });
      return { adjudicate: handoff(ctx, battles, outcomes) };
    }
    // A battle of one side is won unopposed: nothing for the game master to report (docs/rules/warhammer.md).
    const unopposed = Object.fromEntries(
      battles.filter((b) => b.sides.length === 1).map((b) => [b.id, b.sides[0]!.lead]),
    );
    if (Object.keys(unopposed).length === battles.length) {
      ctx.records.put('battle-step', { ...step, battles, outcomes: unopposed });
      ctx.post([...posted({}), wh('final'), ...duties], { key: 'battles' });
      return { adjudicate: handoff(ctx, battles, unopposed) };
    }
    const deadline = ctx.now + ctx.game.durations.retreat;
    ctx.records.put('battle-step', { ...step, battles, outcomes: unopposed, battleDeadlineMs: deadline });
    ctx.post([...posted({ deadline }), ...duties], { key: 'battles' });
    ctx.audit('decisive_battles', { phaseId: ctx.phase.id, battles: battles.length, deadline });
    return { open: 'battles', deadline };
  },
};

/**
 * The battles a resolved phase's step handed its adjudication, from its record (what `handoff` gave: each reported
 * battle's winner; an unreported one none, as its provisional result stood). The game's file writes them.
 */
export function keptBattles(records: Pick<Ctx['records'], 'get'>): BattleReport[] {
  const step = records.get('battle-step');
  return step ? reportsOf(battlesOf(step), step.outcomes ?? {}) : [];
}

const unreported = (step: BattleStep | undefined): Battle[] =>
  step ? battlesOf(step).filter((b) => !step.outcomes?.[b.id]) : [];

export const battlesStep: PhaseStep<WarhammerRecords> = {
  at: 'claim',
  progress: (ctx) => ({ powers: [], gameMaster: unreported(ctx.records.get('battle-step')).length > 0 }),
  // How many battles there are is no public fact in a fog game (docs/rules/warhammer.md "Warhammer under fog of war").
  statusLine: (ctx) =>
    ctx.fog
      ? wh('fog.status.battles')
      : wh('status.battles', { count: unreported(ctx.records.get('battle-step')).length }),
  closedOrders: wh('closed.battles'),
  readyRefusal: wh('ready.battles'),
  advance: { notice: wh('advance.battles') },
  close(ctx) {
    const step = ctx.records.get('battle-step')!;
    const battles = battlesOf(step);
    const outcomes = step.outcomes ?? {};
    const lines = battles.map((b) => outcomeMsg(ctx, b, outcomes));
    const title = wh('outcomes.title', { phase: ctx.phase.name });
    if (ctx.fog) {
      const fog = ctx.fog;
      tellBySight(ctx, {
        key: 'outcomes',
        head: (power) => wh('fog.outcomes.dm', { phase: ctx.phase.name, channel: ctx.channel, power }),
        gmHead: title,
        lines: battles.map((b, i) => ({ line: lines[i]!, seenBy: battleSeenBy(fog, b, commandersIn(ctx, b)) })),
      });
      ctx.post([wh('fog.outcomes.public', { phase: ctx.phase.name }), wh('final')], { key: 'outcomes' });
    } else ctx.post([title, ...lines, wh('final')], { key: 'outcomes' });
    return { adjudicate: handoff(ctx, battles, outcomes) };
  },
};

/** A battle's outcome line: who won it, or that nobody reported it. */
function outcomeMsg(ctx: Ctx, b: Battle, outcomes: Record<string, string>): PluginMsg {
  const side = b.sides.find((s) => s.lead === outcomes[b.id]);
  const battle = battleName(ctx.variant, b);
  const destroyed = outcomes[destroyedKey(b.id)] === '1' ? 'yes' : 'no';
  return side
    ? wh('outcomes.won', { battle, power: side.power, lead: leadParam(side), destroyed })
    : wh('outcomes.unreported', { battle });
}

// ---- /act action:declare ----

function mine(ctx: Ctx, power: Power): DecisiveDeclaration[] {
  return (ctx.records.get('battle-step')?.allowed ?? []).filter((d) => d.power === power);
}

export const declareAction: VariantAction<WarhammerRecords> = {
  name: 'declare',
  title: wh('action.declare.title'),
  description: wh('action.declare.description'),
  by: 'player',
  choice: { label: wh('action.declare.choice'), required: true },
  detail: { label: wh('action.declare.detail'), required: false },
  available(ctx, caller) {
    if (ctx.step?.name !== 'declarations')
      return ctx.step?.name === 'battles' ? wh('act.declare.closed') : wh('act.declare.none');
    if (ctx.game.deadline !== null && ctx.now >= ctx.game.deadline) return wh('act.declare.passed');
    if (mine(ctx, caller.power!).length === 0) return wh('act.declare.nothing', { power: caller.power! });
    return true;
  },
  choices(ctx, caller, slot) {
    if (slot === 'detail') return commandersOf(ctx.phase.position, caller.power!).map((c) => ({ name: c, value: c }));
    return [
      ...mine(ctx, caller.power!).map((d) => ({ name: declarationMsg(ctx.variant, d), value: declarationKey(d) })),
      { name: wh('choice.none'), value: 'none' },
    ];
  },
  run(ctx, caller, values) {
    const power = caller.power!;
    const commanders = commandersOf(ctx.phase.position, power);
    const commander = commanders.find((c) => c.toLowerCase() === (values.detail ?? power).toLowerCase());
    if (!commander) {
      const error = wh('act.declare.notCommander', {
        typed: values.detail ?? '',
        power,
        commanders: commanders.join(', '),
      });
      return { ok: false, error };
    }
    const allowed = mine(ctx, power);
    const typed = (values.choice ?? '').toLowerCase().replace(/\s+/g, ' ');
    const pass = typed === 'none' || typed === 'pass';
    const chosen = pass
      ? null
      : allowed.find(
          (d) =>
            declarationKey(d).toLowerCase() === typed ||
            d.unit.toLowerCase() === typed ||
            declarationText(ctx.variant, d).toLowerCase() === typed,
        );
    if (!pass && !chosen) {
      const possible = allowed.map((d) => `\`${declarationKey(d)}\``).join(', ');
      const typed = (values.choice ?? '').slice(0, 60);
      return { ok: false, error: wh('act.declare.notAllowed', { typed, power, possible }) };
    }
    if (chosen && declarationsOf(ctx, power).some((d) => d.commander !== commander && d.unit === chosen.unit))
      return { ok: false, error: wh('act.declare.taken', { unit: chosen.unit }) };
    ctx.records.put(
      'declaration',
      {
        power,
        commander,
        unit: chosen?.unit ?? null,
        kind: chosen?.kind ?? null,
        province: chosen?.province ?? null,
        submittedAt: ctx.now,
      },
      `${power}|${commander}`,
    );
    ctx.audit('declare');
    ctx.dm(power, confirmationLines(ctx, power, commanders.length > 1), { key: 'confirm' });
    const stored = storedDeclarations(ctx, power, commanders.length > 1);
    const all = stored.length > 1 ? wh('act.declare.all', { list: listMsg(stored) }) : '';
    return {
      ok: true,
      reply: chosen
        ? wh('act.declare.stored', { commander, declaration: declarationMsg(ctx.variant, chosen), all })
        : wh('act.declare.storedPass', { commander, all }),
      whenOpen: wh('act.declare.whenOpen'),
      whenClosed: wh('act.declare.whenClosed'),
      whenHidden: wh('act.declare.whenHidden'),
    };
  },
};

/** A power's declarations as stored, each with its commander when it has several (`Wood Elves: passes`). */
function storedDeclarations(ctx: Ctx, power: Power, several: boolean): PluginMsg[] {
  return declarationsOf(ctx, power).map((d) => {
    const what = d.unit
      ? declarationMsg(ctx.variant, { unit: d.unit, kind: d.kind!, province: d.province! })
      : wh('dm.confirm.pass');
    return several ? wh('dm.confirm.commander', { commander: d.commander, what }) : what;
  });
}

/** The DM that confirms a power's declarations as stored. */
function confirmationLines(ctx: Live, power: Power, several: boolean): PluginMsg[] {
  return [
    wh('dm.confirm.head', { power, phase: ctx.phase.name, channel: ctx.channel }),
    ...storedDeclarations(ctx, power, several).map(bullet),
    wh('dm.confirm.until', { date: ctx.time(ctx.game.deadline ?? ctx.now, 'f') }),
  ];
}

// ---- /gm act action:battle ----

const DESTROYED = /,?\s*(the\s+)?(losers\s+)?destroyed$/i;

export const battleAction: VariantAction<WarhammerRecords> = {
  name: 'battle',
  title: wh('action.battle.title'),
  description: wh('action.battle.description'),
  by: 'gm',
  choice: { label: wh('action.battle.choice'), required: true },
  detail: { label: wh('action.battle.detail'), required: true },
  available(ctx) {
    if (ctx.step?.name === 'battles') return true;
    return ctx.step?.name === 'declarations' ? wh('act.battle.declaring') : wh('act.battle.none');
  },
  choices(ctx, _caller, slot, values) {
    const step = ctx.records.get('battle-step');
    const battles = step ? battlesOf(step) : [];
    const outcomes = step?.outcomes ?? {};
    if (slot === 'choice') {
      return battles.map((b) => {
        const sides = listMsg([...new Set(b.sides.map((s) => s.power))], 'choice.vs');
        const winner = b.sides.find((s) => s.lead === outcomes[b.id])?.power;
        const battle = battleName(ctx.variant, b);
        return {
          name: winner
            ? wh('choice.battle.reported', { battle, sides, winner })
            : wh('choice.battle', { battle, sides }),
          value: b.id,
        };
      });
    }
    const where = (values.choice ?? '').toLowerCase();
    const sides = [
      ...new Set(battles.filter((b) => where === '' || b.id === where).flatMap((b) => b.sides.map((s) => s.power))),
    ];
    const cataclysm = (ctx.game.options.cataclysmicBattles ?? 'off') === 'on';
    return sides.flatMap((p) => [
      { name: p, value: p },
      ...(cataclysm ? [{ name: wh('choice.destroyed', { power: p }), value: `${p}, losers destroyed` }] : []),
    ]);
  },
  run(ctx, _caller, values) {
    const step = ctx.records.get('battle-step')!;
    const battles = battlesOf(step);
    const typed = (values.choice ?? '').toLowerCase();
    const battle = battles.find(
      (b) =>
        b.id === typed ||
        b.provinces.some((p) => p === typed || ctx.variant.map.province(p)?.name.toLowerCase() === typed),
    );
    if (!battle) {
      const all = battles.map((b) => battleName(ctx.variant, b)).join(', ');
      return { ok: false, error: wh('act.battle.where', { typed: (values.choice ?? '').slice(0, 60), battles: all }) };
    }
    // Seed, Cataclysmic Battles: "the game master may mark a loser destroyed" (gm mode, the option on).
    const rawWinner = values.detail ?? '';
    const destroyed = DESTROYED.test(rawWinner);
    const winnerTyped = rawWinner.replace(DESTROYED, '').trim().toLowerCase();
    // By power, or by the side's leading unit when one power fights on several sides.
    const byPower = battle.sides.filter((s) => s.power.toLowerCase() === winnerTyped);
    const side = byPower.length === 1 ? byPower[0] : battle.sides.find((s) => s.lead.toLowerCase() === winnerTyped);
    if (!side) {
      const error = wh('act.battle.notSide', {
        typed: rawWinner.slice(0, 60),
        several: byPower.length > 1 ? 'yes' : 'no',
        battle: battleName(ctx.variant, battle),
        sides: battle.sides.map((s) => `${s.power} (${s.lead})`).join(', '),
      });
      return { ok: false, error };
    }
    if (destroyed && (ctx.game.options.cataclysmicBattles ?? 'off') !== 'on')
      return { ok: false, error: wh('act.battle.noCataclysm') };
    const outcomes: Record<string, string> = { ...(step.outcomes ?? {}), [battle.id]: side.lead };
    if (destroyed) outcomes[destroyedKey(battle.id)] = '1';
    else delete outcomes[destroyedKey(battle.id)];
    ctx.records.put('battle-step', { ...step, outcomes });
    ctx.audit('gm_battle', { phaseId: ctx.phase.id, battle: battle.id, winner: side.lead, destroyed });
    const remaining = battles.filter((b) => !outcomes[b.id]).map((b) => battleName(ctx.variant, b));
    const battleAt = battleName(ctx.variant, battle);
    return {
      ok: true,
      reply: wh('act.battle.recorded', { power: side.power, battle: battleAt, destroyed: destroyed ? 'yes' : 'no' }),
      whenOpen: wh('act.battle.whenOpen', { remaining: remaining.join(', ') }),
      whenClosed: wh('act.battle.whenClosed'),
    };
  },
};

/** `/why` about a province where a decisive battle decided the phase: who won, and how. */
export function battleWhyLines(ctx: Ctx, province: string): PluginMsg[] {
  const step = ctx.records.get('battle-step');
  if (!step) return [];
  const outcomes = step.outcomes ?? {};
  return battlesOf(step)
    .filter((b) => b.provinces.includes(province))
    .map((b) => {
      const side = b.sides.find((s) => s.lead === outcomes[b.id]);
      const battle = battleName(ctx.variant, b);
      if (!side) return wh('why.unreported', { battle });
      return wh('why.won', {
        battle,
        power: side.power,
        lead: leadParam(side),
        how: b.roll ? 'roll' : 'report',
        value: b.roll?.value ?? 0,
        total: b.roll?.total ?? 0,
      });
    });
}

/** The picture of the provisional post: the phase's orders with the provisional result. */
export function provisionalPicture(
  records: PluginContext<WarhammerRecords>['records'] | Pick<PluginContext<WarhammerRecords>['records'], 'get'>,
) {
  const step = records.get('battle-step');
  return step
    ? { orders: true, adjudication: step.provisional, title: wh('picture.provisional'), file: 'provisional' }
    : null;
}
