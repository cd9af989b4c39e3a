/**
 * An in-memory CacheStorage for component and unit tests (the test DOM has none): keys are
 * absolute URLs; `quotaExceeded` makes the next put fail as a full device would.
 */
export class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();
  quotaExceeded = false;

  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const map = store;
    const key = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
    return {
      put: async (request: RequestInfo | URL, response: Response) => {
        if (this.quotaExceeded)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        map.set(key(request), response);
      },
      match: async (request: RequestInfo | URL) => map.get(key(request))?.clone(),
      delete: async (request: RequestInfo | URL) => map.delete(key(request)),
      keys: async () => [...map.keys()],
    };
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }

  async keys() {
    return [...this.stores.keys()];
  }

  async has(name: string) {
    return this.stores.has(name);
  }

  /** The URLs saved in one cache. */
  urls(name: string): string[] {
    return [...(this.stores.get(name)?.keys() ?? [])];
  }
}
