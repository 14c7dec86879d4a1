import { addDays, londonDay } from "@pharmacompare/contract";

/**
 * When a scheduled job is due, on the UK's clock (decision 038): "daily 08:00", "Monday 07:00" or
 * (price feeds, decision 045) "every 6 hours from 03:17", optionally followed by "Europe/London"
 * (the only zone: the site and its subscribers are in the UK, and its clock moves with British
 * Summer Time).
 */
export interface Schedule {
  /** 0 Sunday … 6 Saturday; absent: every day. */
  weekday?: number;
  hour: number;
  minute: number;
  /** Also every this many hours through the day, from the hour's place in the cycle (divides 24). */
  everyHours?: number;
}

const EVERY = /^every\s+(?:(\d{1,2})\s+)?hours?\s+from\s+(\d{1,2}):(\d{2})(?:\s+Europe\/London)?$/i;

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

export function parseSchedule(text: string): Schedule {
  const every = EVERY.exec(text.trim());
  if (every) {
    // "every hour from 00:17" has no number: one hour.
    const [everyHours, hour, minute] = [Number(every[1] ?? 1), Number(every[2]), Number(every[3])];
    if (everyHours < 1 || 24 % everyHours !== 0 || hour > 23 || minute > 59) {
      throw new Error(
        `"${text}" is not a schedule: the hours must divide the day (1, 2, 3, 4, 6, 8, 12, 24)`,
      );
    }
    return { hour, minute, everyHours };
  }
  const match = /^(\w+)\s+(\d{1,2}):(\d{2})(?:\s+Europe\/London)?$/i.exec(text.trim());
  const hour = Number(match?.[2]);
  const minute = Number(match?.[3]);
  const day = match?.[1]?.toLowerCase() ?? "";
  const weekday = WEEKDAYS.indexOf(day);
  if (!match || hour > 23 || minute > 59 || (day !== "daily" && weekday === -1)) {
    throw new Error(`"${text}" is not a schedule: write "daily 08:00" or "Monday 07:00 Europe/London"`);
  }
  return day === "daily" ? { hour, minute } : { weekday, hour, minute };
}

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  hour: "2-digit",
  minute: "2-digit",
});

/** The minutes past midnight London's clock shows at `at`. */
function londonMinutes(at: Date): number {
  const parts = londonClock.formatToParts(at);
  const read = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return read("hour") * 60 + read("minute");
}

/**
 * The instant London's clock reads `hour:minute` on `day`: London is UTC or an hour ahead, so it is
 * one of two readings. At the autumn change the earlier wins; a time the spring change skips is
 * taken as UTC (an hour later on the clock).
 */
export function londonInstant(day: string, hour: number, minute: number): Date {
  const asUtc = Date.parse(`${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`);
  for (const offsetHours of [1, 0]) {
    const at = new Date(asUtc - offsetHours * 3_600_000);
    if (londonDay(at) === day && londonMinutes(at) === hour * 60 + minute) return at;
  }
  return new Date(asUtc);
}

/** The day of the week of a calendar day "YYYY-MM-DD" (0 Sunday). */
function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The hours of the day a schedule names, latest first. */
function hoursOf(schedule: Schedule): number[] {
  const every = schedule.everyHours;
  if (!every) return [schedule.hour];
  const hours: number[] = [];
  for (let hour = schedule.hour % every; hour < 24; hour += every) hours.unshift(hour);
  return hours;
}

/** The latest moment the schedule names at or before `now`. */
export function latestSlot(schedule: Schedule, now: Date): Date {
  const today = londonDay(now);
  for (let back = 0; back <= 8; back += 1) {
    const day = addDays(today, -back);
    if (schedule.weekday !== undefined && weekdayOf(day) !== schedule.weekday) continue;
    for (const hour of hoursOf(schedule)) {
      const at = londonInstant(day, hour, schedule.minute);
      if (at.getTime() <= now.getTime()) return at;
    }
  }
  throw new Error("A schedule names a moment at least once a week");
}

/** The first moment the schedule names after `now` (what a screen shows as the next run). */
export function nextSlot(schedule: Schedule, now: Date): Date {
  const today = londonDay(now);
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    const day = addDays(today, ahead);
    if (schedule.weekday !== undefined && weekdayOf(day) !== schedule.weekday) continue;
    for (const hour of hoursOf(schedule).reverse()) {
      const at = londonInstant(day, hour, schedule.minute);
      if (at.getTime() > now.getTime()) return at;
    }
  }
  throw new Error("A schedule names a moment at least once a week");
}

/** A scheduled moment missed for longer than this (every process was down) is skipped, not caught up. */
const MISSED_SLOT_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled moment the scheduler runs now, if any: the latest one at or before `now`, unless
 * it was missed by more than a day or comes before `since` (the moment the job's schedule began:
 * a feed added at 10:00 on a "daily 03:17" schedule waits for tomorrow's 03:17 rather than
 * running at once for this morning's, issue 41). Whether that moment's run is already done is the
 * run record's business (scheduler.ts `take`).
 */
export function slotDue(schedule: Schedule, now: Date, since?: Date): Date | null {
  const slot = latestSlot(schedule, now);
  if (now.getTime() - slot.getTime() > MISSED_SLOT_KEPT_MS) return null;
  if (since && slot.getTime() < since.getTime()) return null;
  return slot;
}

/**
 * When a job runs next, as a screen says it (the Feeds list): the due moment's run while it is
 * still to be taken (`takenFrom` answers from its run record: the moment itself with no record, a
 * failed run's retry time, null once it is done), but never in the past — the scheduler's next
 * tick takes it — otherwise the next moment the schedule names. The scheduler decides by
 * `slotDue` too, so the screen and the scheduler cannot disagree.
 */
export function nextRunOf(
  schedule: Schedule,
  now: Date,
  options: { since?: Date | undefined; takenFrom: (slot: Date) => Date | null },
): Date {
  const next = nextSlot(schedule, now);
  const due = slotDue(schedule, now, options.since);
  const taken = due ? options.takenFrom(due) : null;
  if (!taken || taken.getTime() >= next.getTime()) return next;
  return taken.getTime() > now.getTime() ? taken : now;
}

/**
 * The schedule as a cron expression for the queue (pg-boss, decision 066), read on London's clock
 * (`tz: "Europe/London"`): "daily 08:00" is `0 8 * * *`, "Monday 07:00" `0 7 * * 1`, "every 6
 * hours from 03:17" `17 3-23/6 * * *`. pg-boss places the moments DST skips or repeats as
 * `londonInstant` does (schedule.test.ts compares them), so the queue fires at the slot `slotDue`
 * names and the run it starts takes that slot's `job_runs` row.
 */
export function cronOf(schedule: Schedule): string {
  const hours = schedule.everyHours
    ? `${schedule.hour % schedule.everyHours}-23/${schedule.everyHours}`
    : String(schedule.hour);
  return `${schedule.minute} ${hours} * * ${schedule.weekday ?? "*"}`;
}
