import { describe, expect, it } from "vitest";
import { remembered } from "./remembered.ts";

describe("remembered", () => {
  it("computes an input's answer once, null answers too, and forgets everything at its limit", () => {
    const computed: string[] = [];
    const keyOf = remembered((input: string) => {
      computed.push(input);
      return input.startsWith("/") ? input.toUpperCase() : null;
    }, 3);
    expect([keyOf("/a"), keyOf("/a"), keyOf("x"), keyOf("x")]).toEqual(["/A", "/A", null, null]);
    expect(computed).toEqual(["/a", "x"]);
    keyOf("/b");
    // A fourth input empties the store first: invented inputs cannot grow it past the limit.
    keyOf("/c");
    keyOf("/a");
    expect(computed).toEqual(["/a", "x", "/b", "/c", "/a"]);
  });
});
