import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (a message may have
 * lines). PostgreSQL cannot store U+0000 in text at all; the others are never meant in a form.
 */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The building block of every string a request carries (path, query, body): a zod string that
 * refuses control characters first, so none reaches the database. Chain the field's own rules.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacters(value), {
    error: CONTROL_CHARACTERS_MESSAGE,
    // Its own problem, not worth reporting the length rules beside it.
    abort: true,
  });
}
