/**
 * Where a visitor checks a pharmacy's registration for themselves. The GPhC register has one page
 * per registered pharmacy, addressed by its premises number; the CQC has one per location id.
 */

/** The GPhC register's own page for a registered pharmacy. */
export function gphcRegisterUrl(gphcNumber: string): string {
  return `https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/${encodeURIComponent(gphcNumber)}`;
}

/** The CQC's page for a registered location (its inspections and ratings). */
export function cqcRegisterUrl(cqcNumber: string): string {
  return `https://www.cqc.org.uk/location/${encodeURIComponent(cqcNumber)}`;
}
