import { z } from 'zod';
import { idEntero } from '../../domain/numeros';

/** The one error shape of the API. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
});

/** A numeric id in a path, plain digits: anything else is a 400, never a database error nor another row. */
export const idParam = z.object({ id: idEntero() });
