import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import {
  cronOf,
  latestSlot,
  londonInstant,
  nextRunOf,
  nextSlot,
  parseSchedule,
  slotDue,
} from "./schedule.ts";

describe("schedules on the UK's clock", () => {
  it("reads daily and weekly schedules, and refuses anything else", () => {
    expect(parseSchedule("daily 08:00")).toEqual({ hour: 8, minute: 0 });
    expect(parseSchedule("Monday 07:00 Europe/London")).toEqual({ weekday: 1, hour: 7, minute: 0 });
    for (const bad of ["hourly", "daily 25:00", "Someday 07:00", "daily 08:00 America/New_York"]) {
      expect(() => parseSchedule(bad), bad).toThrow(/is not a schedule/);
    }
  });

  it("places London's 07:00 an hour earlier in UTC during British Summer Time only", () => {
    expect(londonInstant("2026-07-06", 7, 0).toISOString()).toBe("2026-07-06T06:00:00.000Z");
    expect(londonInstant("2026-11-30", 7, 0).toISOString()).toBe("2026-11-30T07:00:00.000Z");
    // The autumn change repeats 01:30: the first one. The spring change skips 01:30: 02:30 BST.
    expect(londonInstant("2026-10-25", 1, 30).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(londonInstant("2026-03-29", 1, 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("answers the latest scheduled moment at or before now", () => {
    const monday = parseSchedule("Monday 07:00 Europe/London");
    // Thursday 26 November 2026: the Monday before, 23 November.
    expect(latestSlot(monday, new Date("2026-11-26T12:00:00Z")).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    // Monday 30 November just before and at 07:00.
    expect(latestSlot(monday, new Date("2026-11-30T06:59:59Z")).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    expect(latestSlot(monday, new Date("2026-11-30T07:00:00Z")).toISOString()).toBe(
      "2026-11-30T07:00:00.000Z",
    );
    const daily = parseSchedule("daily 08:00");
    expect(latestSlot(daily, new Date("2026-07-06T06:30:00Z")).toISOString()).toBe(
      "2026-07-05T07:00:00.000Z",
    );
    expect(latestSlot(daily, new Date("2026-07-06T07:00:00Z")).toISOString()).toBe(
      "2026-07-06T07:00:00.000Z",
    );
  });

  it("reads a feed's every-so-many-hours schedule, spread from its own minute (decision 045)", () => {
    const every6 = parseSchedule("every 6 hours from 15:17 Europe/London");
    expect(every6).toEqual({ hour: 15, minute: 17, everyHours: 6 });
    expect(() => parseSchedule("every 5 hours from 01:00")).toThrow(/the hours must divide the day/);
    // Winter (UTC): 03:17, 09:17, 15:17, 21:17.
    expect(latestSlot(every6, new Date("2026-11-26T12:00:00Z")).toISOString()).toBe(
      "2026-11-26T09:17:00.000Z",
    );
    expect(latestSlot(every6, new Date("2026-11-26T02:00:00Z")).toISOString()).toBe(
      "2026-11-25T21:17:00.000Z",
    );
    expect(nextSlot(every6, new Date("2026-11-26T12:00:00Z")).toISOString()).toBe("2026-11-26T15:17:00.000Z");
    expect(nextSlot(every6, new Date("2026-11-26T22:00:00Z")).toISOString()).toBe("2026-11-27T03:17:00.000Z");
    // Summer: London's 09:17 is 08:17 UTC.
    expect(latestSlot(every6, new Date("2026-07-06T12:00:00Z")).toISOString()).toBe(
      "2026-07-06T08:17:00.000Z",
    );
    expect(nextSlot(parseSchedule("daily 08:00"), new Date("2026-07-06T07:00:00Z")).toISOString()).toBe(
      "2026-07-07T07:00:00.000Z",
    );
  });

  it('reads "every hour from 00:17" (a feed run 24 times a day, issue 41)', () => {
    expect(parseSchedule("every hour from 00:17 Europe/London")).toEqual({
      hour: 0,
      minute: 17,
      everyHours: 1,
    });
  });

  it("runs no moment before the schedule began, and the next run says the same (issue 41)", () => {
    const daily = parseSchedule("daily 03:17 Europe/London");
    const added = new Date("2026-11-26T10:00:00Z");
    const never = () => null;
    const noRecord = (slot: Date) => slot;
    // Added at 10:00: this morning's 03:17 is not due; without a start it would be.
    expect(slotDue(daily, added)?.toISOString()).toBe("2026-11-26T03:17:00.000Z");
    expect(slotDue(daily, added, added)).toBeNull();
    expect(nextRunOf(daily, added, { since: added, takenFrom: noRecord }).toISOString()).toBe(
      "2026-11-27T03:17:00.000Z",
    );
    // A moment missed while every process was down is run at the next tick, and said so.
    const since = new Date("2026-11-20T10:00:00Z");
    expect(nextRunOf(daily, added, { since, takenFrom: noRecord }).toISOString()).toBe(added.toISOString());
    // Done: the next moment. Failed with tries left: its retry time.
    expect(nextRunOf(daily, added, { since, takenFrom: never }).toISOString()).toBe(
      "2026-11-27T03:17:00.000Z",
    );
    const retry = new Date("2026-11-26T10:04:00Z");
    expect(nextRunOf(daily, added, { since, takenFrom: () => retry }).toISOString()).toBe(
      retry.toISOString(),
    );
    // Missed by more than a day: skipped.
    expect(slotDue(daily, new Date("2026-11-27T03:18:00Z"), since)?.toISOString()).toBe(
      "2026-11-27T03:17:00.000Z",
    );
    expect(slotDue(parseSchedule("Monday 07:00"), new Date("2026-11-26T12:00:00Z"))).toBeNull();
  });
});

describe("the queue's cron agrees with our schedules (pg-boss, decision 066)", () => {
  // previewSchedule walks the cron in memory: no database is opened.
  const boss = new PgBoss({ connectionString: "postgres://unused" });

  it("turns each kind of schedule into cron", () => {
    expect(cronOf(parseSchedule("daily 08:00 Europe/London"))).toBe("0 8 * * *");
    expect(cronOf(parseSchedule("Monday 07:00"))).toBe("0 7 * * 1");
    expect(cronOf(parseSchedule("every 6 hours from 03:17"))).toBe("17 3-23/6 * * *");
    expect(cronOf(parseSchedule("every hour from 00:05"))).toBe("5 0-23/1 * * *");
  });

  it("names the same moments as nextSlot across both 2026 clock changes", () => {
    for (const text of [
      "daily 08:00",
      "daily 01:30",
      "Sunday 01:30",
      "every 6 hours from 03:17",
      "every hour from 00:45",
    ]) {
      const schedule = parseSchedule(text);
      for (const from of ["2026-03-26T12:00:00Z", "2026-10-22T12:00:00Z"]) {
        const theirs = boss
          .previewSchedule(cronOf(schedule), { tz: "Europe/London", from: new Date(from), count: 30 })
          .map((at) => at.toISOString());
        const ours: string[] = [];
        let at = new Date(from);
        while (ours.length < theirs.length) {
          at = nextSlot(schedule, at);
          ours.push(at.toISOString());
        }
        expect(theirs, `${text} from ${from}`).toEqual(ours);
      }
    }
  });
});
