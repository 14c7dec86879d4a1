/** The administrator every integration test database starts with. */
export const TEST_ADMIN = { email: "admin@pharmacompare.local", password: "test-password-123" } as const;
