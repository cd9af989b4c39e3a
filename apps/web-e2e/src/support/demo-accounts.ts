/** Accounts SEED_DEMO=1 creates (documented in the README). */
export const DEMO_USER = { email: 'user@fieldcraft.local', password: 'fieldcraft-demo' };
export const DEMO_ADMIN = { email: 'admin@fieldcraft.local', password: 'fieldcraft-demo' };
