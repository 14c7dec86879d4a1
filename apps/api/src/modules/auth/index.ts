export {
  AdminAccountError,
  checkedPassword,
  createAdminAccount,
  resetAdminPassword,
  resetAdminSecondFactor,
} from "./admin-accounts.ts";
export { createAdminSessionsService } from "./admin-sessions-service.ts";
export type { AdminPrincipal } from "./auth-service.ts";
export { createAuthService } from "./auth-service.ts";
export { createBrowserSession, normaliseOrigin } from "./browser-session.ts";
export type { ClientInfo } from "./client-info.ts";
export { hashPassword } from "./passwords.ts";
export { createSecondFactorService } from "./second-factor-service.ts";
export type { SecretBox } from "./secret-box.ts";
export { createSecretBox, SecretBoxError } from "./secret-box.ts";
export { secretKeys } from "./secrets-key.ts";
export { bearerToken } from "./tokens.ts";
export { resealTotpSecrets } from "./totp-secrets.ts";
