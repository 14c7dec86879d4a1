import { describe, expect, it } from "vitest";
import { parseDismissed, withDismissed } from "./dismissed-messages.ts";

describe("dismissed message storage", () => {
  it("reads nothing from an empty, broken or foreign value", () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed("")).toEqual([]);
    expect(parseDismissed("{not json")).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('["a", 2, null, "b"]')).toEqual(["a", "b"]);
  });

  it("adds an id once", () => {
    const once = withDismissed(null, "m1");
    expect(parseDismissed(once)).toEqual(["m1"]);
    expect(parseDismissed(withDismissed(once, "m1"))).toEqual(["m1"]);
    expect(parseDismissed(withDismissed(once, "m2"))).toEqual(["m1", "m2"]);
  });
});
