import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (decision 016). The web server makes a new one
 * for every request and hands it to the render in this header, which it always overwrites, so a
 * visitor cannot choose it; only scripts the app renders carry it, and an injected `<script>` is
 * blocked by the browser.
 */
export const CSP_NONCE_HEADER = "x-pharmacompare-csp-nonce";

/** The nonce for `<script>` elements the app renders; undefined in the browser (scripts there are not inline). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
