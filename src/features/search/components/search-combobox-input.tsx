import { HStack, type InputProps, type StackProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants.ts';
import { PlainInput } from '../../../components/ui/plain-input.tsx';

/**
 * The search box of the header and of the small screens' overlay: a `role="search"` form holding a
 * combobox input over the overlay's results (labelled, list autocomplete, no browser autofill, the
 * keyboard's search key, at most LIMITS.searchMaxLength characters), then `children` (a button).
 * Enter submits the form (`onSubmit` gets the event already prevented). The input's popup state
 * (`aria-expanded`, `aria-controls`, …) and size come from the caller through `inputProps`.
 */
export const SearchComboboxInput = forwardRef<HTMLInputElement, {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: () => void;
  inputProps?: Omit<InputProps, 'value' | 'onChange'>;
  formProps?: StackProps;
  children?: ReactNode;
}>(function SearchComboboxInput({ value, onValueChange, onSubmit, inputProps, formProps, children }, ref) {
  const { t } = useTranslation();
  return (
    <HStack as="form" role="search" aria-label={t('nav.searchLabel')} onSubmit={(e) => { e.preventDefault(); onSubmit(); }} {...formProps}>
      <PlainInput
        ref={ref}
        type="search"
        role="combobox"
        aria-label={t('nav.searchLabel')}
        aria-autocomplete="list"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={LIMITS.searchMaxLength}
        value={value}
        placeholder={t('nav.searchPlaceholder')}
        borderRadius="full"
        onChange={(e) => onValueChange(e.target.value)}
        {...inputProps}
      />
      {children}
    </HStack>
  );
});
