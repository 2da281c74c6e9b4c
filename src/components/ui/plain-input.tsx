import { createRecipeContext, type InputProps } from '@chakra-ui/react';

/**
 * Chakra's `Input` as a plain `<input>`: the same recipe (`input`), class name (`chakra-input`), variants and style
 * props, rendered the same, without Ark's `Field.Input` around it. That wrapper only adds what a surrounding
 * `Field.Root` provides (id, `aria-describedby`, invalid/required state), and brought Ark's whole `Field` namespace and
 * zag's textarea auto-resize into every public page's first scripts, as the header's search box is an input
 * (decision 062). Use it for an input outside a `Field.Root` on a public page; inside a labelled field (the forms),
 * keep Chakra's `Input`.
 */
export const PlainInput = createRecipeContext({ key: 'input' }).withContext<HTMLInputElement, InputProps>('input', { displayName: 'PlainInput' });
