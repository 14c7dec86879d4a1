import { type LegalCategoryId, PRESCRIPTION_ONLY_NOTICE } from "@pharmacompare/contract";

/**
 * What the condition page says of a prescription-only medicine (issue 32, decision 035): the
 * contract's sentence once, visibly, beside the comparison, and in each comparison row for screen
 * readers only. At 375 px every row is a card; the sentence in each would double the cards and push
 * the prices apart, so a sighted visitor reads it once above them while a screen reader moving row
 * by row hears it with each price.
 */

/** The id of the visible sentence, for the table to point at. */
const PRESCRIPTION_ONLY_NOTE_ID = "prescription-only-note";

/** The visible sentence above the comparison; nothing for a pharmacy or general sale medicine. */
export function PrescriptionOnlyNote({ legalCategory }: { legalCategory: LegalCategoryId }) {
  if (legalCategory !== "POM") return null;
  return (
    <p
      id={PRESCRIPTION_ONLY_NOTE_ID}
      className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-800 text-sm leading-6"
    >
      {`${PRESCRIPTION_ONLY_NOTICE}.`}
    </p>
  );
}

/** The same sentence inside one comparison row, heard by a screen reader and not shown. */
export function PrescriptionOnlyRowNote() {
  return <span className="sr-only">{` ${PRESCRIPTION_ONLY_NOTICE}.`}</span>;
}
