import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { fieldSentence, formFailure, unreachable } from "./form-refusal.ts";

const labels = { email: "Email", targetPrice: "Target price" };
const refusal = (status: number, body: { error: string; fields?: Record<string, string> }) =>
  new ApiError("http", status, body.error, { refusal: body });

describe("formFailure", () => {
  it("puts the refusal's messages for this form's fields beside them, with no notice", () => {
    const failure = formFailure(
      refusal(400, {
        error: 'Invalid body field "email": must be a valid email address',
        fields: { email: "must be a valid email address", medicationId: "is required" },
      }),
      labels,
      "Failed.",
    );
    expect(failure).toEqual({ message: undefined, fields: { email: "Email must be a valid email address" } });
  });

  it("keeps a whole sentence as it is", () => {
    const failure = formFailure(
      refusal(400, {
        error: "Target price must be less than current price (£10.00)",
        fields: { targetPrice: "Target price must be less than current price (£10.00)" },
      }),
      labels,
      "Failed.",
    );
    expect(failure.fields.targetPrice).toBe("Target price must be less than current price (£10.00)");
  });

  it("shows the API's sentence for other refusals, but never for a 400 about hidden fields or a 5xx", () => {
    expect(formFailure(refusal(429, { error: "Too many requests. Try later." }), labels, "Failed.")).toEqual({
      message: "Too many requests. Try later.",
      fields: {},
    });
    expect(
      formFailure(
        refusal(400, { error: 'Invalid body field "source": bad', fields: { source: "bad" } }),
        labels,
        "Failed.",
      ).message,
    ).toBe("Failed.");
    expect(formFailure(refusal(500, { error: "Internal server error" }), labels, "Failed.").message).toBe(
      "Failed.",
    );
    expect(formFailure(new ApiError("network", 0, "down"), labels, "Failed.").message).toBe("Failed.");
    expect(formFailure(new Error("odd"), labels, "Failed.").message).toBe("Failed.");
  });
});

describe("fieldSentence", () => {
  it("prefixes the label to a fragment only", () => {
    expect(fieldSentence("Email", "is required")).toBe("Email is required");
    expect(fieldSentence("Email", "Enter your email")).toBe("Enter your email");
    expect(fieldSentence("Target price", "£5 is too much")).toBe("£5 is too much");
    expect(fieldSentence("Email", " ")).toBe("Email is not valid");
  });
});

describe("unreachable", () => {
  it("is true only when nothing answered", () => {
    expect(unreachable(new ApiError("network", 0, "down"))).toBe(true);
    expect(unreachable(new ApiError("timeout", 0, "slow"))).toBe(true);
    expect(unreachable(new ApiError("http", 503, "busy"))).toBe(false);
    expect(unreachable(new ApiError("aborted", 0, "left"))).toBe(false);
    expect(unreachable(new TypeError("x"))).toBe(false);
  });
});
