import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPausableTimer, TOAST_LIMIT, type ToastMessage, toastReducer } from "./toast-queue.ts";

const toast = (id: number, text = `Notice ${id}`): ToastMessage => ({ id, text, tone: "success" });

describe("toastReducer", () => {
  it("adds a notice after those already up", () => {
    const state = toastReducer([toast(1)], { type: "show", toast: toast(2) });
    expect(state.map((t) => t.id)).toEqual([1, 2]);
  });

  it(`keeps at most ${TOAST_LIMIT}, pushing out the oldest`, () => {
    let state: readonly ToastMessage[] = [];
    for (let id = 1; id <= TOAST_LIMIT + 2; id++)
      state = toastReducer(state, { type: "show", toast: toast(id) });
    expect(state.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it("replaces a notice with the same words by a fresh one", () => {
    const state = toastReducer([toast(1, "Contact deleted"), toast(2, "Saved")], {
      type: "show",
      toast: toast(3, "Contact deleted"),
    });
    expect(state.map((t) => [t.id, t.text])).toEqual([
      [2, "Saved"],
      [3, "Contact deleted"],
    ]);
  });

  it("dismisses by id, and ignores an id already gone", () => {
    const state = [toast(1), toast(2)];
    expect(toastReducer(state, { type: "dismiss", id: 1 }).map((t) => t.id)).toEqual([2]);
    expect(toastReducer(state, { type: "dismiss", id: 9 })).toBe(state);
  });
});

describe("startPausableTimer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("expires once after the time given", () => {
    const expire = vi.fn();
    startPausableTimer(expire, 6000);
    vi.advanceTimersByTime(5999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it("waits while paused and carries on with the time left", () => {
    const expire = vi.fn();
    const timer = startPausableTimer(expire, 6000);
    vi.advanceTimersByTime(4000);
    timer.pause();
    vi.advanceTimersByTime(60_000);
    expect(expire).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it("stays paused until every hold (pointer and focus) lets go", () => {
    const expire = vi.fn();
    const timer = startPausableTimer(expire, 1000);
    timer.pause(); // pointer over it
    timer.pause(); // focus inside it
    timer.resume(); // pointer leaves; focus is still inside
    vi.advanceTimersByTime(5000);
    expect(expire).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1000);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it("ignores a resume without a pause, and never expires once cancelled", () => {
    const expire = vi.fn();
    const timer = startPausableTimer(expire, 1000);
    timer.resume();
    vi.advanceTimersByTime(500);
    timer.cancel();
    timer.pause();
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(expire).not.toHaveBeenCalled();
  });
});
