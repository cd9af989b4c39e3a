import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** GET /api/ready: the database answers and the file store is reachable. */
export const ReadySchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  storage: z.enum(['local', 's3']),
});
export type Ready = z.infer<typeof ReadySchema>;
