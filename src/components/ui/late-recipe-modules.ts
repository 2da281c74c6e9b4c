/**
 * The files of Chakra's recipe modules (`@chakra-ui/react/dist/esm/theme/recipes/<name>.js`) whose recipes are late
 * (./late-recipes.ts): vite.config.ts keeps them out of the entry's chunk (decision 055). One name per key of
 * LATE_RECIPES and LATE_SLOT_RECIPES, in kebab case (src/components/ui/system-recipes.test.ts checks both lists agree).
 */
export const LATE_RECIPE_FILES = [
  'avatar', 'checkbox', 'checkmark', 'collapsible', 'data-list', 'dialog', 'field', 'fieldset', 'list', 'progress', 'tabs',
  'textarea', 'toast',
];

/** Matches the module id of a late recipe's file. */
export const LATE_RECIPE_MODULE = new RegExp(`[\\\\/]@chakra-ui[\\\\/]react[\\\\/]dist[\\\\/]esm[\\\\/]theme[\\\\/]recipes[\\\\/](${LATE_RECIPE_FILES.join('|')})\\.js$`);
