/**
 * The contracts' zod schemas for the sign-in and password-change forms, loaded on demand: zod is
 * ~25 KB gzip, and the login page's first JavaScript must stay small on weak signal
 * (docs/field-readiness.md "Budgets"). The forms start loading it as soon as someone types and
 * await it on submit; the schemas themselves stay the one source of truth, shared with the API.
 */
type FormSchemas = typeof import('./form-schemas.impl');

let loading: Promise<FormSchemas> | undefined;

// A local module in between: Nx forbids importing a library both lazily and statically.
export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas.impl');
  return loading;
}
