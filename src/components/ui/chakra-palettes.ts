/**
 * The colour palettes the app uses: brand (./system.ts), gray, and the status colours of alerts, toasts and
 * badges (red, orange, green, blue). Chakra's other palettes (yellow, teal, cyan, purple, pink) are left out:
 * building a system's token dictionary is most of its start-up cost in the browser (decision 012), and their
 * values are left out of the browser's bundle too (vite.config.ts `chakraPalettesUsed`, decision 063).
 * Free of Chakra, so that the build's config can read it.
 */
export const PALETTES = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'red', 'orange', 'green', 'blue'];
/** The semantic colour groups kept: bg, fg, border and the palettes above. */
export const SEMANTIC_COLORS = ['bg', 'fg', 'border', 'gray', 'red', 'orange', 'green', 'blue'];

/** `from` with only the keys listed. */
export const pickKeys = <T extends Record<string, unknown>>(from: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(from).filter(([key]) => keys.includes(key))) as T;
