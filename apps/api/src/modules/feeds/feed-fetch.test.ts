import { describe, expect, it } from "vitest";
import { feedAddressProblem, isPublicAddress } from "./feed-fetch.ts";

/** The production address rule (decision 045): only public unicast addresses are fetched. */
describe("which addresses a feed may be fetched from", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "fe80::1",
    "fd00::1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    // IPv4-compatible (::/96, deprecated by RFC 4291 §2.5.5.1): loopback, private and public IPv4 inside.
    "::7f00:1",
    "::127.0.0.1",
    "::a00:1",
    "::10.0.0.1",
    "::a9fe:a9fe",
    "::5db8:d70e",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])("allows the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses http, credentials in the address and private literals unless insecure feeds are allowed", () => {
    const production = { allowHttp: false, allowPrivateAddresses: false };
    expect(feedAddressProblem("http://pharmacy.example/feed.csv", production)).toBe(
      "must be an https address",
    );
    expect(feedAddressProblem("https://user:pw@pharmacy.example/feed.csv", production)).toContain(
      "user name",
    );
    expect(feedAddressProblem("https://[::ffff:7f00:1]/feed.csv", production)).toContain("private");
    expect(feedAddressProblem("https://[::127.0.0.1]/feed.csv", production)).toContain("private");
    expect(feedAddressProblem("https://[::a00:1]/feed.csv", production)).toContain("private");
    expect(feedAddressProblem("https://pharmacy.example/feed.csv", production)).toBeNull();
    expect(feedAddressProblem("file:///etc/passwd", { allowHttp: true, allowPrivateAddresses: true })).toBe(
      "must be an http or https address",
    );
    expect(
      feedAddressProblem("http://127.0.0.1:8080/feed.csv", { allowHttp: true, allowPrivateAddresses: true }),
    ).toBeNull();
  });
});
