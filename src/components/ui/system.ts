import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Chakra UI v3 system: brand palette (teal), Latin + Arabic fonts, light/dark semantic tokens. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    'html[dir=rtl] body': { fontFamily: 'var(--chakra-fonts-arabic)' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    // Direction-bearing icons (arrows, chevrons) point the other way in right-to-left pages.
    'html[dir=rtl] .flip-rtl': { transform: 'scaleX(-1)' },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: "'Inter', 'Noto Sans Arabic', system-ui, sans-serif" },
        heading: { value: "'Inter', 'Noto Sans Arabic', system-ui, sans-serif" },
        arabic: { value: "'Noto Sans Arabic', 'Inter', system-ui, sans-serif" },
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

export const system = createSystem(defaultConfig, config);
