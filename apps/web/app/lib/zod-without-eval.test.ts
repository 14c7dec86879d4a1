import { describe, expect, it } from "vitest";
import { config } from "zod/v4";
import { z } from "./zod-without-eval.ts";

describe("zod in the web bundles", () => {
  it("is told not to probe eval, through the configuration zod itself reads", () => {
    expect(config().jitless).toBe(true);
    // And it is still zod: a schema parses.
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
