import { describe, expect, it } from "vitest";
import {
  type ComboboxAction,
  type ComboboxState,
  comboboxReducer,
  comboboxView,
  initialComboboxState,
  type Suggestion,
  suggestionForEnter,
} from "./combobox-state.ts";

const sildenafil: Suggestion = {
  id: "sildenafil",
  name: "Sildenafil",
  genericName: "Sildenafil",
  subcategoryId: "erectile-dysfunction",
};
const viagra: Suggestion = {
  id: "viagra",
  name: "Viagra",
  genericName: "Sildenafil",
  subcategoryId: "erectile-dysfunction",
};
const viagraConnect: Suggestion = { ...viagra, id: "viagra-connect", name: "Viagra Connect" };
const three = [sildenafil, viagra, viagraConnect];

function run(...actions: ComboboxAction[]): ComboboxState {
  return actions.reduce(comboboxReducer, initialComboboxState());
}

/** "sild" typed and its three suggestions received. */
function withList(...more: ComboboxAction[]): ComboboxState {
  return run(
    { type: "input", value: "sild" },
    { type: "results", term: "sild", suggestions: three },
    ...more,
  );
}

const down: ComboboxAction = { type: "move", direction: 1 };
const up: ComboboxAction = { type: "move", direction: -1 };

describe("combobox state", () => {
  it("shows nothing for fewer than 2 characters after trimming", () => {
    const view = comboboxView(run({ type: "input", value: " s  " }));
    expect(view).toMatchObject({ expanded: false, noMatch: false, unavailable: false, term: "s" });
  });

  it("opens the list when suggestions for the typed term arrive, with none highlighted", () => {
    const view = comboboxView(withList());
    expect(view.expanded).toBe(true);
    expect(view.suggestions).toEqual(three);
    expect(view.activeIndex).toBe(-1);
  });

  it("stays closed while the answer for the current term is pending", () => {
    expect(comboboxView(run({ type: "input", value: "sild" })).expanded).toBe(false);
  });

  it("ignores an answer for an earlier term that arrives late", () => {
    const state = run(
      { type: "input", value: "si" },
      { type: "input", value: "sild" },
      { type: "results", term: "sild", suggestions: [sildenafil] },
      { type: "results", term: "si", suggestions: three },
    );
    expect(comboboxView(state).suggestions).toEqual([sildenafil]);
  });

  it("says nothing matched only once the answer for the term is empty", () => {
    const typed = run({ type: "input", value: "zzzz" });
    expect(comboboxView(typed).noMatch).toBe(false);
    const answered = comboboxReducer(typed, { type: "results", term: "zzzz", suggestions: [] });
    expect(comboboxView(answered)).toMatchObject({ noMatch: true, expanded: false, term: "zzzz" });
  });

  it("reports a failed lookup for the current term only", () => {
    const state = run({ type: "input", value: "sild" }, { type: "failed", term: "si" });
    expect(comboboxView(state).unavailable).toBe(false);
    expect(comboboxView(comboboxReducer(state, { type: "failed", term: "sild" })).unavailable).toBe(true);
  });

  it("keeps the answer when only surrounding spaces change", () => {
    const state = withList({ type: "input", value: "sild " });
    expect(comboboxView(state).expanded).toBe(true);
  });

  describe("arrow keys (wrapping)", () => {
    it("Down from none highlights the first row, then moves on and wraps to the first", () => {
      expect(comboboxView(withList(down)).activeIndex).toBe(0);
      expect(comboboxView(withList(down, down, down)).activeIndex).toBe(2);
      expect(comboboxView(withList(down, down, down, down)).activeIndex).toBe(0);
    });

    it("Up from none highlights the last row and wraps from the first to the last", () => {
      expect(comboboxView(withList(up)).activeIndex).toBe(2);
      expect(comboboxView(withList(down, up)).activeIndex).toBe(2);
      expect(comboboxView(withList(up, up)).activeIndex).toBe(1);
    });

    it("do nothing without suggestions", () => {
      const state = run({ type: "input", value: "sild" });
      expect(comboboxReducer(state, down)).toBe(state);
    });

    it("reopen a list closed with Escape", () => {
      const closed = withList(down, { type: "close" });
      expect(comboboxView(closed)).toMatchObject({ expanded: false, activeIndex: -1 });
      expect(comboboxView(comboboxReducer(closed, down))).toMatchObject({ expanded: true, activeIndex: 0 });
      expect(comboboxView(comboboxReducer(closed, up))).toMatchObject({ expanded: true, activeIndex: 2 });
    });
  });

  it("typing again clears the highlight", () => {
    const state = withList(down, down, { type: "input", value: "sil" });
    expect(state.activeIndex).toBe(-1);
  });

  describe("Enter", () => {
    it("picks the first row when none is highlighted", () => {
      expect(suggestionForEnter(withList())).toEqual(sildenafil);
    });

    it("picks the highlighted row", () => {
      expect(suggestionForEnter(withList(down, down))).toEqual(viagra);
    });

    it("picks nothing when no list is shown (the form submits instead)", () => {
      expect(suggestionForEnter(run({ type: "input", value: "sild" }))).toBeNull();
      expect(suggestionForEnter(withList({ type: "close" }))).toBeNull();
    });
  });

  it("Escape (close) hides the list and a later keystroke opens it again", () => {
    const closed = withList({ type: "close" });
    expect(comboboxView(closed).expanded).toBe(false);
    const reopened = comboboxReducer(closed, { type: "input", value: "sild" });
    expect(comboboxView(reopened).expanded).toBe(true);
  });

  it("clear empties the box after a pick", () => {
    expect(withList(down, { type: "clear" })).toEqual(initialComboboxState());
  });

  it("starts closed with a given query, so a results page does not pop suggestions on load", () => {
    const state = initialComboboxState("sild");
    expect(state.query).toBe("sild");
    expect(
      comboboxView(comboboxReducer(state, { type: "results", term: "sild", suggestions: three })).expanded,
    ).toBe(false);
  });
});
