import type { i18n as I18n, TFunction } from 'i18next';

/**
 * Makes `instance.getFixedT` — what react-i18next's `useTranslation` calls for each component — hand out `t`
 * functions that remember each plain string: a string key asked with no options (nothing to interpolate, no count,
 * no default) in the fixed language, namespace and key prefix. i18next otherwise, on every call, copies its options
 * into a new object, resolves the key through the fallback languages and runs interpolation and nesting over the
 * found string (≈ 3.5 % of a server render's CPU, decision 069). Calls with options, array or function keys are
 * i18next's own. For an instance whose resources do not change once loaded: the server's per-language instances
 * (src/entry-server.tsx), not the browser's, which loads strings as pages need them.
 */
export function rememberPlainStrings(instance: I18n): void {
  const getFixedT = instance.getFixedT.bind(instance);
  const byScope = new Map<string, Map<string, unknown>>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts?: { scopeNs?: unknown }) => {
    const fixed = (getFixedT as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix, fixedOpts);
    const call = fixed as unknown as (...args: unknown[]) => unknown;
    if (typeof lng !== 'string' || (keyPrefix !== undefined && typeof keyPrefix !== 'string')) return fixed;
    const scope = [lng, String(ns ?? ''), keyPrefix ?? '', String(fixedOpts?.scopeNs ?? '')].join('\u0000');
    let strings = byScope.get(scope);
    if (!strings) byScope.set(scope, (strings = new Map()));
    const known = strings;
    const remembering = ((key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 0) return call(key, ...rest);
      let value = known.get(key);
      if (value === undefined) {
        value = call(key);
        if (typeof value === 'string') known.set(key, value);
      }
      return value;
    }) as unknown as TFunction;
    // what i18next and react-i18next read of a fixed `t`
    const { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix } = fixed as unknown as Record<'lng' | 'lngs' | 'ns' | 'keyPrefix', unknown>;
    return Object.assign(remembering, { lng: fixedLng, lngs, ns: fixedNs, keyPrefix: fixedPrefix });
  }) as I18n['getFixedT'];
}
