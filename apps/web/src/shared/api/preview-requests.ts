/** The header every API call carries while admin preview mode is on (docs/owner-home.md). */
export const PREVIEW_MODE_HEADER = 'x-preview-mode';

// A module flag rather than state: the base query runs outside React. Kept in memory only, so
// a reload starts with preview mode off, as the spec's flag does ("false at the start").
let previewing = false;

/** Called by the preview-mode provider when the flag changes. */
export function setPreviewRequests(on: boolean): void {
  previewing = on;
}

export function isPreviewRequesting(): boolean {
  return previewing;
}
