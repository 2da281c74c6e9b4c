import { readdirSync, readFileSync } from 'node:fs';
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

/** Every .ts/.tsx source file of the browser app (tests left out). */
function appSources(dir = path.resolve(__dirname, '../..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'server' ? [] : appSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the palettes the app names', () => {
  it('are all in the system: no colorPalette or colour token of a palette left out (it would draw no colour)', () => {
    const known = new Set([...PALETTES, 'brand']);
    const unknown = appSources().flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const named = [
        ...[...source.matchAll(/colorPalette[=:]\s*\{?\s*["'](\w+)["']/g)].map((m) => m[1]!),
        ...[...source.matchAll(/["'](\w+)\.(?:50|[1-9]00|950)["']/g)].map((m) => m[1]!),
      ];
      return named.filter((palette) => !known.has(palette)).map((palette) => `${path.basename(file)}: ${palette}`);
    });
    expect(unknown).toEqual([]);
  });
});
