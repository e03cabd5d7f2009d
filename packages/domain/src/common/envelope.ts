import { z } from 'zod';

/** `{ data: T }`: every successful answer. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: { items, total } }`: list answers. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.object({ items: z.array(item), total: z.int() }) });
}

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() }))
      .optional(),
  }),
});
