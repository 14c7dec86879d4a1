import { z } from "zod";

/** Every refusal the API sends: one human-readable sentence naming the problem. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
