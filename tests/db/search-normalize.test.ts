import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
afterAll(() => sql.end());

async function normalize(inputs: (string | null)[]): Promise<string[]> {
  const rows = await sql<{ out: string }[]>`
    select public.search_normalize(t.input) as out from jsonb_array_elements_text(${sql.json(inputs)}) with ordinality as t(input, i) order by t.i`;
  return rows.map((r) => r.out);
}

/** Search normalisation (docs/decisions/005-search-and-paging.md): [input, expected]. */
const CASES: [string, string | null, string][] = [
  ['tashkeel (fatha, sukun)', 'مَطْعَم', 'مطعم'],
  ['tashkeel (shadda, tanween)', 'محمّدٌ', 'محمد'],
  ['superscript alef U+0670', 'هٰذا', 'هذا'],
  ['tatweel', 'مـــطـعم', 'مطعم'],
  ['alef with hamza above', 'أحمد', 'احمد'],
  ['alef with hamza below', 'إسلام', 'اسلام'],
  ['alef with madda', 'آمن', 'امن'],
  ['alef wasla', 'ٱلله', 'الله'],
  ['alef maqsura ى → ي', 'مستشفى', 'مستشفي'],
  ['taa marbuta ة → ه', 'مدرسة', 'مدرسه'],
  ['waw with hamza ؤ → و', 'مؤسسه', 'موسسه'],
  ['yaa with hamza ئ → ي', 'مائده', 'مايده'],
  ['Arabic-Indic digits', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
  ['Persian digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
  ['Latin upper case', 'STARBUCKS Coffee', 'starbucks coffee'],
  ['Latin accents', 'Café Crème Ñandú', 'cafe creme nandu'],
  ['whitespace collapsed and trimmed', '  al   olaya \t street ', 'al olaya street'],
  ['mixed script', 'Café الأميرة ٣', 'cafe الاميره 3'],
  ['NULL', null, ''],
];

describe('public.search_normalize', () => {
  it.each(CASES)('%s', async (_, input, expected) => {
    expect(await normalize([input])).toEqual([expected]);
  });

  it('makes the spelling variants users type equal', async () => {
    const variants = await normalize(['مدرسة الأمير', 'مدرسه الامير', 'مَدْرَسَة الإمير', 'مـدرسـة آلامير', 'مدرسة الأمير']);
    expect(new Set(variants)).toEqual(new Set(['مدرسه الامير']));
  });

  it('is idempotent and never lengthens text (property, 300 random mixed-script strings)', async () => {
    const alphabet = fc.constantFrom(...'abcXYZéÑ ٠٣٩۴مطعمأإآٱىةؤئـَُِّْٰ  '.split(''));
    const inputs = fc.sample(fc.string({ unit: alphabet, maxLength: 30 }), { numRuns: 300, seed: 42 });
    const once = await normalize(inputs);
    const twice = await normalize(once);
    expect(twice).toEqual(once);
    once.forEach((out, i) => expect(out.length).toBeLessThanOrEqual(inputs[i].length));
  });
});
