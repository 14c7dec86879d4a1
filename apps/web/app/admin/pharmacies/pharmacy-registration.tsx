import { useState } from "react";
import { InputField } from "../kit/form/catalogue-controls.tsx";
import { NOT_LISTED_TEXT } from "./pharmacy-display.ts";

/**
 * What the Pharmacy list and form say about a pharmacy's GPhC registration: it is optional to
 * save, but visitors see the pharmacy only once it has one (decision 034).
 */

/** The list's line under a pharmacy's name and id, for one without its GPhC number. */
export function NotListedLine({ gphcNumber }: { gphcNumber: string | null }) {
  if (gphcNumber !== null) return null;
  return <span className="mt-1 block font-medium text-amber-800 text-xs">{NOT_LISTED_TEXT}</span>;
}

/** The form's GPhC field: not required; while it is empty its hint says the pharmacy is not listed. */
export function GphcField({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  const [empty, setEmpty] = useState(defaultValue.trim() === "");
  return (
    <InputField
      label="GPhC registration number"
      name="gphcNumber"
      inputMode="numeric"
      autoComplete="off"
      maxLength={7}
      defaultValue={defaultValue}
      onChange={(event) => setEmpty(event.target.value.trim() === "")}
      hint={
        <>
          The 7-digit number the General Pharmaceutical Council gives every registered pharmacy (shown on its
          website and the GPhC register). We list only registered pharmacies.
          {empty ? (
            <>
              {" "}
              <span className="mt-1 block font-medium text-amber-800">{NOT_LISTED_TEXT}</span>
            </>
          ) : null}
        </>
      }
      error={error}
    />
  );
}
