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
    expect(config.apiUrl).toBe("http://localhost:3410");
    expect(config.writeRateLimit).toBe(30);
    expect(config.alertTtlDays).toBe(90);
  });

  it("takes the write limit and the alert lifetime as whole numbers", () => {
    const config = loadApiConfig({
      WRITE_RATE_LIMIT: "5",
      ALERT_TTL_DAYS: "30",
      API_URL: "https://api.example/",
    });
    expect(config.writeRateLimit).toBe(5);
    expect(config.alertTtlDays).toBe(30);
    expect(config.apiUrl).toBe("https://api.example");
    expect(() => loadApiConfig({ WRITE_RATE_LIMIT: "0", ALERT_TTL_DAYS: "1.5" })).toThrow(
      /WRITE_RATE_LIMIT: must be a whole number from 1 to 10000\n {2}ALERT_TTL_DAYS: must be a whole number/,
    );
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
