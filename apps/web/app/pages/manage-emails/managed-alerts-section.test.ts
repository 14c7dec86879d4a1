import type { ManagedAlert } from "@pharmacompare/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type AlertActed, ManagedAlertsSection, prefilledTarget } from "./managed-alerts-section.tsx";

const token = "t".repeat(43);

const alert = (overrides: Partial<ManagedAlert>): ManagedAlert => ({
  id: "00000000-0000-4000-8000-000000000001",
  medicationName: "Levitra",
  dosage: "10mg x 4 tablets",
  kind: "target",
  targetPrice: 20,
  lowestPrice: 25.5,
  status: "active",
  confirmed: true,
  paused: false,
  expiresAt: "2027-02-24T12:00:00.000Z",
  triggeredAt: null,
  ...overrides,
});

/** The section's server HTML (no JavaScript), at /manage-emails?token=…. */
function render(alerts: ManagedAlert[], acted?: AlertActed) {
  const Stub = createRoutesStub([
    {
      path: "/manage-emails",
      Component: () =>
        createElement(ManagedAlertsSection, {
          managed: { email: "k•••@example.co.uk", alerts },
          token,
          acted,
          afterSubscription: false,
        }),
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [`/manage-emails?token=${token}`] }));
}

/** The `action` value of every form the HTML posts. */
const actions = (html: string) =>
  [...html.matchAll(/name="action" value="([a-z-]+)"/g)].map((match) => match[1]);

describe("My price alerts (decision 043)", () => {
  it("offers a live target alert a new target, pause and delete, and the address a stop-all, as plain POST forms", () => {
    const html = render([alert({})]);
    expect(actions(html)).toEqual(["target", "pause", "delete", "stop-all"]);
    expect(html).toContain('method="post"');
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain("The lowest price reaching your target of £20.00");
    expect(html).toContain("Below £25.50, the lowest price now.");
  });

  it("offers no target to the other kinds, resume to a paused alert, and only delete to an ended one", () => {
    expect(actions(render([alert({ kind: "any-fall", targetPrice: null })]))).toEqual([
      "pause",
      "delete",
      "stop-all",
    ]);
    const paused = render([alert({ kind: "back-in-stock", targetPrice: null, paused: true })]);
    expect(actions(paused)).toEqual(["resume", "delete", "stop-all"]);
    expect(paused).toContain("Paused");
    expect(actions(render([alert({ status: "cancelled" })]))).toEqual(["delete"]);
    // Never confirmed: a new target waits for the confirmation email (decision 031).
    expect(actions(render([alert({ confirmed: false })]))).toEqual(["pause", "delete", "stop-all"]);
  });

  it("offers a finished alert Set again, not Pause, with a target that agrees with its hint (issue 41)", () => {
    // It fired: its target (£20.00) was reached, so the lowest price is now at or under it.
    const fired = render([alert({ status: "triggered", targetPrice: 20, lowestPrice: 19.5 })]);
    expect(actions(fired)).toEqual(["set-again", "delete", "stop-all"]);
    expect(fired).toContain("Set again");
    expect(fired).not.toContain("Pause");
    expect(fired).toContain("Below £19.50, the lowest price now.");
    // 90 % of £19.50 (the specification's suggestion), not the reached £20.00.
    expect(fired).toContain('value="17.55"');
    expect(fired).not.toContain('value="20.00"');

    const ranOut = render([alert({ status: "expired", kind: "any-fall", targetPrice: null })]);
    expect(actions(ranOut)).toEqual(["set-again", "delete"]);
    expect(ranOut).not.toContain('name="targetPrice"');
    // Stopped by the visitor: not set again from here.
    expect(actions(render([alert({ status: "cancelled" })]))).toEqual(["delete"]);
  });

  it("starts a live alert's new target from its own while that is below the lowest price, else 90 % of it", () => {
    expect(prefilledTarget(alert({ targetPrice: 20 }), 25.5)).toBe(20);
    expect(prefilledTarget(alert({ targetPrice: 25.5 }), 25.5)).toBe(22.95);
    expect(prefilledTarget(alert({ targetPrice: null, kind: "any-fall" }), 10)).toBe(9);
  });

  it("shows an answer beside its alert, or above the list once the alert is gone", () => {
    const refused: AlertActed = {
      status: "alert-refused",
      message: "Target price must be less than current price (£25.50)",
      alertId: alert({}).id,
    };
    expect(render([alert({})], refused)).toContain('role="alert"');
    const gone = render([], {
      status: "alert-done",
      message: "Your alert is deleted.",
      alertId: alert({}).id,
    });
    expect(gone).toContain('role="status"');
    expect(gone).toContain("Your alert is deleted.");
    expect(gone).toContain("This address has no price alerts.");
  });
});
