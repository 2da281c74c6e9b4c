import { BOOT_DATA_ELEMENT_ID, bootKey, type BootData } from '../shared/boot-data.ts';

let boot: BootData | null | undefined;

function read(): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  if (typeof document === 'undefined') return boot;
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return boot;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object') boot = parsed as BootData;
  } catch {
    /* a broken boot block only costs the round trips it would have saved */
  }
  element.remove();
  return boot;
}

/**
 * The JSON envelope the server put in this page's HTML for an anonymous GET of `pathWithQuery` (path
 * under the API base), at most once: later calls fetch as usual so refetches see fresh data.
 * Undefined when the page carried none for it (decision 012, src/shared/boot-data.ts).
 */
export function takeBootResponse(pathWithQuery: string): unknown {
  const data = read();
  if (!data) return undefined;
  const key = bootKey(pathWithQuery);
  if (!(key in data)) return undefined;
  const envelope = data[key];
  delete data[key];
  return envelope;
}
