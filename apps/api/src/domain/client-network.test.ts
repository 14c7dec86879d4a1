import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network.ts";

describe("clientNetwork", () => {
  it("keeps an IPv4 address, and unwraps IPv4-mapped IPv6", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:DB8:1:2:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });

  it("returns anything that is not an address unchanged", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
