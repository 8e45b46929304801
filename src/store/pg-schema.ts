/**
 * The store's tables (src/store/schema.ts) for PostgreSQL, derived by src/store/pg-tables.ts: what
 * drizzle.pg.config.ts gives drizzle-kit, beside every game kind's tables derived the same way (drizzle.pg-schema.ts).
 * Not a second description: change src/store/schema.ts, then `npm run db:generate` writes both dialects' migrations.
 */
import { pgTablesOf } from './pg-tables.js';
import * as schema from './schema.js';

export const {
  games,
  players,
  phases,
  orders,
  readiness,
  phaseSteps,
  variantRecords,
  votes,
  outbox,
  deliverers,
  auditLog,
  guildSettings,
  memberLocales,
  cooldowns,
  sandboxes,
  seatRecords,
  substituteCalls,
  pressThreads,
  pressMessages,
  ratings,
  ratedGames,
  variantFiles,
  serverVariants,
  spectators,
} = pgTablesOf(schema);
