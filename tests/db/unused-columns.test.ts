import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
afterAll(() => sql.end());

describe('dead weight', () => {
  it('the trigram search columns of the first schema are gone (search uses vectors and name keys)', async () => {
    const rows = await sql<{ table_name: string; column_name: string }[]>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('search_name', 'search_text') order by 1, 2`;
    expect(rows).toEqual([]);
  });

});
