/** `locales/<lng>/common.json?part=first|late`: one part of a language's `common` strings (vite.config.ts, decision 055). */
declare module '*?part=late' {
  const strings: Record<string, unknown>;
  export default strings;
}
