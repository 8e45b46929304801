/**
 * Warhammer's plug-in: everything the game, bot and render layers do for Warhammer beyond the engine's
 * hooks — the Dogs of War start choice, the Decisive Battle phase's steps and their actions, Sepoys and
 * Mercenaries, the campaign option that records absent powers, and the lines it adds to posts. Registered with the
 * variant in src/variants/index.ts; the layers above find it only through the registry.
 */
import { definePlugin } from '../../plugin/index.js';
import {
  battleAction,
  battleWhyLines,
  battlesStep,
  declarationsStep,
  declareAction,
  keptBattles,
  openDeclarations,
  provisionalPicture,
  decisiveModeOf,
} from './battle-step.js';
import { finalPlaces, followAction, followerNote, revoltAction } from './follow.js';
import { musterAction, musterStep, openMuster } from './muster.js';
import { warhammerMapOverlays } from './map-overlays.js';
import { RECORDS } from './records.js';
import { warhammerSandbox } from './sandbox.js';
import { wh } from './texts.js';

/** The modes of the Decisive Battle phase the `/game create` reply describes (`options.decisive`). */
const DECISIVE_MODES = new Set(['gm', 'dice', 'off']);

export const warhammerPlugin = definePlugin({
  records: RECORDS,
  /**
   * Campaign option `worthlessAbsentCentres` (docs/rules/warhammer.md): the powers nobody took at the start are
   * recorded in `variantState.absent`, so their home centres give no supply when taken.
   */
  startPosition(position, { variant, options, seated }) {
    if (options.worthlessAbsentCentres !== 'on') return position;
    const held = new Set(seated);
    const absent = variant.powers.filter((p) => !p.neutral && !held.has(p.name)).map((p) => p.name);
    if (absent.length === 0) return position;
    return { ...position, variantState: { ...(position.variantState ?? {}), absent } };
  },
  steps: { muster: musterStep, declarations: declarationsStep, battles: battlesStep },
  startSteps: openMuster,
  beforeClaim: openDeclarations,
  ordersAdvance: (ctx) =>
    ctx.phase.phase.type === 'movement' && decisiveModeOf(ctx.variant, ctx.game.options)
      ? { notice: wh('advance.orders') }
      : null,
  actions: [declareAction, musterAction, followAction, revoltAction, battleAction],
  ownOptions: ['decisiveBattles'],
  optionLines: (options) =>
    options.decisiveBattles && DECISIVE_MODES.has(options.decisiveBattles)
      ? [wh('options.decisive', { mode: options.decisiveBattles })]
      : [],
  seatNote: followerNote,
  whyLines: battleWhyLines,
  finalPlaces,
  keptBattles,
  pictures: { provisional: (ctx) => provisionalPicture(ctx.records) },
  mapOverlays: warhammerMapOverlays,
  sandbox: warhammerSandbox,
});
