/**
 * Full page loads go through here so tests can observe them (jsdom cannot navigate) and so
 * there is one place that leaves the single-page app.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
