import type { AdminCategory, AdminSubcategory, MedicationInput } from "@pharmacompare/contract";

/*
 * The Medication form's exchange with its route action, in a module of its own: the editor and the
 * new-subcategory box both send requests, and importing these types from the editor made an import
 * circle (editor -> details -> new subcategory -> editor), which `npm run lint` refuses (issue 43).
 */

/** What the form sends its action (as JSON): a save, or a new subcategory by name. */
export type FormRequest =
  | { intent: "save"; body: MedicationInput }
  | { intent: "subcategory"; categoryId: string; name: string };

export type ActionResult =
  | { intent: "save"; ok: true; text: string }
  | { intent: "save"; ok: false; error: string; fields: Record<string, string> }
  | { intent: "subcategory"; ok: true; category: AdminCategory; subcategory: AdminSubcategory }
  | { intent: "subcategory"; ok: false; error: string };
