import { z } from 'zod';
import { UserSchema } from './auth.schemas';

/** GET /api/auth/account: the Profile page's facts about the signed-in account. */
export const AccountSchema = z.object({
  user: UserSchema,
  /** The company the account belongs to; null for an account outside every company. */
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Unexpired sessions of this account on other devices or browsers. */
  otherSessions: z.number().int().nonnegative(),
});
export type Account = z.infer<typeof AccountSchema>;

/** POST /api/auth/sign-out-others answer: how many other sessions ended. */
export const SignOutOthersResponseSchema = z.object({
  signedOut: z.number().int().nonnegative(),
});
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;
