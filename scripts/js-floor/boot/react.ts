// The floor's first stage (decision 072), as src/boot/react.ts.
export { hydrateRoot } from 'react-dom/client';
