/** Accounts SEED_DEMO=1 creates (documented in the README). */
export const DEMO_USER = { email: 'user@fieldcraft.local', password: 'fieldcraft-demo' };
export const DEMO_ADMIN = { email: 'admin@fieldcraft.local', password: 'fieldcraft-demo' };

/**
 * The password the bootstrap owner chooses in sign-in.spec.ts (which runs first, see the
 * Playwright projects); later specs sign the owner in with it.
 */
export const OWNER_CHOSEN_PASSWORD = 'site-safety-2025!';
