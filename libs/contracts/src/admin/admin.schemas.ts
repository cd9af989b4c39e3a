import { z } from 'zod';

// The owner's home (/owner-control) and the admin landing page (/main-dashboard).
// What each number counts, and for whom, is written in docs/owner-home.md.

const count = z.number().int().nonnegative();

/** Whose numbers these are: the whole install (OWNER) or one company (ADMIN). */
export const AdminSummaryScopeSchema = z.object({
  kind: z.enum(['all', 'company']),
  /** The ADMIN's company; null for an OWNER, and for an ADMIN without a company. */
  companyId: z.number().int().positive().nullable(),
  companyName: z.string().nullable(),
});
export type AdminSummaryScope = z.infer<typeof AdminSummaryScopeSchema>;

/** GET /api/admin/summary. */
export const AdminSummarySchema = z.object({
  scope: AdminSummaryScopeSchema,
  /** Accounts by status; a deactivated account counts only as deactivated. */
  users: z.object({ pending: count, active: count, deactivated: count }),
  rooms: z.object({ live: count, paused: count, inactive: count }),
  /** Content is the owner's (not a company's): null for an ADMIN. */
  content: z.object({ live: count, offline: count }).nullable(),
  /** Conversations started in the last 7 days (from `since`), and their stored minutes. */
  conversations: z.object({ count, minutes: count, since: z.string() }),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;
