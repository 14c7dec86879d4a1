import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The bundled list of common breached passwords (ASVS 2.1.7): the ~49,000 most common passwords
 * from zxcvbn-ts's MIT-licensed dictionary, of which only those long enough to pass the 8-character
 * minimum matter. Compared case-insensitively, since "Password1" is guessed as soon as "password1".
 * Built on first use, in the API only: the list is never sent to a browser.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary["passwords-common"].filter((entry) => entry.length >= 8).map((entry) => entry.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
