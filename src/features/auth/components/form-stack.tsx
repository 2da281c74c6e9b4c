import { Stack, type StackProps } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form laid out as a vertical stack: browser validation off (the zod rules speak instead) and
 * `aria-busy` while it submits.
 */
export function FormStack({ onSubmit, busy, id, gap = '5', children }: { onSubmit: FormEventHandler<HTMLFormElement>; busy?: boolean; id?: string; gap?: StackProps['gap']; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy || undefined} id={id}>
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}
