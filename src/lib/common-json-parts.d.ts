/** `locales/<lng>/common.json?part=first|late|pages`: one part of a language's `common` strings (vite.config.ts, decisions 055, 063). */
declare module '*?part=late' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*?part=pages' {
  const strings: Record<string, unknown>;
  export default strings;
}
