import { readFileSync } from "node:fs";
import { ConfigError } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { configWarnings, loadApiConfig, runningUnderVitest } from "./config.ts";

/** A well-formed SECRETS_KEY (production requires one; decision 030). */
const KEY = Buffer.alloc(32, 1).toString("base64");

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

  it("purges no shared cache by default, and every cache PURGE_URLS names (decision 064)", () => {
    expect(loadApiConfig({}).purgeUrls).toEqual([]);
    expect(loadApiConfig({ PURGE_URLS: "http://10.0.0.5:6081/, https://cache.example " }).purgeUrls).toEqual([
      "http://10.0.0.5:6081",
      "https://cache.example",
    ]);
    for (const wrong of ["10.0.0.5:6081", "ftp://cache.example", "http://a.example,not a url"])
      expect(() => loadApiConfig({ PURGE_URLS: wrong }), wrong).toThrow(
        /PURGE_URLS: must be comma-separated http\(s\) addresses/,
      );
  });

  it("trusts the web server beside it by default, a list when given, and never every peer", () => {
    expect(loadApiConfig({}).trustProxy).toEqual(["loopback"]);
    expect(loadApiConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
    expect(loadApiConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(() => loadApiConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: must not be true \(anyone could then forge their address in X-Forwarded-For\)/,
    );
    // Every address by another name.
    for (const everyone of ["0.0.0.0/0", "::/0", "loopback, 0.0.0.0/0", "10.0.0.0/8,::/00"])
      expect(() => loadApiConfig({ TRUST_PROXY: everyone }), everyone).toThrow(
        /TRUST_PROXY: must not include a \/0 range/,
      );
    expect(loadApiConfig({ TRUST_PROXY: "10.0.0.0/8, fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
    ]);
  });

  it("in production serves its public addresses over https only (plain http on localhost for a local try)", () => {
    const production = {
      NODE_ENV: "production",
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
      SECRETS_KEY: KEY,
    };
    expect(() =>
      loadApiConfig({
        ...production,
        SITE_URL: "http://www.example.co.uk",
        API_URL: "http://api.example.co.uk",
      }),
    ).toThrow(
      /SITE_URL: must be an https:\/\/ address in production[\s\S]*API_URL: must be an https:\/\/ address/,
    );
    expect(
      loadApiConfig({
        ...production,
        SITE_URL: "https://www.example.co.uk",
        API_URL: "https://api.example.co.uk",
      }),
    ).toMatchObject({ siteUrl: "https://www.example.co.uk" });
    expect(loadApiConfig({ ...production, SITE_URL: "http://localhost:3000" }).siteUrl).toBe(
      "http://localhost:3000",
    );
    expect(loadApiConfig({ SITE_URL: "http://www.example.co.uk" }).siteUrl).toBe("http://www.example.co.uk");
  });

  it("takes the fault scenarios' kill hook outside production only", () => {
    expect(loadApiConfig({ FAULT_KILL_AFTER_PRICE_ROWS: "3" }).faultKillAfterPriceRows).toBe(3);
    expect(loadApiConfig({}).faultKillAfterPriceRows).toBeUndefined();
    expect(() =>
      loadApiConfig({
        NODE_ENV: "production",
        TRUST_PROXY: "loopback",
        SEED_DEMO: "false",
        SECRETS_KEY: KEY,
        FAULT_KILL_AFTER_PRICE_ROWS: "3",
      }),
    ).toThrow(/FAULT_KILL_AFTER_PRICE_ROWS: is for the fault scenarios only and is refused in production/);
  });

  it("feeds: https on public addresses unless FEEDS_ALLOW_INSECURE, which production refuses; the hold shares default to -50 % / +100 %", () => {
    expect(loadApiConfig({}).feeds).toEqual({
      allowInsecure: false,
      // Names SITE_URL (issue 41), here the default.
      userAgent: "PharmaCompare price feed (+http://localhost:3000)",
      timeoutMs: 30_000,
      maxBytes: 10 * 1024 * 1024,
      holdFallPercent: 50,
      holdRisePercent: 100,
    });
    expect(loadApiConfig({ FEEDS_ALLOW_INSECURE: "true" }).feeds.allowInsecure).toBe(true);
    expect(() =>
      loadApiConfig({
        NODE_ENV: "production",
        TRUST_PROXY: "loopback",
        SEED_DEMO: "false",
        SECRETS_KEY: KEY,
        FEEDS_ALLOW_INSECURE: "true",
      }),
    ).toThrow(/FEEDS_ALLOW_INSECURE: is refused in production/);
    expect(() => loadApiConfig({ FEED_MAX_MB: "11" })).toThrow(
      /FEED_MAX_MB: must be a whole number from 1 to 10/,
    );
  });

  it("in production assumes nothing: proxies and demo data must be said, the API reference is off unless asked", () => {
    expect(() => loadApiConfig({ NODE_ENV: "production" })).toThrow(
      /TRUST_PROXY: is required in production[\s\S]*SEED_DEMO: is required in production/,
    );
    const production = loadApiConfig({
      NODE_ENV: "production",
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
      SECRETS_KEY: KEY,
    });
    expect(production).toMatchObject({ seedDemo: false, apiDocs: false, trustProxy: ["loopback"] });
    expect(
      loadApiConfig({
        NODE_ENV: "production",
        TRUST_PROXY: "false",
        SEED_DEMO: "true",
        API_DOCS: "true",
        SECRETS_KEY: KEY,
      }),
    ).toMatchObject({
      seedDemo: true,
      apiDocs: true,
    });
    expect(loadApiConfig({}).apiDocs).toBe(true);
  });

  it("warns in production when the database or the mail server is reached without TLS", () => {
    const base = { NODE_ENV: "production", TRUST_PROXY: "loopback", SEED_DEMO: "false", SECRETS_KEY: KEY };
    const plain = loadApiConfig({
      ...base,
      DATABASE_URL: "postgres://db.internal/pc",
      SMTP_URL: "smtp://mail.internal:587",
    });
    expect(configWarnings(plain)).toEqual([
      expect.stringMatching(/^DATABASE_URL does not require TLS/),
      expect.stringMatching(/^SMTP_URL does not require TLS/),
    ]);
    const secure = loadApiConfig({
      ...base,
      DATABASE_URL: "postgres://db.internal/pc?sslmode=verify-full",
      SMTP_URL: "smtps://mail.internal:465",
    });
    expect(configWarnings(secure)).toEqual([]);
    expect(configWarnings(loadApiConfig({ DATABASE_URL: "postgres://localhost/pc" }))).toEqual([]);
    // The replica and the direct connection carry the same personal data (decision 065).
    const replica = loadApiConfig({
      ...base,
      DATABASE_URL: "postgres://pooler.internal/pc?sslmode=require",
      DATABASE_READ_URL: "postgres://replica.internal/pc",
      DATABASE_DIRECT_URL: "postgres://db.internal/pc",
      SMTP_URL: "smtps://mail.internal:465",
    });
    expect(configWarnings(replica)).toEqual([
      expect.stringMatching(/^DATABASE_READ_URL does not require TLS/),
      expect.stringMatching(/^DATABASE_DIRECT_URL does not require TLS/),
    ]);
  });

  it("refuses a replica or a direct connection without a PostgreSQL primary (decision 065)", () => {
    expect(() => loadApiConfig({ DATABASE_READ_URL: "postgres://replica.internal/pc" })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadApiConfig({ DATABASE_DIRECT_URL: "postgres://db.internal/pc" })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
    const config = loadApiConfig({ DATABASE_URL: "postgres://localhost/pc" });
    expect(config.databaseReadMaxLagMs).toBe(5000);
  });

  it("warns when insecure feed addresses are allowed, naming FEEDS_ALLOW_INSECURE and what it allows (issue 41)", () => {
    expect(configWarnings(loadApiConfig({ FEEDS_ALLOW_INSECURE: "true" }))).toEqual([
      "FEEDS_ALLOW_INSECURE is true: price feeds may be fetched over plain http and from private, loopback " +
        "or link-local addresses (tests and a feed on this machine only; production refuses it)",
    ]);
    expect(configWarnings(loadApiConfig({ FEEDS_ALLOW_INSECURE: "false" }))).toEqual([]);
  });

  it("requires a second factor in production unless REQUIRE_SECOND_FACTOR says false, and not elsewhere unless it says true", () => {
    const production = {
      NODE_ENV: "production",
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
      SECRETS_KEY: KEY,
    };
    expect(loadApiConfig(production).requireSecondFactor).toBe(true);
    expect(loadApiConfig({ ...production, REQUIRE_SECOND_FACTOR: "false" }).requireSecondFactor).toBe(false);
    expect(loadApiConfig({}).requireSecondFactor).toBe(false);
    expect(loadApiConfig({ REQUIRE_SECOND_FACTOR: "true" }).requireSecondFactor).toBe(true);
    expect(() => loadApiConfig({ REQUIRE_SECOND_FACTOR: "sometimes" })).toThrow(
      /REQUIRE_SECOND_FACTOR: must be true or false/,
    );
  });

  it("requires SECRETS_KEY in production, naming it, and refuses one that is not 32 bytes of base64", () => {
    const production = { NODE_ENV: "production", TRUST_PROXY: "loopback", SEED_DEMO: "false" };
    expect(() => loadApiConfig(production)).toThrow(/SECRETS_KEY: is required in production/);
    expect(loadApiConfig({ ...production, SECRETS_KEY: KEY }).secretsKey).toEqual(Buffer.alloc(32, 1));
    for (const bad of ["short", Buffer.alloc(16).toString("base64"), `${KEY}!`]) {
      let message = "";
      try {
        loadApiConfig({ SECRETS_KEY: bad, SECRETS_KEY_PREVIOUS: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/SECRETS_KEY: must be 32 random bytes in base64/);
      expect(message).toMatch(/SECRETS_KEY_PREVIOUS: must be 32 random bytes in base64/);
      // The refusal never repeats the value.
      expect(message).not.toContain(bad);
    }
    // Outside production it may be left out: a key file under DATA_DIR takes its place.
    expect(loadApiConfig({}).secretsKey).toBeUndefined();
  });

  it("treats blank values as unset and accepts several CORS origins", () => {
    const config = loadApiConfig({
      DATABASE_URL: "",
      WEB_ORIGIN: "https://www.pharmacompare.example, http://localhost:3000/",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webOrigins).toEqual(["https://www.pharmacompare.example", "http://localhost:3000"]);
  });

  it(".env.example names every variable of the README's configuration table, and loads as it stands (issue 41)", () => {
    const root = new URL("../../../", import.meta.url);
    const example = readFileSync(new URL(".env.example", root), "utf8");
    const readme = readFileSync(new URL("README.md", root), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"));
    const documented = [
      ...table.slice(0, table.indexOf("\n## ", 5)).matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm),
    ].map((match) => match[1]);
    expect(documented).toContain("OPS_EMAIL");
    const lines = example.split("\n");
    const values = Object.fromEntries(
      lines
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    for (const name of documented) expect(Object.keys(values), name).toContain(name);
    // Its values are ones the API accepts (TRUST_PROXY=true, once suggested, is refused).
    expect(() => loadApiConfig(values)).not.toThrow();
    const trustProxy = lines.findIndex((line) => line.startsWith("TRUST_PROXY="));
    const comment = lines.slice(Math.max(0, trustProxy - 4), trustProxy).join(" ");
    expect(comment).not.toMatch(/beside it\), true,/);
    expect(comment).toMatch(/`true` and any \/0 range are\s+#? ?refused/);
  });
});

describe("runningUnderVitest", () => {
  it("is true only where Vitest set VITEST, so a test-only switch refuses production", () => {
    expect(runningUnderVitest()).toBe(true);
    expect(runningUnderVitest({})).toBe(false);
    expect(runningUnderVitest({ NODE_ENV: "production" })).toBe(false);
  });
});
