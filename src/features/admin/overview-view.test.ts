import { describe, expect, it } from 'vitest';
import { changeRecordName, chartRows, formatAge, historyLink } from './overview-view.ts';

describe('admin overview helpers', () => {
  it('labels the zone bucket without an id and picks names in the language', () => {
    const pick = (en: string, ar?: string | null) => ar ?? en;
    expect(chartRows([
      { id: 3, name: 'Olaya', nameAr: 'العليا', count: 5 },
      { id: null, name: '', nameAr: null, count: 2 },
    ], pick, 'بلا حي')).toEqual([{ key: '3', label: 'العليا', count: 5 }, { key: 'none', label: 'بلا حي', count: 2 }]);
  });

  it('says ages in minutes, hours or days, with Western digits in Arabic', () => {
    expect(formatAge(0.25, 'en')).toBe('15 minutes');
    expect(formatAge(5, 'en')).toBe('5 hours');
    expect(formatAge(72, 'en')).toBe('3 days');
    expect(formatAge(72, 'ar')).toMatch(/^3 /);
    expect(formatAge(72, 'ar')).toMatch(/[\u0600-\u06FF]/);
  });

  it('links a change to its record history and names the record in the language', () => {
    expect(historyLink({ entity: 'place', entityId: 7 })).toBe('/admin/history?entity=place&id=7');
    expect(historyLink({ entity: 'website', entityId: 1 })).toBe('/admin/history?entity=website');
    const entry = { before: null, after: { name: 'Cafe', name_ar: 'مقهى' } };
    expect(changeRecordName(entry, 'ar')).toBe('مقهى');
    expect(changeRecordName(entry, 'en')).toBe('Cafe');
    expect(changeRecordName({ before: { title: 'Olaya' }, after: null }, 'ar')).toBe('Olaya');
    expect(changeRecordName({ before: { phone: '1' }, after: { phone: '2' } }, 'en')).toBeNull();
  });
});
