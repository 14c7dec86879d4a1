/**
 * The course cost's choices (decision 042), without zod: the condition page's course form renders
 * them in the page's first JavaScript (decision 025), and `course-cost.ts` prices with them.
 */

/** The horizons a visitor can choose, in months. */
export const COURSE_HORIZONS = [3, 6, 12] as const;
export type CourseHorizon = (typeof COURSE_HORIZONS)[number];
export const DEFAULT_COURSE_HORIZON: CourseHorizon = 6;

export const COURSE_PLAN_LIMITS = { plans: 6, steps: 12, packs: 12, weeks: 52, nameMax: 80 } as const;

/** Weeks in a horizon: 52 a year, so 3 months is 13 weeks, 6 is 26 and 12 is 52. */
export function horizonWeeks(months: number): number {
  return Math.round((months * 52) / 12);
}
