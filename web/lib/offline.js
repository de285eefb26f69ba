// Offline play: registers the service worker (sw.js), then hands it every same-origin file this
// page has loaded so far (modules, styles, the wasm engine), so the next visit works without a
// network even for files fetched before the worker was in control. Boards need no caching: they are
// generated on the device from the id.

/** Registers sw.js where the browser allows service workers (http://localhost or https). */
export async function registerOffline() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  try {
    const registration = await navigator.serviceWorker.register('sw.js');
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const files = performance.getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => url.startsWith(location.origin) && !new URL(url).pathname.includes('/api/'));
    if (!worker) return;
    // The worker answers once every file is in its cache.
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      worker.postMessage({ cache: [...new Set([new URL('./', location.href).href, ...files])] }, [channel.port2]);
    });
    document.documentElement.dataset.offline = 'ready';
  } catch {
    // without a worker the page still plays while online
  }
}
