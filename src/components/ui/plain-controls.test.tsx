// @vitest-environment jsdom
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, Input, NativeSelect } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainInput } from './plain-input.tsx';
import { PlainNativeSelect } from './plain-native-select.tsx';
import { getSystem } from './system.ts';

/**
 * PlainInput and PlainNativeSelect (decision 062) stand in for Chakra's Input and NativeSelect on the public pages,
 * without Ark's Field under them: they must render the same element, attributes, class names and styles, so the
 * pages look and behave as before. Each pair is rendered with the same props on one Emotion cache and compared as HTML
 * (class names are hashes of the styles, so equal classes mean equal CSS).
 */
afterEach(cleanup);

function html(node: ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  render(
    <CacheProvider value={createCache({ key: 'css', container: document.head })}>
      <ChakraProvider value={getSystem()}>{node}</ChakraProvider>
    </CacheProvider>,
    { container },
  );
  return container.innerHTML;
}

describe('plain controls render as Chakra’s', () => {
  it('PlainInput = Input (search box and list filter props)', () => {
    const props = {
      type: 'search', role: 'combobox', 'aria-label': 'Search', autoComplete: 'off', maxLength: 100, placeholder: 'Search…',
      borderRadius: 'full', size: 'sm', value: 'caf', onChange: () => {},
    } as const;
    const chakra = html(<Input {...props} />);
    expect(chakra).toContain('chakra-input');
    expect(html(<PlainInput {...props} />)).toBe(chakra);
  });

  it('PlainNativeSelect = NativeSelect (root, field with options, indicator)', () => {
    const select = (S: typeof NativeSelect | typeof PlainNativeSelect) => (
      <S.Root size="sm">
        <S.Field id="filter-sort" value="name" onChange={() => {}}>
          <option value="name">Name</option>
          <option value="newest">Newest</option>
        </S.Field>
        <S.Indicator />
      </S.Root>
    );
    const chakra = html(select(NativeSelect));
    expect(chakra).toContain('chakra-native-select__field');
    expect(html(select(PlainNativeSelect))).toBe(chakra);
  });
});
