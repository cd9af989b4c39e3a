import type { BrowserContextOptions } from '@playwright/test';

/**
 * A crew member's phone: 360 × 740 CSS pixels, touch and the mobile viewport. Its pixel
 * ratio stays 1: what the specs check (layout, tap targets, text size, axe) is in CSS pixels,
 * which the ratio does not change, and drawing every frame at twice the pixels each way cost
 * field-phone.spec.ts 215 CPU-s instead of 128 on the two-CPU machine (docs/testing.md).
 */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
} satisfies BrowserContextOptions;

/** The desktop the specs compare the phone with. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;
