import { Link, type LinkProps } from "react-router";
import type { TablePrice } from "../../components/condition/price-rows.ts";
import { SpriteIcon } from "../../components/ui/icon-sprite.tsx";
import { gphcRegisterUrl } from "../../lib/regulator-links.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/**
 * A price row's pharmacy name, linked to the pharmacy's own page. Rows from the saved price file
 * carry no GPhC number and come from no pharmacy we can vouch for, so they keep the plain name.
 */
export function PharmacyName({
  pharmacy,
  discover,
}: {
  pharmacy: TablePrice["pharmacy"];
  discover: LinkProps["discover"];
}) {
  return (
    <p className="cmp-name">
      {pharmacy.gphcNumber ? (
        <Link to={sitePaths.pharmacy(pharmacy.id)} discover={discover}>
          {pharmacy.name}
        </Link>
      ) : (
        pharmacy.name
      )}
    </p>
  );
}

/** "GPhC 1234567", linked to the pharmacy's entry on the GPhC register so a visitor can check it. */
export function GphcLink({ pharmacy }: { pharmacy: TablePrice["pharmacy"] }) {
  if (!pharmacy.gphcNumber) return null;
  return (
    <a
      href={gphcRegisterUrl(pharmacy.gphcNumber)}
      target="_blank"
      rel="noopener noreferrer"
      // Starts with the visible words (WCAG 2.5.3), then says what the link checks.
      aria-label={`GPhC ${pharmacy.gphcNumber}: check ${pharmacy.name} on the GPhC register (opens in a new tab)`}
      className="cmp-gphc"
    >
      {/* Sized and coloured by the stylesheet (.cmp-gphc > svg), not per row. */}
      <SpriteIcon symbol="shield" />
      {`GPhC ${pharmacy.gphcNumber}`}
    </a>
  );
}
