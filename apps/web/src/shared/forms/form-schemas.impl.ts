// zod's settings first (zod-config.ts): the light public app loads these schemas before any other.
import '../../zod-config';
// Loaded only through loadFormSchemas() (form-schemas.ts), so zod stays out of the login page's chunk.
export { ChangePasswordFormSchema, LoginBodySchema } from '@fieldcraft/contracts';
