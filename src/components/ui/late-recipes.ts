import {
  checkmarkRecipe, textareaRecipe, avatarSlotRecipe, checkboxSlotRecipe, collapsibleSlotRecipe, dataListSlotRecipe,
  dialogSlotRecipe, fieldSlotRecipe, fieldsetSlotRecipe, listSlotRecipe, progressSlotRecipe, tabsSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { registerRecipes } from './system.ts';

/**
 * The recipes of the Chakra components no public page renders before it is interactive: dialogs, form fields,
 * tabs, toasts, the account's avatar, the admin area's progress and lists (decision 055). They stay out of every
 * page's first scripts (−3 KB gzip) and are added to the system when this module is evaluated, i.e. when the lazy
 * module that renders them loads — so every file that renders one of these components imports this module
 * (`import './late-recipes.ts'`, checked by src/components/ui/system-recipes.test.ts).
 */
export const LATE_RECIPES = { checkmark: checkmarkRecipe, textarea: textareaRecipe };
export const LATE_SLOT_RECIPES = {
  avatar: avatarSlotRecipe, checkbox: checkboxSlotRecipe, collapsible: collapsibleSlotRecipe, dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe, field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, list: listSlotRecipe,
  progress: progressSlotRecipe, tabs: tabsSlotRecipe, toast: toastSlotRecipe,
};

registerRecipes(LATE_RECIPES, LATE_SLOT_RECIPES);
