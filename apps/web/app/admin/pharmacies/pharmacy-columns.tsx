import { type AdminPharmacy, isWebAddress } from "@pharmacompare/contract";
import { ActiveSwitch, Badge } from "../kit/form/catalogue-controls.tsx";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { deliverySummary, prescriptionText, ratingText, websiteLabel } from "./pharmacy-display.ts";
import { NotListedLine } from "./pharmacy-registration.tsx";

/**
 * The Pharmacy list's columns (back-office §2): name and id, website link, rating (or N/A),
 * delivery, prescription Required / Not Required, and the active switch.
 */
export function pharmacyColumns({
  busyToggleId,
  onToggle,
}: {
  busyToggleId: string;
  onToggle: (pharmacy: AdminPharmacy) => void;
}): DataColumn<AdminPharmacy>[] {
  return [
    {
      header: "Pharmacy",
      rowHeader: true,
      className: "min-w-[10rem]",
      cell: (pharmacy) => (
        <>
          <span className="block font-medium text-slate-900">{pharmacy.name}</span>
          <span className="block break-all font-mono text-slate-600 text-xs">{pharmacy.id}</span>
          <NotListedLine gphcNumber={pharmacy.gphcNumber} />
        </>
      ),
    },
    {
      header: "Website",
      cell: (pharmacy) =>
        isWebAddress(pharmacy.website) ? (
          <a
            href={pharmacy.website}
            target="_blank"
            rel="noopener noreferrer"
            title={pharmacy.website}
            // Wrapped anywhere rather than cut short: a truncated address overran the Rating column at
            // 768 px, and staff read the whole host (issue 41, e2e/layout-back-office.spec.ts).
            className="block max-w-[12rem] text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-900"
          >
            {websiteLabel(pharmacy.website)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="break-all">{pharmacy.website || "-"}</span>
        ),
    },
    {
      header: "Rating",
      className: "whitespace-nowrap",
      cell: (pharmacy) => ratingText(pharmacy.rating),
    },
    {
      header: "Delivery",
      className: "min-w-[10rem]",
      cell: (pharmacy) => {
        const delivery = deliverySummary(pharmacy);
        return (
          <>
            <span className="block text-slate-900">{delivery.methods}</span>
            {delivery.time ? <span className="block text-slate-600 text-xs">{delivery.time}</span> : null}
            <span className="block text-slate-600 text-xs">
              {delivery.fee}
              {delivery.freeOver ? ` · ${delivery.freeOver}` : null}
            </span>
          </>
        );
      },
    },
    {
      header: "Prescription",
      cell: (pharmacy) => (
        <Badge tone={pharmacy.prescriptionRequired ? "amber" : "slate"}>
          {prescriptionText(pharmacy.prescriptionRequired)}
        </Badge>
      ),
    },
    {
      header: "Status",
      cell: (pharmacy) => (
        <ActiveSwitch
          label={`Active: ${pharmacy.name}`}
          checked={pharmacy.active}
          busy={busyToggleId === pharmacy.id}
          onToggle={() => onToggle(pharmacy)}
        />
      ),
    },
  ];
}
