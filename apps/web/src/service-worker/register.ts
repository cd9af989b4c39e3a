/**
 * Registers the app-shell service worker (/sw.js, written by the web build) in production builds
 * only: the dev server has no sw.js, and a worker there would serve stale modules.
 */
export function registerServiceWorker(
  production: boolean = import.meta.env.PROD,
  nav: Navigator = navigator,
  win: Window = window,
): boolean {
  if (!production || !('serviceWorker' in nav)) return false;
  const register = () => {
    nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still runs online; nothing to tell the user.
    });
  };
  // After the page has loaded, so installing never competes with the first render for bandwidth.
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
  return true;
}
