import {
  createSystem, createSystemSteps, defaultBaseConfig, defineConfig, type RecipeDefinition, type SlotRecipeConfig, type SystemContext,
} from '@chakra-ui/react';
import {
  animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, semanticTokens, textStyles, tokens,
  badgeRecipe, buttonRecipe, containerRecipe, headingRecipe, iconRecipe, inputRecipe,
  inputAddonRecipe, linkRecipe, separatorRecipe, skeletonRecipe, spinnerRecipe, alertSlotRecipe,
  breadcrumbSlotRecipe, cardSlotRecipe, emptyStateSlotRecipe,
  nativeSelectSlotRecipe, tableSlotRecipe,
} from '@chakra-ui/react/theme';
import { PALETTES, pickKeys, SEMANTIC_COLORS } from './chakra-palettes.ts';

/**
 * The recipes and slot recipes of the Chakra components the public pages render before they are interactive
 * (one system serves public, account and admin pages alike). The recipes of components only dialogs, forms,
 * toasts and the account and admin areas render (dialog, field, tabs, …) are in `./late-recipes.ts`, registered
 * into the same system when the lazy part that renders them loads (decision 055). Chakra's other ~40 recipes
 * (date picker, combobox, colour picker, tree view, …) are left out of the bundle and of the system's start-up
 * work (decision 025). src/components/ui/system-recipes.test.ts fails when a component from '@chakra-ui/react'
 * is used whose recipe is in neither list, or whose recipe is late in a file that does not import
 * `./late-recipes.ts`.
 */
export const RECIPES = {
  badge: badgeRecipe, button: buttonRecipe, container: containerRecipe,
  heading: headingRecipe, icon: iconRecipe, input: inputRecipe, inputAddon: inputAddonRecipe, link: linkRecipe,
  separator: separatorRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe,
};
export const SLOT_RECIPES = {
  alert: alertSlotRecipe, breadcrumb: breadcrumbSlotRecipe, card: cardSlotRecipe,
  emptyState: emptyStateSlotRecipe, nativeSelect: nativeSelectSlotRecipe, table: tableSlotRecipe,
};

/**
 * The platform's UI fonts, which cover Latin and Arabic: San Francisco / SF Arabic (Apple), Segoe UI
 * (Windows), Roboto + Noto Sans Arabic (Android), Noto or DejaVu (Linux). Nothing is downloaded.
 */
const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif";

/** Chakra's default theme (as `defaultConfig`), with the palettes the app uses (./chakra-palettes.ts). */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: pickKeys(tokens.colors ?? {}, PALETTES) },
    semanticTokens: { ...semanticTokens, colors: pickKeys(semanticTokens.colors ?? {}, SEMANTIC_COLORS) },
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The brand palette (teal). */
export const BRAND_COLORS = {
  50: '#f0fdfa', 100: '#ccfbf1', 200: '#99f6e4', 300: '#5eead4', 400: '#2dd4bf', 500: '#14b8a6', 600: '#0d9488', 700: '#0f766e',
  800: '#115e59', 900: '#134e4a', 950: '#042f2e',
} as const;

/**
 * Keyboard focus ring colour of each palette, [light, dark]: at least 3:1 against the backgrounds a
 * ring sits on (bg, bg.subtle, bg.panel) in both modes (WCAG 1.4.11 / 2.4.11). Chakra's defaults
 * (gray.400 on white: 2.6:1; green.500 and orange.500 below 3:1) fail that in light mode.
 * Checked by src/components/ui/focus-ring.test.ts.
 */
export const FOCUS_RINGS: Record<string, readonly [string, string]> = {
  brand: ['brand.700', 'brand.400'], gray: ['gray.600', 'gray.400'], red: ['red.600', 'red.400'],
  orange: ['orange.700', 'orange.400'], green: ['green.700', 'green.400'], blue: ['blue.600', 'blue.400'],
};
const focusRingTokens = Object.fromEntries(Object.entries(FOCUS_RINGS).map(([palette, [light, dark]]) =>
  [palette, { focusRing: { value: { _light: `{colors.${light}}`, _dark: `{colors.${dark}}` } } }]));

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
        brand: Object.fromEntries(Object.entries(BRAND_COLORS).map(([step, value]) => [step, { value }])),
      },
    },
    semanticTokens: {
      colors: {
        ...focusRingTokens,
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          ...focusRingTokens.brand,
        },
      },
    },
  },
});

let created: SystemContext | null = null;
/** Recipes registered before the system was made (`registerRecipes`), merged into it when it is. */
const pending: { recipes: Record<string, RecipeDefinition>; slotRecipes: Record<string, SlotRecipeConfig> } = { recipes: {}, slotRecipes: {} };

/**
 * Adds recipes to the system (made or not yet): the late recipes of `./late-recipes.ts`, registered when the lazy
 * module that renders their components is evaluated — before any of them renders, as Chakra caches a component's
 * recipe function on its first render (a component rendered before its recipe arrived would stay unstyled).
 */
export function registerRecipes(recipes: Record<string, RecipeDefinition>, slotRecipes: Record<string, SlotRecipeConfig>) {
  Object.assign(pending.recipes, recipes);
  Object.assign(pending.slotRecipes, slotRecipes);
  if (!created) return;
  const theme = created._config.theme!;
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}

/** What the system is made of: Chakra's base config, its default theme with the app's palettes, the app's config and recipes. */
const systemConfigs = () => [defaultBaseConfig, themeConfig, config, { theme: { recipes: { ...pending.recipes }, slotRecipes: { ...pending.slotRecipes } } }] as const;

/**
 * The Chakra system, created on first use. Creating it is the largest single step of a page's start-up
 * after the modules' evaluation (token dictionary ~40 %, utilities, merging the configs: 17–35 ms of a desktop
 * core in Chromium, ~70–140 ms of Lighthouse's phone; decision 071), so it is not done while the entry module
 * evaluates: src/main.tsx makes it a step per task (`systemSteps`) before hydrating (decisions 037, 075), and the
 * server, tests and client-rendered pages on their first render.
 */
export function getSystem(): SystemContext {
  created ??= createSystem(...systemConfigs());
  return created;
}

/**
 * The system made in steps (Chakra's `createSystemSteps`, patched in, decision 075): the configs' merge and the token
 * dictionary's first half, its references, its views, then the utilities and the rest. Each `next()` runs one step;
 * the generator returns the system `getSystem` returns afterwards. A page that runs one step per task never blocks
 * the main thread for the whole system (25–47 ms of a desktop core in Lighthouse's traces, ×4 on its phone).
 * Should `getSystem` be called meanwhile, its system is the one kept.
 */
export function* systemSteps(): Generator<void, SystemContext, void> {
  if (created) return created;
  const made = yield* createSystemSteps(...systemConfigs());
  created ??= made;
  return created;
}
