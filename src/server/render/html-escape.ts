/**
 * Escaping for the server's HTML documents (rendered pages and their head, the SPA document): one home.
 */

/**
 * JSON text made safe inside a `<script>` element (`application/json`, `application/ld+json`): `<`, `>` and `&`
 * as `\u003c` `\u003e` `\u0026`, so stored text cannot close the element (`</script>`) or open a comment, and
 * U+2028/U+2029 escaped for older JavaScript parsers; `JSON.parse` reads the same value back. One `replace` per
 * character rather than one pass with a character class: V8 searches a single character at memory speed, so on
 * JSON with none of them (the usual hydration state) this is ≈ 6× faster (4 vs 22 µs on 40 KB), and as fast
 * where there are many.
 */
export function escapeJsonForHtml(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
