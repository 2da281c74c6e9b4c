import { describe, expect, it, vi } from 'vitest';

type SystemModule = typeof import('./system.ts');
/** A fresh copy of ./system.ts: no system made yet. */
async function freshSystemModule(): Promise<SystemModule> {
  vi.resetModules();
  return import('./system.ts');
}

/**
 * Decision 075: a page makes Chakra's system a step per task (src/main.tsx), through Chakra's `createSystemSteps`
 * (patched in, patches/@chakra-ui+react+3.37.0.patch), instead of one `createSystem` call of 25–47 ms.
 */
describe("Chakra's system made in steps (decision 075)", () => {
  it('is made in five steps, each one handing control back, and is then the system getSystem returns', async () => {
    const { systemSteps, getSystem } = await freshSystemModule();
    const steps = systemSteps();
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    // the configs' merge | the tokens and their pre transforms | references and post transforms | views | the rest
    expect(yields).toBe(4);
    expect(step.value).toBe(getSystem());
  });

  it('makes the same system as createSystem at once: tokens, variables, global CSS, style and recipe output', async () => {
    const stepped = await (async () => {
      const { systemSteps } = await freshSystemModule();
      const steps = systemSteps();
      let step = steps.next();
      while (!step.done) step = steps.next();
      return step.value;
    })();
    const atOnce = (await freshSystemModule()).getSystem();
    expect(stepped).not.toBe(atOnce);
    expect(stepped.tokens.allTokens.map((t) => [t.name, t.value, t.extensions.condition])).toEqual(
      atOnce.tokens.allTokens.map((t) => [t.name, t.value, t.extensions.condition]),
    );
    expect(stepped._global).toEqual(atOnce._global);
    const style = { color: 'brand.fg', bg: { base: 'bg.subtle', _dark: 'gray.900' }, p: '4', maxW: '5xl', _hover: { borderColor: 'red.600' } };
    expect(stepped.css(style)).toEqual(atOnce.css(style));
    expect(stepped.getRecipe('button')).toEqual(atOnce.getRecipe('button'));
    expect(stepped.cva(stepped.getRecipe('button'))({ size: 'sm', variant: 'outline' })).toEqual(atOnce.cva(atOnce.getRecipe('button'))({ size: 'sm', variant: 'outline' }));
  });

  it('keeps the system getSystem made while the steps were under way', async () => {
    const { systemSteps, getSystem } = await freshSystemModule();
    const steps = systemSteps();
    steps.next();
    const early = getSystem();
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value).toBe(early);
    expect(getSystem()).toBe(early);
  });
});
