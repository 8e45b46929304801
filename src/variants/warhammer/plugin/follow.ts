/**
 * Warhammer's Sepoys and Mercenaries as a seat's follower state (seed "Sepoys & Mercenaries"; the rules
 * are pure functions in src/variants/warhammer/followers.ts, the state in the position's `variantState.followers`).
 *
 * - `/act action:follow choice:sepoy` — a conquered player (no unit, no centre) fights for whoever holds their
 *   capital; `choice:mercenary detail:<employer>` — for any power still on the board. Only in games with decisive
 *   battles (docs/decisions.md). The current phase's board gets the new state (in a game that hides who plays whom at
 *   the next mark of the clock, docs/decisions.md "Hidden identities"); the channel and the master are told.
 * - Each follower is an extra battle commander of its master (`/act action:declare detail:<commander>`), and the
 *   declarations DM reminds the master that each Sepoy must be given a battle; the battles post records a master who
 *   gave none (battle-step.ts).
 * - Battles won by a follower's side are counted on the next phase's board (battle-step.ts, the step's handoff).
 * - `/act action:revolt` — a Sepoy with 3 won battles, in an adjustment phase, claims one of its master's empty
 *   centres outside the master's nation as its new capital, with a unit (on the board as a follower's choice is).
 */
import type { Power, UnitType } from '../../../engine/types.js';
import type { FinalPlaces, PluginContext, PluginMsg, VariantAction } from '../../plugin/index.js';
import {
  applyRevolt,
  becomeMercenary,
  becomeSepoy,
  dogsOfWarChoices,
  finalRanking,
  readWarhammerState,
  revoltOptions,
} from '../variant.js';
import type { FollowerRefusal } from '../followers.js';
import { onBoard } from '../state.js';
import { decisiveModeOf } from './battle-step.js';
import { placementSeenBy, tellBySight } from './fog-views.js';
import type { WarhammerRecords } from './records.js';
import { unitTypeOfWord } from '../../order-words.js';
import { unitChoice, unknownUnit, wh } from './texts.js';

type Ctx = PluginContext<WarhammerRecords>;

const followerOf = (ctx: Ctx, power: Power | null) =>
  power ? (readWarhammerState(ctx.phase.position).followers[power] ?? null) : null;

/** The rules' refusal of a follower's choice or a revolt, in the player's words (`wins`: a Sepoy's won battles so far). */
function refusalMsg(refusal: FollowerRefusal, wins = 0): PluginMsg {
  switch (refusal.kind) {
    case 'notConquered':
      return wh('act.follow.notConquered', { power: refusal.power, role: refusal.role });
    case 'noMaster':
      return refusal.capital
        ? wh('act.follow.noMaster.capital', { power: refusal.power, capital: refusal.capital })
        : wh('act.follow.noMaster', { power: refusal.power });
    case 'notOnBoard':
      return wh('act.follow.notOnBoard', { employer: refusal.employer });
    case 'employerFollows':
      return wh('act.follow.employerFollows', { employer: refusal.employer, role: refusal.role });
    case 'noRevolt':
      return wh('act.revolt.cannot', { power: refusal.sepoy, province: refusal.province, wins });
    case 'noCoast':
      return wh('act.revolt.noCoast', { province: refusal.province, wins });
  }
}

export const followAction: VariantAction<WarhammerRecords> = {
  name: 'follow',
  title: wh('action.follow.title'),
  description: wh('action.follow.description'),
  by: 'player',
  choice: { label: wh('action.follow.choice'), required: true },
  detail: { label: wh('action.follow.detail'), required: false },
  // Seed: "Conquered players may still play on as either a Sepoy or a Mercenary": offered only to a conquered player.
  // A Dogs of War seat with its city and unit still to choose has no unit yet, but nobody conquered it
  // (docs/rules/warhammer.md, "Dogs of War").
  available(ctx, caller) {
    if (!decisiveModeOf(ctx.variant, ctx.game.options)) return wh('act.follow.off');
    if (caller.power && onBoard(ctx.phase.position, caller.power))
      return wh('act.follow.onBoard', { power: caller.power });
    if (caller.power && dogsOfWarChoices(ctx.phase.position, [caller.power]).length > 0)
      return wh('act.follow.mustering', { power: caller.power });
    if (ctx.step && ctx.step.name !== 'muster') return wh('act.follow.underWay');
    return true;
  },
  choices(ctx, _caller, slot) {
    if (slot === 'choice') {
      return [
        { name: wh('choice.sepoy'), value: 'sepoy' },
        { name: wh('choice.mercenary'), value: 'mercenary' },
      ];
    }
    return ctx.variant.powers.map((p) => ({ name: p.name, value: p.name }));
  },
  run(ctx, caller, values) {
    const power = caller.power!;
    const role = (values.choice ?? '').toLowerCase();
    if (role !== 'sepoy' && role !== 'mercenary') return { ok: false, error: wh('act.follow.role') };
    const employer =
      role === 'mercenary'
        ? ctx.variant.powers.find((p) => p.name.toLowerCase() === (values.detail ?? '').toLowerCase())?.name
        : undefined;
    if (role === 'mercenary' && !employer)
      return {
        ok: false,
        error: wh('act.follow.employer', { powers: ctx.variant.powers.map((p) => p.name).join(', ') }),
      };
    const r =
      role === 'sepoy' ? becomeSepoy(ctx.phase.position, power) : becomeMercenary(ctx.phase.position, power, employer!);
    if (!r.ok) return { ok: false, error: refusalMsg(r.refusal) };
    const master = readWarhammerState(r.position).followers[power]!.master;
    ctx.setPosition(r.position);
    ctx.audit('follow', { power, role, master });
    // Under fog a Sepoy's master is who holds its capital, out of most powers' sight: only the two of them are told
    // (docs/rules/warhammer.md "Warhammer under fog of war"). A Mercenary's employer is its own choice.
    const hidden = ctx.fog && role === 'sepoy';
    ctx.post(hidden ? wh('fog.follow.post', { power }) : wh('follow.post', { power, role, master }), {
      key: `follow:${power}`,
    });
    ctx.dm(master, wh('follow.dm', { power, role, channel: ctx.channel }), { key: `follow:${power}` });
    return { ok: true, reply: wh('act.follow.done', { power, role, master }) };
  },
};

export const revoltAction: VariantAction<WarhammerRecords> = {
  name: 'revolt',
  title: wh('action.revolt.title'),
  description: wh('action.revolt.description'),
  by: 'player',
  choice: { label: wh('action.revolt.choice'), required: true },
  detail: { label: wh('action.revolt.detail'), required: true },
  available: (ctx, caller) =>
    followerOf(ctx, caller.power)?.role === 'sepoy' ? true : wh('act.revolt.notSepoy', { power: caller.power ?? '' }),
  choices(ctx, caller, slot, values) {
    const options = ctx.phase.resolved ? [] : revoltOptions(ctx.phase.position, caller.power!);
    if (slot === 'choice') {
      return options.map((o) => {
        const place = `${ctx.variant.map.province(o.province)?.name ?? o.province} (${o.province})`;
        return { name: wh('muster.option', { place, types: o.types.join('') }), value: o.province };
      });
    }
    const types: UnitType[] = options.find((o) => o.province === (values.choice ?? '').toLowerCase())?.types ?? [
      'A',
      'F',
    ];
    return types.map(unitChoice);
  },
  run(ctx, caller, values) {
    const power = caller.power!;
    const follower = followerOf(ctx, power)!;
    const province = (values.choice ?? '').toLowerCase();
    const unit = unitTypeOfWord(values.detail ?? '');
    if (!unit) return { ok: false, error: unknownUnit(values.detail, ['A', 'F']) };
    const r = applyRevolt(ctx.phase.position, power, province, unit);
    if (!r.ok) return { ok: false, error: refusalMsg(r.refusal, follower.wins) };
    ctx.setPosition(r.position);
    ctx.audit('revolt', { province, unit });
    const name = ctx.variant.map.province(province)?.name ?? province;
    const post = wh('revolt.post', {
      power,
      master: follower.master,
      phase: ctx.phase.name,
      place: `${name} (${province})`,
      unit,
    });
    if (ctx.fog) {
      // A fog game (docs/rules/warhammer.md "Warhammer under fog of war"): where the new unit stands, only for those
      // who see it.
      const seenBy = placementSeenBy(ctx.fog, power, province, r.position);
      const head = (viewer: string) => wh('fog.seen', { channel: ctx.channel, power: viewer });
      const key = `revolt:${power}`;
      tellBySight(ctx, { key, head, gmHead: wh('fog.gm', { channel: ctx.channel }), lines: [{ line: post, seenBy }] });
      ctx.post(wh('fog.revolt.public', { power, phase: ctx.phase.name }), { key });
    } else ctx.post(post, { key: `revolt:${power}` });
    return { ok: true, reply: wh('act.revolt.done', { power, province, unit }) };
  },
};

/** A follower's line in the status message. */
export function followerNote(ctx: Ctx, power: Power): PluginMsg | null {
  const f = followerOf(ctx, power);
  if (!f) return null;
  // Under fog the public status names no Sepoy's master, nor its won battles (fought out of most powers' sight).
  if (ctx.fog && f.role === 'sepoy') return wh('fog.note.sepoy');
  return f.role === 'sepoy'
    ? wh('note.sepoy', { master: f.master, wins: f.wins })
    : wh('note.mercenary', { master: f.master });
}

/**
 * The final places of the seed's "Pulling it all together" (centres, then the Sepoys, then the Mercenaries), over the
 * game's last position: the final post's standings follow them, a follower noted with its master.
 */
export function finalPlaces(ctx: Ctx): FinalPlaces | null {
  const ranking = finalRanking(
    ctx.phase.position,
    ctx.variant.powers.map((p) => p.name),
  );
  if (ranking.length === 0) return null;
  return {
    rule: wh('ranking.rule'),
    places: ranking.map((r) => ({ power: r.power, place: r.rank, note: followerNote({ ...ctx, fog: null }, r.power) })),
  };
}
