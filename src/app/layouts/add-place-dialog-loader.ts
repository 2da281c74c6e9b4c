/**
 * Loads the signed-in user's add-place form (./add-place-dialog.tsx) for the header's Add place button. The button
 * reaches it through this module rather than by a dynamic import of its own: Vite writes the list of the chunk files a
 * dynamic import needs (the form: ~50) in the module that holds it, which for the button is the entry every public page
 * loads before it is interactive. Here the list loads with the first click (one small file more; decision 063).
 */
export const loadAddPlaceDialog = () => import('./add-place-dialog.tsx');
