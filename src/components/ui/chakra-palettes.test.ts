import path from 'node:path';
import { semanticTokens, tokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { chakraPalettesUsed } from '../../../vite.config.ts';
import { PALETTES, pickKeys, SEMANTIC_COLORS } from './chakra-palettes.ts';

const chakraFile = (file: string) => path.resolve(__dirname, '../../../node_modules/@chakra-ui/react/dist/esm/theme', file);

/** What the browser build makes of one of Chakra's colour modules: the object it exports. */
async function transformed(file: string): Promise<Record<string, unknown>> {
  const transform = chakraPalettesUsed().transform as (this: unknown, code: string, id: string) => Promise<{ code: string } | null>;
  const out = await transform.call({ error: (message: string) => { throw new Error(message); } }, '', chakraFile(file));
  expect(out, file).not.toBeNull();
  return JSON.parse(out!.code.slice(out!.code.indexOf('=') + 1, out!.code.lastIndexOf(';\nexport'))) as Record<string, unknown>;
}

describe("Chakra's colour tokens in the browser build (decision 063)", () => {
  it('keeps exactly the palettes the system picks, with the same values, and drops the others', async () => {
    const colors = await transformed('tokens/colors.js');
    expect(colors).toEqual(pickKeys(tokens.colors ?? {}, PALETTES));
    expect(Object.keys(colors).sort()).toEqual([...PALETTES].sort());
    const semantic = await transformed('semantic-tokens/colors.js');
    expect(semantic).toEqual(pickKeys(semanticTokens.colors ?? {}, SEMANTIC_COLORS));
    expect(Object.keys(semantic).sort()).toEqual([...SEMANTIC_COLORS].sort());
    expect(Object.keys(tokens.colors ?? {})).toContain('purple');
  });
});
