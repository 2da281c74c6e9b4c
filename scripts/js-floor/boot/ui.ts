// The floor's second stage (decision 072), as src/boot/ui.ts.
export { createSystem } from '@chakra-ui/react';
