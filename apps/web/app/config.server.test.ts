import { ConfigError } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { browserEnv, loadWebConfig, settleProductionMode } from "./config.server.ts";

describe("loadWebConfig", () => {
  it("derives every address from the ports when nothing else is set", () => {
    expect(loadWebConfig({ PORT: "3310", API_PORT: "3410", API_URL: "  " })).toEqual({
      nodeEnv: "development",
      host: "localhost",
      port: 3310,
      apiPort: 3410,
      apiUrl: "http://localhost:3410",
      apiInternalUrl: "http://127.0.0.1:3410",
      siteUrl: "http://localhost:3310",
      pageCacheCheckMs: 500,
    });
  });

  it("takes the page cache's check interval, from 0 to 5000 ms", () => {
    expect(loadWebConfig({ PAGE_CACHE_CHECK_MS: "0" }).pageCacheCheckMs).toBe(0);
    expect(() => loadWebConfig({ PAGE_CACHE_CHECK_MS: "9000" })).toThrow(
      /PAGE_CACHE_CHECK_MS: must be between 0 and 5000/,
    );
  });

  it("takes explicit addresses without their trailing slash", () => {
    const config = loadWebConfig({
      API_URL: "https://api.pharmacompare.co.uk/",
      API_INTERNAL_URL: "http://api.internal:4000",
      SITE_URL: "https://www.pharmacompare.co.uk/",
    });
    expect(config.apiUrl).toBe("https://api.pharmacompare.co.uk");
    expect(config.apiInternalUrl).toBe("http://api.internal:4000");
    expect(config.siteUrl).toBe("https://www.pharmacompare.co.uk");
  });

  it("in production takes only https public addresses (plain http on localhost for a local try)", () => {
    expect(() =>
      loadWebConfig({
        NODE_ENV: "production",
        SITE_URL: "http://www.example.co.uk",
        API_URL: "http://api.example.co.uk",
      }),
    ).toThrow(
      /SITE_URL: must be an https:\/\/ address in production[\s\S]*API_URL: must be an https:\/\/ address/,
    );
    expect(loadWebConfig({ NODE_ENV: "production", SITE_URL: "https://www.example.co.uk" }).siteUrl).toBe(
      "https://www.example.co.uk",
    );
    expect(loadWebConfig({ NODE_ENV: "production" }).siteUrl).toBe("http://localhost:3000");
  });

  it("names every bad key at once", () => {
    let error: unknown;
    try {
      loadWebConfig({ PORT: "eighty", SITE_URL: "ftp://example.com" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/PORT: must be a port number/);
    expect((error as Error).message).toMatch(/SITE_URL: must be an http\(s\) URL/);
  });

  it("lets only the public addresses reach the browser", () => {
    const config = loadWebConfig({ API_INTERNAL_URL: "http://10.0.0.5:4000" });
    expect(browserEnv(config)).toEqual({ apiUrl: "http://localhost:4000", siteUrl: "http://localhost:3000" });
  });
});

describe("settleProductionMode", () => {
  it("makes the production entry run in production unless NODE_ENV says otherwise", () => {
    const unset: Record<string, string | undefined> = {};
    settleProductionMode(unset);
    expect(loadWebConfig(unset).nodeEnv).toBe("production");
    const chosen: Record<string, string | undefined> = { NODE_ENV: "development" };
    settleProductionMode(chosen);
    expect(loadWebConfig(chosen).nodeEnv).toBe("development");
  });
});
