import { describe, expect, it } from 'vitest';
import { historyChanges, historyTargetFromParams } from './history-view.ts';

describe('historyChanges', () => {
  it('maps place columns to the form fields, in form order, skipping the id and empty values', () => {
    expect(historyChanges({
      entity: 'place',
      before: { phone: '1', description: null, name: 'A' },
      after: { phone: '2', description: 'New', name: 'B' },
    })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'phone', before: '1', after: '2' },
      { field: 'details.description', before: null, after: 'New' },
    ]);
    expect(historyChanges({ entity: 'place', before: null, after: { id: 3, name: 'X', address: null, slug: 'x' } }))
      .toEqual([{ field: 'name', before: null, after: 'X' }, { field: 'slug', before: null, after: 'x' }]);
  });

  it('keeps the column names of other entities', () => {
    expect(historyChanges({ entity: 'zone', before: { title: 'Old' }, after: { title: 'New' } })).toEqual([{ field: 'title', before: 'Old', after: 'New' }]);
  });
});

describe('historyTargetFromParams', () => {
  it('reads entity and id; website needs no id; anything else is null', () => {
    expect(historyTargetFromParams(new URLSearchParams('entity=place&id=7'))).toEqual({ entity: 'place', id: 7 });
    expect(historyTargetFromParams(new URLSearchParams('entity=website'))).toEqual({ entity: 'website', id: 1 });
    expect(historyTargetFromParams(new URLSearchParams('entity=shop&id=7'))).toBeNull();
    expect(historyTargetFromParams(new URLSearchParams('entity=place&id=-1'))).toBeNull();
    expect(historyTargetFromParams(new URLSearchParams(''))).toBeNull();
  });
});
