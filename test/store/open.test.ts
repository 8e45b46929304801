/** Which store the environment names (src/store/open.ts): PostgreSQL for a `DATABASE_URL`, else the SQLite file. */
import { describe, expect, it } from 'vitest';
import { openFailureMessage, redactedDatabaseUrl, storeConfigFromEnv } from '../../src/store/open.js';

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

describe('openFailureMessage', () => {
  const sqlite = { dialect: 'sqlite' as const, path: '/var/lib/zhanguo/zhanguo.db' };
  const failure = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('names DATABASE_PATH, the cause and what to do, also for SQLite’s extended codes', () => {
    const readonly = failure('attempt to write a readonly database', 'SQLITE_READONLY_DIRECTORY');
    expect(openFailureMessage(sqlite, readonly)).toBe(
      'cannot open the database at DATABASE_PATH=/var/lib/zhanguo/zhanguo.db: attempt to write a readonly database ' +
        '(the bot’s user must be able to write the file and create files beside it: chown both to it)',
    );
    expect(openFailureMessage(sqlite, failure('EPERM: operation not permitted, chmod', 'EPERM'))).toContain(
      'the file belongs to another user',
    );
    expect(openFailureMessage(sqlite, failure('odd', 'SQLITE_IOERR_FSYNC'))).toBe(
      'cannot open the database at DATABASE_PATH=/var/lib/zhanguo/zhanguo.db: odd',
    );
  });

  it('names DATABASE_URL for PostgreSQL', () => {
    const pg = { dialect: 'postgres' as const, url: 'postgres://u:secret@h/z' };
    const message = openFailureMessage(pg, new Error('cannot open the PostgreSQL database at h:5432/z: refused'));
    expect(message).toContain('check DATABASE_URL');
    expect(message).not.toContain('secret');
  });
});
