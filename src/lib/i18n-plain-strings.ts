import type { i18n as I18n, TFunction } from 'i18next';

/** The most counted strings (a key and a count) one language, namespace and prefix remembers; plain strings are not counted. */
export const MAX_COUNTED_STRINGS = 20_000;

/** The count of options that are exactly `{ count: <finite number> }` (a plural asked with nothing else), else undefined. */
function onlyCount(options: unknown): number | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  let count: unknown;
  let keys = 0;
  for (const key in options) {
    if (key !== 'count' || ++keys > 1) return undefined;
    count = (options as { count: unknown }).count;
  }
  return typeof count === 'number' && Number.isFinite(count) ? count : undefined;
}

/**
 * Makes `instance.getFixedT` — what react-i18next's `useTranslation` calls for each component — hand out `t`
 * functions that remember each plain string: a string key asked with no options (nothing to interpolate, no count,
 * no default) in the fixed language, namespace and key prefix. i18next otherwise, on every call, copies its options
 * into a new object, resolves the key through the fallback languages and runs interpolation and nesting over the
 * found string (≈ 3.5 % of a server render's CPU, decision 069). A key asked with only a count (`{ count: n }`:
 * "12 places" on every category and district card) is remembered by key and count too, up to
 * MAX_COUNTED_STRINGS per language, namespace and prefix: i18next also chose its plural form with `Intl.PluralRules`
 * on each call (≈ 2 ms of a home page's render). Calls with other options, array or function keys are i18next's
 * own. For an instance whose resources do not change once loaded: the server's per-language instances
 * (src/entry-server.tsx), not the browser's, which loads strings as pages need them.
 */
export function rememberPlainStrings(instance: I18n): void {
  const getFixedT = instance.getFixedT.bind(instance);
  const byScope = new Map<string, { strings: Map<string, unknown>; counted: number }>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts?: { scopeNs?: unknown }) => {
    const fixed = (getFixedT as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix, fixedOpts);
    const call = fixed as unknown as (...args: unknown[]) => unknown;
    if (typeof lng !== 'string' || (keyPrefix !== undefined && typeof keyPrefix !== 'string')) return fixed;
    const scope = [lng, String(ns ?? ''), keyPrefix ?? '', String(fixedOpts?.scopeNs ?? '')].join('\u0000');
    let remembered = byScope.get(scope);
    if (!remembered) byScope.set(scope, (remembered = { strings: new Map(), counted: 0 }));
    const known = remembered.strings;
    const memory = remembered;
    const remembering = ((key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string') return call(key, ...rest);
      if (rest.length === 0) {
        let value = known.get(key);
        if (value === undefined) {
          value = call(key);
          if (typeof value === 'string') known.set(key, value);
        }
        return value;
      }
      const count = rest.length === 1 ? onlyCount(rest[0]) : undefined;
      if (count === undefined) return call(key, ...rest);
      // '\u0001' is in no key: a counted string never answers a plain call, nor one count another
      const id = `${key}\u0001${count}`;
      let value = known.get(id);
      if (value === undefined) {
        value = call(key, { count });
        if (typeof value === 'string' && memory.counted < MAX_COUNTED_STRINGS) {
          known.set(id, value);
          memory.counted += 1;
        }
      }
      return value;
    }) as unknown as TFunction;
    // what i18next and react-i18next read of a fixed `t`
    const { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix } = fixed as unknown as Record<'lng' | 'lngs' | 'ns' | 'keyPrefix', unknown>;
    return Object.assign(remembering, { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix });
  }) as I18n['getFixedT'];
}
