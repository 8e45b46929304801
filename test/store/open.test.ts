/** Which store the environment names (src/store/open.ts): PostgreSQL for a `DATABASE_URL`, else the SQLite file. */
import { describe, expect, it } from 'vitest';
import { redactedDatabaseUrl, storeConfigFromEnv } from '../../src/store/open.js';

describe('storeConfigFromEnv', () => {
  it('opens SQLite at DATABASE_PATH when DATABASE_URL is unset or blank', () => {
    expect(storeConfigFromEnv({ DATABASE_PATH: './data/zhanguo.db' })).toEqual({
      dialect: 'sqlite',
      path: './data/zhanguo.db',
    });
    expect(storeConfigFromEnv({ DATABASE_URL: '  ', DATABASE_PATH: 'x.db' })).toEqual({
      dialect: 'sqlite',
      path: 'x.db',
    });
  });

  it('opens PostgreSQL at a postgres:// or postgresql:// DATABASE_URL', () => {
    for (const url of ['postgres://bot:pw@db.example:5432/zhanguo', 'postgresql://bot@localhost/zhanguo']) {
      expect(storeConfigFromEnv({ DATABASE_URL: ` ${url} `, DATABASE_PATH: 'x.db' })).toEqual({
        dialect: 'postgres',
        url,
      });
    }
  });

  it('refuses another kind of URL, saying what to write', () => {
    expect(() => storeConfigFromEnv({ DATABASE_URL: 'mysql://bot@localhost/zhanguo', DATABASE_PATH: 'x.db' })).toThrow(
      'DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database',
    );
  });
});

describe('redactedDatabaseUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactedDatabaseUrl('postgres://bot:s3cret@db.example:5432/zhanguo')).toBe(
      'postgres://bot:***@db.example:5432/zhanguo',
    );
    expect(redactedDatabaseUrl('postgres://bot@db.example/zhanguo')).toBe('postgres://bot@db.example/zhanguo');
    expect(redactedDatabaseUrl('not a url s3cret')).not.toContain('s3cret');
  });
});
