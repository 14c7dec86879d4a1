/**
 * A pharmacy's referral parameters, appended to its stored links by the counted click-out (decision
 * 044). Apart from the click-out addresses (click-outs.ts) because only the API and the back-office
 * read these rules: a bundler splits by module, and the condition page, which builds click-out
 * addresses in the browser, need not carry them (issue 47).
 */

/** The longest referral template a pharmacy may carry. */
export const REFERRAL_PARAMS_MAX = 300;

const PARAMETER_NAME = /^[A-Za-z0-9_.~-]+$/;
const PARAMETER_VALUE = /^(?:[A-Za-z0-9_.~+-]|%[0-9A-Fa-f]{2})*$/;

/**
 * Why a referral template is refused, or undefined when it is fine ("" is no referral). A template
 * is query parameters only (`utm_source=pharmacompare&ref=abc`), so appended to a stored link it
 * can change neither the scheme, the host nor the path: no `:`, `/`, `?`, `#`, `@` or `\`, each part
 * `name=value` with plain characters (a value may percent-encode others).
 */
export function referralParamsProblem(template: string): string | undefined {
  if (template === "") return undefined;
  if (template.length > REFERRAL_PARAMS_MAX) return `must be at most ${REFERRAL_PARAMS_MAX} characters`;
  if (/[:/\\@]/.test(template))
    return 'must be query parameters only: ":", "/", "\\" and "@" could change the link\'s scheme, host or path';
  if (template.includes("#")) return 'must be query parameters only: "#" would start a fragment';
  if (template.includes("?")) return 'must be query parameters only, without "?" (it is added for you)';
  if (/\s/.test(template)) return "must not contain spaces (percent-encode them as %20)";
  for (const part of template.split("&")) {
    const [name, value, extra] = part.split("=");
    if (!name || value === undefined || extra !== undefined)
      return `must be name=value pairs joined by "&" ("${part}" is not one)`;
    if (!PARAMETER_NAME.test(name))
      return `parameter names may use letters, digits, "_", ".", "~" and "-" only ("${name}")`;
    if (!PARAMETER_VALUE.test(value))
      return `values may use letters, digits, "_", ".", "~", "+", "-" and %XX escapes only ("${value}")`;
  }
  return undefined;
}

/**
 * The stored link with the referral parameters appended (the link itself unchanged), or undefined
 * when the link is not an http(s) address or the result would point anywhere else: the redirect's
 * target is always the stored link's scheme, host and path.
 */
export function withReferral(link: string, template: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (template === "") return url.href;
  if (referralParamsProblem(template) !== undefined) return undefined;
  const { protocol, host, pathname } = url;
  const query = url.search.length > 1 ? `${url.search.slice(1)}&${template}` : template;
  url.search = `?${query}`;
  return url.protocol === protocol && url.host === host && url.pathname === pathname ? url.href : undefined;
}
