// Loaded only through loadFormSchemas() (form-schemas.ts), so zod stays out of the login page's chunk.
export { ChangePasswordFormSchema, LoginBodySchema } from '@fieldcraft/contracts';
