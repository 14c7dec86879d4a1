import type { CourseStep } from "@pharmacompare/contract";

/**
 * A course plan for each weight-loss injection of the demo (issue 30, decision 042), following the
 * dose steps of each medicine's product information: a pen of four weekly doses lasts four weeks,
 * and the last step is the dose a course continues on. The prescriber decides the real dose.
 */
interface DemoCoursePlan {
  medicationId: string;
  name: string;
  steps: CourseStep[];
}

const pen = (dosage: string): CourseStep => ({ dosage, packs: 1, weeks: 4 });

export const demoCoursePlans: DemoCoursePlan[] = [
  {
    medicationId: "wegovy",
    name: "Standard dose steps to 2.4 mg",
    steps: [
      pen("0.25mg (1 pen, 4 doses)"),
      pen("0.5mg (1 pen, 4 doses)"),
      pen("1mg (1 pen, 4 doses)"),
      pen("1.7mg (1 pen, 4 doses)"),
      pen("2.4mg (1 pen, 4 doses)"),
    ],
  },
  {
    medicationId: "mounjaro",
    name: "Starting course, continuing on 7.5 mg",
    steps: [pen("2.5mg (1 pen, 4 doses)"), pen("5mg (1 pen, 4 doses)"), pen("7.5mg (1 pen, 4 doses)")],
  },
  {
    medicationId: "mounjaro",
    name: "Dose steps to 15 mg",
    steps: [
      pen("2.5mg (1 pen, 4 doses)"),
      pen("5mg (1 pen, 4 doses)"),
      pen("7.5mg (1 pen, 4 doses)"),
      pen("10mg (1 pen, 4 doses)"),
      pen("12.5mg (1 pen, 4 doses)"),
      pen("15mg (1 pen, 4 doses)"),
    ],
  },
  {
    // Daily doses rising from 0.6 mg to 3 mg over four weeks take about three 18 mg pens; at 3 mg a
    // day, five pens last 30 days.
    medicationId: "saxenda",
    name: "Dose steps to 3 mg a day",
    steps: [
      { dosage: "6mg/ml x 3 pens", packs: 1, weeks: 4 },
      { dosage: "6mg/ml x 5 pens", packs: 1, weeks: 4 },
    ],
  },
];
