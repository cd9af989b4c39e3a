/** On-screen texts while there is no connection (docs/field-readiness.md "Offline texts"). */
export const offlineTexts = {
  title: 'You are offline',
  body: 'This page needs a connection. It loads by itself when the signal is back.',
} as const;
