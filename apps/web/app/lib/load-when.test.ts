import { describe, expect, it } from "vitest";
import { firstOf, loadAfter, loadWaitingParts, type Trigger } from "./load-when.tsx";

/** A trigger the test fires by hand. */
function manualTrigger(): { trigger: Trigger; fire: () => void } {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { trigger: () => fired, fire };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("load when", () => {
  it("loads nothing before its trigger fires, and once after", async () => {
    const { trigger, fire } = manualTrigger();
    let loads = 0;
    const part = loadAfter(trigger, async () => ++loads);
    await settle();
    expect(loads).toBe(0);
    fire();
    expect(await part).toBe(1);
    expect(loads).toBe(1);
  });

  it("loads every waiting part when the router is about to change the page", async () => {
    const never: Trigger = () => new Promise(() => {});
    const loaded: string[] = [];
    const history = loadAfter(never, async () => loaded.push("history"));
    const alert = loadAfter(never, async () => loaded.push("alert"));
    await settle();
    await loadWaitingParts();
    expect(loaded.sort()).toEqual(["alert", "history"]);
    await Promise.all([history, alert]);
    // Nothing is left waiting: the next navigation loads nothing again.
    await loadWaitingParts();
    expect(loaded).toHaveLength(2);
  });

  it("after a failed load, tries again once back online and the trigger fires", async () => {
    let attempts = 0;
    let failures = 0;
    const online = manualTrigger();
    const part = loadAfter(
      () => Promise.resolve(),
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("offline");
        return "code";
      },
      { online: online.trigger, failed: () => (failures += 1) },
    );
    await settle();
    expect(attempts).toBe(1);
    expect(failures).toBe(1);
    online.fire();
    expect(await part).toBe("code");
    expect(attempts).toBe(2);
  });

  it("fires on the first of several triggers", async () => {
    const a = manualTrigger();
    const b = manualTrigger();
    let fired = false;
    void firstOf(a.trigger, b.trigger)().then(() => {
      fired = true;
    });
    await settle();
    expect(fired).toBe(false);
    b.fire();
    await settle();
    expect(fired).toBe(true);
  });
});
