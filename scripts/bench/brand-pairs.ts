/**
 * Brand names as people in Riyadh type them, in Arabic and in Latin letters (issue 30, decision 043):
 * each pair names the same chain in both scripts. Used by the search relevance tests (a query in one
 * script must find what the other finds) and by `npm run bench` (cross-script recall).
 */
export const BRAND_PAIRS: readonly (readonly [arabic: string, latin: string])[] = [
  ['كودو', 'Kudu'],
  ['ستاربكس', 'Starbucks'],
  ['هرفي', 'Herfy'],
  ['البيك', 'Al Baik'],
  ['النهدي', 'Nahdi'],
  ['الدانوب', 'Danube'],
  ['بنده', 'Panda'],
  ['دانكن', 'Dunkin'],
];
