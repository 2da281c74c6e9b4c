import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, recipes, semanticTokens,
  slotRecipes, textStyles, tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes the app uses: brand (below), gray, and the status colours of alerts, toasts and
 * badges (red, orange, green, blue). Chakra's other palettes (yellow, teal, cyan, purple, pink) are left
 * out: building a system's token dictionary is most of its start-up cost in the browser (decision 012).
 */
const PALETTES = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'red', 'orange', 'green', 'blue'];
const SEMANTIC_COLORS = ['bg', 'fg', 'border', 'gray', 'red', 'orange', 'green', 'blue'];
const pick = <T extends Record<string, unknown>>(from: T, keys: string[]) =>
  Object.fromEntries(Object.entries(from).filter(([key]) => keys.includes(key))) as T;

/**
 * The platform's UI fonts, which cover Latin and Arabic: San Francisco / SF Arabic (Apple), Segoe UI
 * (Windows), Roboto + Noto Sans Arabic (Android), Noto or DejaVu (Linux). Nothing is downloaded.
 */
const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif";

/** Chakra's default theme (as `defaultConfig`), with the palettes above. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: pick(tokens.colors ?? {}, PALETTES) },
    semanticTokens: { ...semanticTokens, colors: pick(semanticTokens.colors ?? {}, SEMANTIC_COLORS) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** Chakra UI v3 system: brand palette (teal), the platform's fonts, light/dark semantic tokens. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    // Direction-bearing icons (arrows, chevrons) point the other way in right-to-left pages.
    'html[dir=rtl] .flip-rtl': { transform: 'scaleX(-1)' },
  },
  theme: {
    tokens: {
      fonts: {
        // The platform's UI fonts: no font file to download before the first paint (decision 012).
        body: { value: SYSTEM_FONTS },
        heading: { value: SYSTEM_FONTS },
      },
      colors: {
        brand: {
          50: { value: '#f0fdfa' }, 100: { value: '#ccfbf1' }, 200: { value: '#99f6e4' }, 300: { value: '#5eead4' },
          400: { value: '#2dd4bf' }, 500: { value: '#14b8a6' }, 600: { value: '#0d9488' }, 700: { value: '#0f766e' },
          800: { value: '#115e59' }, 900: { value: '#134e4a' }, 950: { value: '#042f2e' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);
