/**
 * The PostgreSQL schema drizzle-kit reads (drizzle.pg.config.ts): the store's tables and every game kind's tables
 * (each `src/game/<kind>/tables.ts`, as drizzle.config.ts finds them for SQLite), derived from their sqlite-core
 * declarations by src/store/pg-tables.ts. drizzle-kit only sees a module's own exports, so each kind's tables are
 * named here; test/store/schema-migrations.test.ts fails when a kind's table is missing from this file.
 */
import * as cards from './src/game/cards/tables.js';
import { pgTablesOf } from './src/store/pg-tables.js';

export * from './src/store/pg-schema.js';
export const { cardGames, cardSeats, cardEvents, cardDrafts } = pgTablesOf(cards);
