/** drizzle-kit: `npm run db:generate` writes a migration for schema changes into migrations/. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './migrations',
});
