// Replaced at build time by apps/web/vite.config.mts `define` (decisions.md "Names").
declare const __BRAND_PRODUCT__: string;
declare const __BRAND_COMPANY__: string;

interface ImportMetaEnv {
  readonly VITE_SUPPORT_WEBSITE_EMAIL?: string;
  readonly VITE_SUPPORT_CONSTRUCTION_EMAIL?: string;
}
