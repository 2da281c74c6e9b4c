import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATE_RECIPE_FILES, LATE_RECIPE_MODULE } from './late-recipe-modules.ts';
import { LATE_RECIPES, LATE_SLOT_RECIPES } from './late-recipes.ts';
import { RECIPES, SLOT_RECIPES, getSystem } from './system.ts';

/**
 * The Chakra components that style themselves with a recipe, by the recipe's key. The system carries
 * only the recipes the app uses (decision 025): a component whose recipe is missing renders unstyled,
 * so every component imported from '@chakra-ui/react' must be either here with its recipe in the system
 * or in RECIPE_FREE.
 */
const COMPONENT_RECIPES: Record<string, string[]> = {
  Alert: ['alert'], Avatar: ['avatar'], Badge: ['badge'], Breadcrumb: ['breadcrumb'], Button: ['button'],
  Card: ['card'], Checkbox: ['checkbox', 'checkmark'], CloseButton: ['button'], Collapsible: ['collapsible'],
  Container: ['container'], DataList: ['dataList'], Dialog: ['dialog'], EmptyState: ['emptyState'], Field: ['field'],
  Fieldset: ['fieldset'], Heading: ['heading'], Icon: ['icon'], IconButton: ['button'], Input: ['input'],
  InputGroup: ['inputAddon'], Link: ['link'], List: ['list'], NativeSelect: ['nativeSelect'], Progress: ['progress'],
  Separator: ['separator'], Skeleton: ['skeleton'], Spinner: ['spinner'], Table: ['table'], Tabs: ['tabs'],
  Textarea: ['textarea'], Toast: ['toast'], Toaster: ['toast'],
};
/** Layout primitives, providers and helpers: no recipe. */
const RECIPE_FREE = new Set([
  'AspectRatio', 'Box', 'Center', 'ChakraProvider', 'Flex', 'Grid', 'Group', 'HStack', 'Image', 'LocaleProvider', 'Portal',
  'SimpleGrid', 'Stack', 'Text', 'VStack', 'VisuallyHidden', 'chakra', 'createRecipeContext', 'createSlotRecipeContext', 'createSystem', 'createSystemSteps', 'createToaster', 'defaultBaseConfig',
  'defineConfig', 'useBreakpointValue', 'useChakraContext',
]);

const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []);

/** The values each file of src/ imports from '@chakra-ui/react', types left out. */
function chakraImportsByFile() {
  const byFile = new Map<string, string[]>();
  for (const file of sourceFiles(path.resolve(__dirname, '../..'))) {
    const names = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
      if (m[1]) continue;
      for (const spec of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
        if (spec.startsWith('type ')) continue;
        names.add(spec.split(/\s+as\s+/)[0]!);
      }
    }
    if (names.size) byFile.set(file, [...names].filter((n) => !/Props$/.test(n)));
  }
  return byFile;
}
/** Every value imported from '@chakra-ui/react' in src/, types left out. */
const chakraImports = () => [...new Set([...chakraImportsByFile().values()].flat())].sort();

describe('Chakra system recipes', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const imported = chakraImports();
    expect(imported.length).toBeGreaterThan(20);
    const unknown = imported.filter((n) => !COMPONENT_RECIPES[n] && !RECIPE_FREE.has(n));
    expect(unknown, 'new Chakra component: add its recipe to system.ts and to COMPONENT_RECIPES').toEqual([]);
    const keys = new Set([...Object.keys(RECIPES), ...Object.keys(SLOT_RECIPES), ...Object.keys(LATE_RECIPES), ...Object.keys(LATE_SLOT_RECIPES)]);
    const missing = imported.flatMap((n) => (COMPONENT_RECIPES[n] ?? []).filter((k) => !keys.has(k)).map((k) => `${n}: ${k}`));
    expect(missing).toEqual([]);
    for (const key of [...Object.keys(RECIPES), ...Object.keys(LATE_RECIPES)]) expect(getSystem().isRecipe(key), key).toBe(true);
    for (const key of [...Object.keys(SLOT_RECIPES), ...Object.keys(LATE_SLOT_RECIPES)]) expect(getSystem().isSlotRecipe(key), key).toBe(true);
  });

  it('registers a late recipe before any component that needs it renders (decision 055)', () => {
    // Chakra caches a component's recipe function on its first render: a file rendering a component whose recipe
    // is late must import the registration itself, so that the recipe is in the system when its module has run
    const late = new Set([...Object.keys(LATE_RECIPES), ...Object.keys(LATE_SLOT_RECIPES)]);
    const missing = [...chakraImportsByFile()]
      .filter(([file, names]) => names.some((n) => (COMPONENT_RECIPES[n] ?? []).some((k) => late.has(k)))
        && !/import '(\.\.?\/)+(components\/ui\/|ui\/)?late-recipes\.ts';/.test(readFileSync(file, 'utf8')))
      .map(([file]) => path.relative(path.resolve(__dirname, '../..'), file)).sort();
    expect(missing, "these files render a component whose recipe is late: add `import '…/components/ui/late-recipes.ts';`").toEqual([]);
    // and no recipe is both early and late
    expect(Object.keys(RECIPES).filter((k) => late.has(k))).toEqual([]);
    expect(Object.keys(SLOT_RECIPES).filter((k) => late.has(k))).toEqual([]);
  });

  it("names the late recipes' Chakra modules that the build keeps out of the entry's chunk (vite.config.ts)", () => {
    const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    expect([...Object.keys(LATE_RECIPES), ...Object.keys(LATE_SLOT_RECIPES)].map(kebab).sort()).toEqual([...LATE_RECIPE_FILES].sort());
    expect(LATE_RECIPE_MODULE.test('/x/node_modules/@chakra-ui/react/dist/esm/theme/recipes/data-list.js')).toBe(true);
    expect(LATE_RECIPE_MODULE.test('/x/node_modules/@chakra-ui/react/dist/esm/theme/recipes/table.js')).toBe(false);
  });

  it('adds a recipe registered after the system was made to the same system', async () => {
    const system = getSystem();
    expect(system.isSlotRecipe('dialog')).toBe(true);
    const { registerRecipes } = await import('./system.ts');
    registerRecipes({}, { testOnly: { slots: ['root'], base: { root: { color: 'red' } } } });
    expect(getSystem()).toBe(system);
    expect(system.isSlotRecipe('testOnly')).toBe(true);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(getSystem().isSlotRecipe('datePicker')).toBe(false);
    expect(getSystem().isSlotRecipe('combobox')).toBe(false);
  });
});
