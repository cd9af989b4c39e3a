/**
 * Everything configurable about the web app, read in ONE place. Brand names come from the
 * BRAND_PRODUCT / BRAND_COMPANY environment at build time; components never spell them out.
 */
export const config = {
  brandProduct: __BRAND_PRODUCT__,
  brandCompany: __BRAND_COMPANY__,
  /** Shown on the navigation button and in the copyright line. */
  versionLabel: 'Beta 1.4',
  copyrightYear: 2025,
  support: {
    website: {
      label: 'Website help',
      email: import.meta.env.VITE_SUPPORT_WEBSITE_EMAIL ?? 'web-support@fieldcraft.example',
    },
    construction: {
      label: 'Construction queries',
      email: import.meta.env.VITE_SUPPORT_CONSTRUCTION_EMAIL ?? 'field-advice@fieldcraft.example',
    },
  },
  timing: {
    /** Full page load to '/' after a successful sign-in. */
    loginRedirectMs: 500,
    /** Full page load to '/' after sign-out. */
    logoutRedirectMs: 100,
    /** Auth status is cached (and not refetched on mount) for 10 minutes. */
    authStatusCacheSeconds: 600,
  },
  /** Room chat (spec §9 "Upload and chat"). The 5000 ms activity ping lives in voice-client. */
  chat: {
    duplicateWindowMs: 1000,
    autoScrollThresholdPx: 100,
    /** After a session ends, the past conversations are read again once, this much later. */
    historyRefreshDelayMs: 2000,
  },
  toast: {
    limit: 1,
    durationMs: 5000,
    /** A dismissed toast stays in the store this long before it is dropped. */
    removeDelayMs: 1_000_000,
    swipeThresholdPx: 50,
    hotkey: 'F8',
    viewportLabel: 'Notifications (F8)',
  },
} as const;

export const copyrightLine = `© ${config.copyrightYear} ${config.brandCompany}. All rights reserved.`;
