import { tokens, semanticTokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { BRAND_COLORS, FOCUS_RINGS, getSystem } from './system.ts';

/** '#rrggbb' of a palette step such as 'gray.600' or 'brand.700'. */
function hex(ref: string): string {
  const [palette, step] = ref.split('.');
  if (palette === 'brand') return BRAND_COLORS[Number(step) as keyof typeof BRAND_COLORS];
  const value = (tokens.colors as unknown as Record<string, Record<string, { value: string }>>)[palette]?.[step ?? '']?.value;
  if (!value) throw new Error(`no colour ${ref}`);
  return value;
}
/** A semantic colour's [light, dark] palette references, e.g. bg.subtle → ['gray.50', 'gray.950']. */
function modes(name: string, key = 'DEFAULT'): [string, string] {
  const v = (semanticTokens.colors as unknown as Record<string, Record<string, { value: { _light: string; _dark: string } }>>)[name][key].value;
  const strip = (s: string) => s.replace(/^\{colors\.|\}$/g, '');
  return [strip(v._light), strip(v._dark)];
}
const white = '#FFFFFF';
const resolve = (ref: string) => (ref === 'white' ? white : ref === 'black' ? '#000000' : hex(ref));

function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** WCAG contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('keyboard focus ring contrast (WCAG 1.4.11 / 2.4.11)', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast(hex('gray.400'), white)).toBeLessThan(3); // Chakra's default gray ring: 2.6:1
  });

  it('every palette ring is at least 3:1 against bg, bg.subtle and bg.panel in light and dark', () => {
    const backgrounds = [modes('bg'), modes('bg', 'subtle'), modes('bg', 'panel')];
    const failures: string[] = [];
    for (const [palette, [light, dark]] of Object.entries(FOCUS_RINGS)) {
      for (const [bgLight, bgDark] of backgrounds) {
        const l = contrast(hex(light), resolve(bgLight));
        const d = contrast(hex(dark), resolve(bgDark));
        if (l < 3) failures.push(`${palette} light ${light} on ${bgLight}: ${l.toFixed(2)}`);
        if (d < 3) failures.push(`${palette} dark ${dark} on ${bgDark}: ${d.toFixed(2)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the system uses these rings (gray, the default palette, included)', () => {
    for (const palette of Object.keys(FOCUS_RINGS)) {
      const token = getSystem().tokens.getByName(`colors.${palette}.focusRing`);
      expect(token, palette).toBeTruthy();
      const [light, dark] = FOCUS_RINGS[palette];
      expect(token?.extensions?.conditions, palette).toEqual({ _light: `{colors.${light}}`, _dark: `{colors.${dark}}` });
    }
  });
});
