/**
 * The part of stylis 4.2 (Emotion's CSS compiler, a dependency of @emotion/cache) that src/app/emotion-cache.ts
 * uses; stylis ships no type declarations.
 */
declare module 'stylis' {
  /** The element type of a declaration (`'decl'`): `props` is its property, `value` the whole `property:value;`. */
  export const DECLARATION: string;
}
