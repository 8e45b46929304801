/**
 * Warhammer's Dogs of War choice before the first Spring as a start choice (seed "Dogs of War": "A Dog of
 * War player gets one center at the start. You may choose a center in Tilea or Estelia. Also choose a fleet or an
 * army.").
 *
 * When a game starts with a Dogs of War seat taken, the first phase opens with the `muster` step (the game's
 * adjustment duration): each Dogs of War player picks a city of their country and a unit type with
 * `/act action:muster`, privately (ephemeral reply, DM confirmation). When every choice is in, or at the step's
 * deadline (an unchosen seat takes its first city with an army), the step places all the units at once on the first
 * phase's board (src/variants/warhammer/dogs-of-war.ts), the board is posted and the Spring deadline starts. Other
 * players may write their Spring orders meanwhile.
 */
import type { Position, UnitType } from '../../../engine/types.js';
import type { Variant } from '../../../engine/variant.js';
import type {
  LiveContext,
  PhaseStep,
  PluginContext,
  PluginFog,
  PluginLine,
  PluginMsg,
  VariantAction,
} from '../../plugin/index.js';
import { placementSeenBy, tellBySight } from './fog-views.js';
import { applyDogsOfWarChoice, dogsOfWarChoices } from '../variant.js';
import type { WarhammerRecords } from './records.js';
import { unitTypeOfWord } from '../../order-words.js';
import { listMsg, unitChoice, unknownUnit, wh } from './texts.js';

type Ctx = PluginContext<WarhammerRecords>;
type Live = LiveContext<WarhammerRecords>;
type Choice = ReturnType<typeof dogsOfWarChoices>[number];

const UNIT_NAME: Record<UnitType, string> = { A: 'army', F: 'fleet' };

function placeName(variant: Variant, province: string): string {
  return `${variant.map.province(province)?.name ?? province} (${province})`;
}

/** A Dogs of War seat's cities, each with the unit types it allows (`Remas (rema): army or fleet; …`). */
function optionsMsg(variant: Variant, choice: Choice) {
  return listMsg(
    choice.cities.map((c) => wh('muster.option', { place: placeName(variant, c), types: choice.types[c]!.join('') })),
  );
}

/** At `/game start`: the choice opens when Dogs of War seats are taken. */
export function openMuster(ctx: Live): { open: string; deadline: number; announce: PluginLine } | null {
  const choices = dogsOfWarChoices(
    ctx.phase.position,
    ctx.seats.map((s) => s.power),
  );
  if (choices.length === 0) return null;
  const deadline = ctx.now + ctx.game.durations.adjustment;
  for (const c of choices) ctx.records.put('muster-choice', { city: null, unitType: null, appliedAt: null }, c.power);
  for (const c of choices) {
    const dm = wh('muster.dm', {
      phase: ctx.phase.name,
      power: c.power,
      channel: ctx.channel,
      date: ctx.time(deadline, 'f'),
      relative: ctx.time(deadline, 'R'),
      options: optionsMsg(ctx.variant, c),
      default: placeName(ctx.variant, c.cities[0]!),
    });
    ctx.dm(c.power, dm, { key: 'muster' });
  }
  return {
    open: 'muster',
    deadline,
    announce: wh('muster.announce', { relative: ctx.time(deadline, 'R'), phase: ctx.phase.name }),
  };
}

const pending = (ctx: Ctx) => ctx.records.list('muster-choice').filter((r) => r.value.appliedAt === null);

export const musterStep: PhaseStep<WarhammerRecords> = {
  at: 'start',
  progress: (ctx) => ({ powers: pending(ctx).map((r) => ({ power: r.key, answered: r.value.city !== null })) }),
  statusLine: () => wh('status.muster'),
  advance: { notice: wh('advance.muster') },
  // A computer player in a Dogs of War seat picks its city and unit (src/ai/start.ts), through `/act action:muster`.
  computer: {
    ask(ctx, power) {
      const choice = choiceOf(ctx, power);
      return choice
        ? { kind: 'start', choices: choice.cities.map((c) => ({ province: c, types: [...choice.types[c]!] })) }
        : null;
    },
    answer: (_ctx, _power, answer) =>
      answer.kind === 'start' && answer.choice
        ? [{ action: 'muster', values: { choice: answer.choice.province, detail: UNIT_NAME[answer.choice.type] } }]
        : [],
  },
  close(ctx) {
    let position: Position = ctx.phase.position;
    const rows = pending(ctx).sort((a, b) => a.key.localeCompare(b.key));
    const open = dogsOfWarChoices(
      position,
      rows.map((r) => r.key),
    );
    const placed: { line: PluginMsg; power: string; city: string }[] = [];
    for (const row of rows) {
      ctx.records.put('muster-choice', { ...row.value, appliedAt: ctx.now }, row.key);
      const choice = open.find((c) => c.power === row.key);
      if (!choice) continue;
      const city = row.value.city ?? choice.cities[0]!;
      const type: UnitType = row.value.unitType ?? 'A';
      const applied = applyDogsOfWarChoice(position, { power: row.key, city, type });
      if (!applied.ok) throw new Error(`Dogs of War choice of ${row.key}: ${applied.error}`);
      position = applied.position;
      const chosen = row.value.city ? 'yes' : 'no';
      const line = wh('muster.placed', { power: row.key, unit: type, place: placeName(ctx.variant, city), chosen });
      placed.push({ line, power: row.key, city });
    }
    ctx.audit('dogs_of_war_placed', { phaseId: ctx.phase.id });
    if (ctx.fog) return { beginOrders: { position, announce: musteredInFog(ctx, ctx.fog, placed, position) } };
    return {
      beginOrders: {
        position,
        announce: [wh('muster.placed.head'), ...placed.map((p) => p.line)],
      },
    };
  },
};

/**
 * The muster in a fog game (docs/rules/warhammer.md "Warhammer under fog of war"): the channel learns which Dogs of War
 * mustered; each seated power learns by DM the units placed in its sight (its own always), with the map of its view of
 * the new board.
 */
function musteredInFog(
  ctx: Live,
  fog: PluginFog,
  placed: readonly { line: PluginMsg; power: string; city: string }[],
  after: Position,
): PluginMsg[] {
  const powers = placed.map((p) => p.power);
  tellBySight(
    ctx,
    {
      key: 'mustered',
      head: (power) => wh('fog.muster.dm', { phase: ctx.phase.name, channel: ctx.channel, power }),
      gmHead: wh('fog.muster.gm', { phase: ctx.phase.name, channel: ctx.channel }),
      lines: placed.map((p) => ({ line: p.line, seenBy: placementSeenBy(fog, p.power, p.city, after) })),
    },
    { always: true, map: true },
  );
  return [wh('fog.muster.public', { powers: listMsg(powers), count: powers.length })];
}

/** The caller's open choice (its cities and unit types), or null. */
function choiceOf(ctx: Ctx, power: string | null): Choice | null {
  if (!power || ctx.step?.name !== 'muster' || !pending(ctx).some((r) => r.key === power)) return null;
  return dogsOfWarChoices(ctx.phase.position, [power])[0] ?? null;
}

export const musterAction: VariantAction<WarhammerRecords> = {
  name: 'muster',
  title: wh('action.muster.title'),
  description: wh('action.muster.description'),
  by: 'player',
  choice: { label: wh('action.muster.choice'), required: true },
  detail: { label: wh('action.muster.detail'), required: true },
  available: (ctx, caller) => (choiceOf(ctx, caller.power) ? true : wh('act.muster.none')),
  choices(ctx, caller, slot, values) {
    const choice = choiceOf(ctx, caller.power)!;
    if (slot === 'choice') {
      return choice.cities.map((c) => ({
        name: wh('muster.option', { place: placeName(ctx.variant, c), types: choice.types[c]!.join('') }),
        value: c,
      }));
    }
    const city = choice.cities.find((c) => c === (values.choice ?? '').toLowerCase());
    const types: UnitType[] = city ? choice.types[city]! : ['A', 'F'];
    return types.map(unitChoice);
  },
  run(ctx, caller, values) {
    const power = caller.power!;
    const choice = choiceOf(ctx, power)!;
    const typed = (values.choice ?? '').toLowerCase();
    const city = choice.cities.find((c) => c === typed || ctx.variant.map.province(c)?.name.toLowerCase() === typed);
    if (!city) {
      const cities = listMsg(
        choice.cities.map((c) => placeName(ctx.variant, c)),
        'list.or',
      );
      return {
        ok: false,
        error: wh('act.muster.notCity', { typed: (values.choice ?? '').slice(0, 60), power, cities }),
      };
    }
    const unit = unitTypeOfWord(values.detail ?? '');
    if (!unit) return { ok: false, error: unknownUnit(values.detail, choice.types[city]!) };
    if (!choice.types[city]!.includes(unit))
      return { ok: false, error: wh('act.muster.noCoast', { place: placeName(ctx.variant, city) }) };
    ctx.records.put('muster-choice', { city, unitType: unit, appliedAt: null }, power);
    ctx.audit('muster');
    const confirm = wh('muster.confirm', {
      power,
      channel: ctx.channel,
      unit,
      place: placeName(ctx.variant, city),
      date: ctx.time(ctx.game.deadline ?? ctx.now, 'f'),
    });
    ctx.dm(power, confirm, { key: 'muster-confirm' });
    return {
      ok: true,
      reply: wh('act.muster.stored', { power, unit, city }),
      whenOpen: wh('act.muster.whenOpen'),
      whenClosed: wh('act.muster.whenClosed'),
      whenHidden: wh('act.muster.whenHidden'),
    };
  },
};
