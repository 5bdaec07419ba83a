import { z } from 'zod';

/** The one error shape of the API. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
});

/** A numeric id in a path: anything else is a 400, never a database error. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
