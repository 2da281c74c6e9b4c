import { chakra, createSlotRecipeContext, type HTMLChakraProps, type NativeSelectRootProps } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'nativeSelect' });

/**
 * Chakra's `NativeSelect` (Root, Field, Indicator) without Ark's `Field.Select` under its field: the same slot recipe
 * (`nativeSelect`), class names and chevron, rendered the same. Ark's wrapper only adds what a surrounding
 * `Field.Root` provides (id, `aria-describedby`, disabled/invalid state) — the places list's filters are labelled by
 * their own `<label for>` — and it brought Ark's whole `Field` namespace into the places list's first scripts
 * (decision 062). Not for a select inside a Chakra `Field.Root` (the forms keep Chakra's `NativeSelect`).
 */
const Root = withProvider<HTMLDivElement, NativeSelectRootProps>('div', 'root');
const Field = withContext<HTMLSelectElement, HTMLChakraProps<'select'>>('select', 'field');
const IndicatorBox = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'indicator');

/** The chevron Chakra's NativeSelect.Indicator draws. */
function Indicator(props: ComponentProps<typeof IndicatorBox>) {
  return (
    <IndicatorBox {...props}>
      {props.children ?? (
        <chakra.svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 9 6 6 6-6" />
        </chakra.svg>
      )}
    </IndicatorBox>
  );
}

export const PlainNativeSelect = { Root, Field, Indicator };
