import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
  'SimpleGrid', 'Stack', 'Text', 'VStack', 'VisuallyHidden', 'chakra', 'createSystem', 'createToaster', 'defaultBaseConfig',
  'defineConfig', 'useBreakpointValue', 'useChakraContext',
]);

const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []);

/** Every value imported from '@chakra-ui/react' in src/, types left out. */
function chakraImports() {
  const names = new Set<string>();
  for (const file of sourceFiles(path.resolve(__dirname, '../..'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
      if (m[1]) continue;
      for (const spec of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
        if (spec.startsWith('type ')) continue;
        names.add(spec.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return [...names].filter((n) => !/Props$/.test(n)).sort();
}

describe('Chakra system recipes', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const imported = chakraImports();
    expect(imported.length).toBeGreaterThan(20);
    const unknown = imported.filter((n) => !COMPONENT_RECIPES[n] && !RECIPE_FREE.has(n));
    expect(unknown, 'new Chakra component: add its recipe to system.ts and to COMPONENT_RECIPES').toEqual([]);
    const keys = new Set([...Object.keys(RECIPES), ...Object.keys(SLOT_RECIPES)]);
    const missing = imported.flatMap((n) => (COMPONENT_RECIPES[n] ?? []).filter((k) => !keys.has(k)).map((k) => `${n}: ${k}`));
    expect(missing).toEqual([]);
    for (const key of Object.keys(RECIPES)) expect(getSystem().isRecipe(key), key).toBe(true);
    for (const key of Object.keys(SLOT_RECIPES)) expect(getSystem().isSlotRecipe(key), key).toBe(true);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(getSystem().isSlotRecipe('datePicker')).toBe(false);
    expect(getSystem().isSlotRecipe('combobox')).toBe(false);
  });
});
