import { setPasswordCostForTests } from "../src/modules/auth/passwords.ts";

/**
 * The integration suite signs in hundreds of times: it hashes at N=2^14 instead of production's
 * N=2^17 (about 40 ms a hash instead of 260 ms here). passwords.test.ts checks the real cost, and
 * admin-auth.test.ts restores it to check the rehash at sign-in.
 */
export const TEST_PASSWORD_N = 2 ** 14;
setPasswordCostForTests(TEST_PASSWORD_N);
