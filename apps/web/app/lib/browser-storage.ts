/** The browser's local storage, or undefined where it is switched off (privacy settings, or the server). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
