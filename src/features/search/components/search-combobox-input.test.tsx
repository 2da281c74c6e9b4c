// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSystem } from '../../../components/ui/system.ts';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { SearchComboboxInput } from './search-combobox-input.tsx';

function Harness({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <ChakraProvider value={getSystem()}>
      <SearchComboboxInput value={text} onValueChange={setText} onSubmit={() => onSubmit(text)} inputProps={{ 'aria-expanded': false, 'aria-haspopup': 'dialog' }}>
        <button type="button">extra</button>
      </SearchComboboxInput>
    </ChakraProvider>
  );
}

afterEach(cleanup);

describe('SearchComboboxInput (header and mobile overlay)', () => {
  it('is a combobox inside a search form, limited like the API, with the caller’s popup state', () => {
    render(<Harness onSubmit={() => {}} />);
    const input = screen.getByRole('combobox');
    expect(input.closest('form')?.getAttribute('role')).toBe('search');
    expect(input.getAttribute('maxlength')).toBe(String(LIMITS.searchMaxLength));
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.getByRole('button', { name: 'extra' })).toBeTruthy();
  });

  it('reports typing and submits the text on Enter without reloading the page', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'coffee' } });
    expect(input.value).toBe('coffee');
    const submitted = fireEvent.submit(input.closest('form')!);
    expect(submitted).toBe(false); // default prevented
    expect(onSubmit).toHaveBeenCalledWith('coffee');
  });
});
