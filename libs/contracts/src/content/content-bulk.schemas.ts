import { z } from 'zod';

/** What the owner's content table does to every selected item at once. */
export const ContentBulkActionSchema = z.enum([
  'go-live',
  'take-offline',
  'delete',
  'grant',
  'revoke',
]);
export type ContentBulkAction = z.infer<typeof ContentBulkActionSchema>;

/**
 * POST /api/dashboard/content/bulk: one action over up to 500 items, in one transaction.
 * `userId` is required for grant and revoke, and refused for the others.
 */
export const ContentBulkBodySchema = z
  .object({
    action: ContentBulkActionSchema,
    ids: z
      .array(z.number().int().positive())
      .min(1, { error: 'Select at least one item' })
      .max(500, { error: 'At most 500 items at once' }),
    userId: z.number().int().positive().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const forUser = body.action === 'grant' || body.action === 'revoke';
    if (forUser && body.userId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Choose a user' });
    }
    if (!forUser && body.userId !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'Only grant and revoke take a user',
      });
    }
  });
export type ContentBulkBody = z.infer<typeof ContentBulkBodySchema>;

/** The answer: how many items the action changed; ids that were not there are listed. */
export const ContentBulkResultSchema = z.object({
  action: ContentBulkActionSchema,
  changed: z.number().int().nonnegative(),
  missing: z.array(z.number().int()),
});
export type ContentBulkResult = z.infer<typeof ContentBulkResultSchema>;
