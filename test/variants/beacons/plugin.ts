/**
 * The Beacons plug-in (docs/variants.md "A variant's plug-in" walks through it): one step before the
 * claim of each movement phase with a secret input (`beacons`), the action that gives it (`light`), one status line,
 * a `/why` line and a map overlay. It uses only the interfaces of src/variants/plugin.
 */
import { z } from 'zod';
import {
  definePlugin,
  type PhaseStep,
  type PluginContext,
  type VariantAction,
} from '../../../src/variants/plugin/index.js';

/** What it keeps besides the board: each power's beacon of a phase (key: the power). */
const RECORDS = { beacon: z.object({ province: z.string() }) };
type Records = typeof RECORDS;

/** Power → the province of its beacon, in this phase. */
const litBy = (ctx: Pick<PluginContext<Records>, 'records'>): Map<string, string> =>
  new Map(ctx.records.list('beacon').map((r) => [r.key, r.value.province]));

const placeName = (ctx: PluginContext<Records>, id: string) => `${ctx.variant.map.province(id)?.name ?? id} (${id})`;

/** Between the orders and the claim of a movement phase: every seated power lights one beacon, in secret. */
const beaconsStep: PhaseStep<Records> = {
  at: 'claim',
  progress(ctx) {
    const lit = litBy(ctx);
    return { powers: ctx.seats.map((s) => ({ power: s.power, answered: lit.has(s.power) })) };
  },
  statusLine: (ctx, progress) =>
    `🔥 **Beacons**: ${progress.powers.filter((p) => p.answered).length} of ${progress.powers.length} lit; they close ${ctx.time(ctx.game.deadline ?? ctx.now, 'R')}. Light yours with \`/act action:light\`.`,
  labels: { answered: 'beacon lit', waiting: 'no beacon yet' },
  closedOrders: 'Orders for this phase are closed: the beacons are being lit. Light yours with `/act action:light`.',
  readyRefusal: 'The orders are closed; light your beacon with `/act action:light` instead.',
  reminder: (ctx, power, deadline) =>
    `⏰ ${power} has not lit a beacon yet in ${ctx.channel}; the beacons close ${ctx.time(deadline, 'R')}.`,
  advance: { notice: '⏩ The game master closed the beacons before their deadline; the results follow.' },
  close(ctx) {
    const lit = [...litBy(ctx)].map(([power, province]) => `${power} in ${placeName(ctx, province)}`);
    ctx.post(`🔥 **${ctx.phase.label}: the beacons burn** — ${lit.join('; ') || 'nobody lit one'}.`, {
      key: 'beacons',
    });
    return { adjudicate: {} };
  },
};

/** `/act action:light choice:<province>`: lights (or moves) the caller's beacon while the step is under way. */
const lightAction: VariantAction<Records> = {
  name: 'light',
  description: 'Light your beacon in a province (secret until the beacons close)',
  by: 'player',
  choice: { label: 'province', required: true },
  available: (ctx, caller) =>
    ctx.step?.name === 'beacons' && caller.power
      ? true
      : 'Beacons are lit only when the orders of a movement phase have closed.',
  choices: (ctx) => [...ctx.variant.map.provinces.values()].map((p) => ({ name: `${p.name} (${p.id})`, value: p.id })),
  run(ctx, caller, values) {
    const power = caller.power!;
    const typed = values.choice!.toLowerCase();
    const province = [...ctx.variant.map.provinces.values()].find(
      (p) => p.id === typed || p.name.toLowerCase() === typed,
    );
    if (!province)
      return { ok: false, error: `"${values.choice!.slice(0, 40)}" is not a province of ${ctx.variant.name}.` };
    ctx.records.put('beacon', { province: province.id }, power);
    ctx.audit('beacon');
    ctx.dm(power, `🔥 Your beacon for ${power} in ${ctx.channel}, as stored: ${placeName(ctx, province.id)}.`, {
      key: 'light',
    });
    return {
      ok: true,
      reply: `🔥 Stored for ${power}: a beacon in ${placeName(ctx, province.id)}.`,
      whenOpen: ' You may move it until the beacons close; a DM confirms it.',
      whenClosed: ' Every beacon is lit: the results are being posted.',
    };
  },
};

export const beaconsPlugin = definePlugin({
  records: RECORDS,
  steps: { beacons: beaconsStep },
  beforeClaim: (ctx) =>
    ctx.phase.phase.type === 'movement' ? { open: 'beacons', deadline: ctx.now + ctx.game.durations.retreat } : null,
  ordersAdvance: (ctx) =>
    ctx.phase.phase.type === 'movement'
      ? { notice: '⏩ The game master closed the orders before their deadline; the beacons follow.' }
      : null,
  actions: [lightAction],
  statusLines: () => ['🔥 Beacons: after the orders of each movement phase, every player lights a beacon in secret.'],
  whyLines(ctx, province) {
    const lit = [...litBy(ctx)].filter(([, p]) => p === province).map(([power]) => power);
    return lit.length > 0 ? [`🔥 A beacon burned here (${lit.join(', ')}).`] : [];
  },
  // Beacons are public once the phase is resolved: ring them on the map of its orders and results.
  mapOverlays: (ctx) =>
    ctx.picture === 'orders' && ctx.phase.adjudication
      ? ctx.records
          .list('beacon')
          .map((r) => ({ kind: 'ring' as const, province: r.value.province, power: r.key, legend: 'beacon lit' }))
      : [],
});
