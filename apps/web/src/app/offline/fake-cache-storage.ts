// The service worker's tests still import the fake from here; it lives in testing/ now.
export * from '../../testing/fake-cache-storage';
