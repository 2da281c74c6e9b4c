/**
 * The second stage of the browser's start (src/main.tsx, decision 072): Chakra UI, Emotion and Zag — what the first
 * render needs of them — and the app's Chakra system definition, built into a chunk of their own and evaluated in a
 * task of their own. What this exports only names the chunk for `import()`.
 */
export { getSystem } from '../components/ui/system.ts';
