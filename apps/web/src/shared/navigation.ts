/**
 * Full page loads go through here so tests can observe them (a test's page cannot load another)
 * and so there is one place that leaves the single-page app.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
