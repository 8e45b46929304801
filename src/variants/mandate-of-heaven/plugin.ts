/**
 * Mandate of Heaven's plug-in: only what a sandbox needs. Its vote on neutral units needs no step (the
 * engine hook `votedPowers`, docs/architecture.md); in a sandbox the owner decides alone what the players' vote
 * decides in a game, so an order the owner gives for a voted neutral's unit becomes a ballot of every voter (rule 3:
 * a majority of players with a majority of units adopts it, here unanimously).
 */
import { definePlugin } from '../plugin/index.js';
import type { MandateFeatures } from './features.js';
import { readState } from './rules/state.js';
import { electorate } from './rules/votes.js';

/** The plug-in, for the variant's map features (read once by index.ts). */
export const mandatePlugin = (features: MandateFeatures) =>
  definePlugin({
    sandbox: {
      orders: ({ variant, position, orders, seated }) => {
        const players = [...seated];
        const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players }) ?? []);
        if (voted.size === 0) return [...orders];
        const voters = electorate(features, readState(position), position, { players }).players;
        return orders.flatMap((o) => (voted.has(o.power) ? voters.map((power) => ({ power, order: o.order })) : [o]));
      },
    },
  });
