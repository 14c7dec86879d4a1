import type { ServiceHealth } from "@pharmacompare/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ServiceHealthSection } from "./service-health.tsx";

/** A quiet day's figures: nothing counted, nothing waiting. */
const quiet: ServiceHealth = {
  asOf: "2026-06-15T11:00:00.000Z",
  from: "2026-05-17",
  to: "2026-06-15",
  clickOuts: { total: 0, byDay: [], byPharmacy: [] },
  alerts: [],
  subscriptions: [],
  emails: { byDay: [], backlog: 0, oldestWaitingSince: null },
  stalePrices: { staleDays: 7, hideDays: 14, total: 0, hidden: 0, byMedication: [] },
  contactsWaiting: 0,
  failingFeeds: [],
  failedJobs: [],
  cachePurges: { waiting: 0, oldestWaitingSince: null },
};

const render = (health: ServiceHealth) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ServiceHealthSection, { health, now: new Date(health.asOf) }),
    ),
  );

describe("the dashboard's waiting cache purges (decision 064)", () => {
  it("says nothing while the shared cache has taken every purge", () => {
    expect(render(quiet)).not.toContain("Cache purges waiting");
  });

  it("says how many wait and since when, and that old prices may show", () => {
    const html = render({
      ...quiet,
      cachePurges: { waiting: 3, oldestWaitingSince: "2026-06-15T10:40:00.000Z" },
    });
    expect(html).toContain('role="status"');
    expect(html).toMatch(
      /Cache purges waiting: 3, the oldest owed 20 minutes ago\. Until the shared cache takes them it may show old prices/,
    );
  });
});
