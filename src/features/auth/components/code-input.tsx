import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { normalizeCodeInput } from '../auth-forms.ts';

/**
 * The 6-digit code field: one numeric input offering the code from the mail to the
 * platform's one-time-code autofill; Arabic-Indic digits are turned into 0-9, anything else dropped.
 */
export function CodeInput({ ref, value, onChange, ...props }: Omit<InputProps, 'onChange' | 'value'> & { ref?: Ref<HTMLInputElement>; value: string; onChange: (code: string) => void }) {
  return (
    <Input
      ref={ref}
      value={value}
      onChange={(e) => onChange(normalizeCodeInput(e.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      dir="ltr"
      textAlign="center"
      fontFamily="mono"
      fontSize="2xl"
      letterSpacing="0.5em"
      ps="0.5em"
      size="xl"
      {...props}
    />
  );
}
