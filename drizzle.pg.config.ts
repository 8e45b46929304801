/**
 * drizzle-kit for PostgreSQL: `npm run db:generate` writes the PostgreSQL migration into migrations/postgres/ beside
 * the SQLite one (drizzle.config.ts), both from the one schema description: the sqlite-core tables, derived for
 * PostgreSQL by src/store/pg-tables.ts (docs/store.md "The store on two databases").
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./drizzle.pg-schema.ts'],
  out: './migrations/postgres',
});
