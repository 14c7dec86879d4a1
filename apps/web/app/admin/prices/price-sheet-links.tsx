import type { PriceSheetLinkChange } from "@pharmacompare/contract";
import { Badge } from "../kit/form/catalogue-controls.tsx";

/**
 * The preview's link changes (decision 029): every link the file adds or changes, old host → new
 * host. A link off the pharmacy's website (its registrable domain differs) is applied only when
 * ticked here; the rest of the file applies either way. Links are shown as text, never followed.
 */
export function PriceSheetLinks({
  changes,
  accepted,
  onChange,
  disabled,
}: {
  changes: readonly PriceSheetLinkChange[];
  accepted: ReadonlySet<string>;
  onChange: (accepted: ReadonlySet<string>) => void;
  disabled: boolean;
}) {
  if (changes.length === 0) return null;
  const flagged = changes.filter((change) => change.flagged).length;
  const toggle = (id: string, apply: boolean) => {
    const next = new Set(accepted);
    if (apply) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="mt-4">
      <legend className="font-medium text-slate-900 text-sm">Links in the file ({changes.length})</legend>
      <p className="text-slate-700 text-sm">
        {flagged > 0
          ? "A link to another site than the pharmacy's website is applied only if you tick it; its price is applied either way."
          : "Every link is on its pharmacy's website."}
      </p>
      <ul className="mt-2 space-y-2 text-slate-800 text-sm">
        {changes.map((change) => {
          const what = `${change.pharmacyName}, ${change.medicationName} ${change.dosage}`;
          const hosts = (
            <span className="break-all">
              {change.oldHost ?? "no link"} → {change.newHost}
            </span>
          );
          const noteId = `${change.id}-note`;
          return (
            <li key={change.id}>
              {change.flagged ? (
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-brand-700"
                    checked={accepted.has(change.id)}
                    disabled={disabled}
                    aria-describedby={noteId}
                    onChange={(event) => toggle(change.id, event.target.checked)}
                  />
                  <span>
                    <span className="font-medium">
                      Apply the link to {change.newHost} for {what}
                    </span>
                    <span id={noteId} className="block text-slate-600 text-xs">
                      {hosts} · <Badge tone="amber">Not the pharmacy's website</Badge>{" "}
                      {change.website ? `(${change.website})` : "(it has no website yet)"} ·{" "}
                      <span className="break-all">{change.newLink}</span>
                    </span>
                  </span>
                </label>
              ) : (
                <span className="ml-6 block">
                  <span className="font-medium">{what}</span>
                  <span className="block text-slate-600 text-xs">
                    {hosts} · <Badge tone="green">Pharmacy's website</Badge> ·{" "}
                    <span className="break-all">{change.newLink}</span>
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
