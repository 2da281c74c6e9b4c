/**
 * The parts of the app's frame that mount once a page is interactive (src/app/provider.tsx): the toast region, the
 * network notice, the service worker's update prompt and the outbox's sender. The provider reaches them through this
 * module rather than by dynamic imports of its own: Vite writes the list of chunk files each dynamic import needs in the
 * module that holds it — for the provider, the entry every public page loads before it is interactive. Here those
 * lists load after hydration, with the parts (one small file more; decision 063).
 */
export const loadToaster = () => import('../components/ui/toaster.tsx');
export const loadNetworkNotice = () => import('../components/errors/network-notice.tsx');
export const loadUpdatePrompt = () => import('../components/offline/update-prompt.tsx');
export const loadOutboxSender = () => import('../features/contributions/components/outbox-sender.tsx');
