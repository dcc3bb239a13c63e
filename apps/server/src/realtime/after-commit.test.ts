import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../test/test-database.ts';
import { afterCommit, inSavepoint, inTransaction } from './after-commit.ts';

const database = freshDatabaseForFile();

describe('the after-commit buffer', () => {
  it('announces what a transaction said, in order, once it committed', async () => {
    const heard: string[] = [];
    const result = await inTransaction(database.db, async (tx) => {
      afterCommit(tx, () => heard.push('first'));
      await tx.execute(sql`SELECT 1`);
      afterCommit(tx, () => heard.push('second'));
      expect(heard).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(heard).toEqual(['first', 'second']);
  });

  it('goes on with the next announcements when one throws, and the committed change does not fail', async () => {
    const heard: string[] = [];
    const result = await inTransaction(database.db, async (tx) => {
      afterCommit(tx, () => {
        throw new Error('socket gone');
      });
      afterCommit(tx, () => heard.push('next'));
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(heard).toEqual(['next']);
  });

  it('announces nothing of a transaction that rolled back', async () => {
    const heard: string[] = [];
    await expect(
      inTransaction(database.db, async (tx) => {
        afterCommit(tx, () => heard.push('never'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
  });

  it('announces at once outside a transaction, and refuses a transaction opened without the buffer', async () => {
    const heard: string[] = [];
    afterCommit(database.db, () => heard.push('now'));
    expect(heard).toEqual(['now']);
    await expect(database.db.transaction(async (tx) => afterCommit(tx, () => heard.push('lost')))).rejects.toThrow(
      'afterCommit needs a transaction opened with inTransaction',
    );
    expect(heard).toEqual(['now']);
  });

  it('keeps what a savepoint announced for the commit, and drops what one that rolled back did', async () => {
    const heard: string[] = [];
    await inTransaction(database.db, async (tx) => {
      afterCommit(tx, () => heard.push('before'));
      await inSavepoint(tx, async (savepoint) => afterCommit(savepoint, () => heard.push('kept')));
      await expect(
        inSavepoint(tx, async (savepoint) => {
          afterCommit(savepoint, () => heard.push('rolled back'));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['before', 'kept']);
    await expect(database.db.transaction((tx) => inSavepoint(tx, async () => {}))).rejects.toThrow(
      'inSavepoint needs a transaction opened with inTransaction',
    );
  });
});
