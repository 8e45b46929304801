/**
 * drizzle-kit: `npm run db:generate` writes a migration for schema changes into migrations/sqlite/ (and, through
 * drizzle.pg.config.ts, its PostgreSQL twin into migrations/postgres/). The schema is the
 * store's shared tables plus the tables each game kind declares in its own folder (src/game/<kind>/tables.ts, e.g.
 * the card game's), so the store names no kind's tables (docs/architecture.md "Game kinds").
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/store/schema.ts', './src/game/*/tables.ts'],
  out: './migrations/sqlite',
});
