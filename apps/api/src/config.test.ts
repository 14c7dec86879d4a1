import { ConfigError } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { loadApiConfig } from "./config.ts";

describe("API configuration", () => {
  it("derives every address from the ports", () => {
    const config = loadApiConfig({ PORT: "3310", API_PORT: "3410" });
    expect(config.port).toBe(3410);
    expect(config.siteUrl).toBe("http://localhost:3310");
    expect(config.webOrigins).toEqual(["http://localhost:3310"]);
    expect(config.dataDir).toBe("./data");
    expect(config.adminEmail).toBe("admin@pharmacompare.local");
    expect(config.seedDemo).toBe(true);
  });

  it("names every bad key at once", () => {
    let error: unknown;
    try {
      loadApiConfig({
        API_PORT: "70000",
        DATABASE_URL: "mysql://db",
        ADMIN_EMAIL: "not-an-email",
        SEED_DEMO: "perhaps",
        WEB_ORIGIN: "localhost:3000",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ["API_PORT", "DATABASE_URL", "ADMIN_EMAIL", "SEED_DEMO", "WEB_ORIGIN"]) {
      expect(message).toContain(`${key}:`);
    }
  });

  it("treats blank values as unset and accepts several CORS origins", () => {
    const config = loadApiConfig({
      DATABASE_URL: "",
      WEB_ORIGIN: "https://www.pharmacompare.example, http://localhost:3000/",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webOrigins).toEqual(["https://www.pharmacompare.example", "http://localhost:3000"]);
  });
});
