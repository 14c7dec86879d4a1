/**
 * Logos of the pharmacies we hold artwork for, keyed by lowercase pharmacy name (public site §2:
 * exact match first, then partial, else the default pharmacy icon). The demo pharmacies are
 * fictional; their badges in public/pharmacy-logos are drawn for this site.
 */
export const pharmacyLogos: Readonly<Record<string, string>> = {
  "kestrel lane pharmacy": "/pharmacy-logos/kestrel-lane-pharmacy.svg",
  "bramblewick chemist": "/pharmacy-logos/bramblewick-chemist.svg",
  "harbourlight meds": "/pharmacy-logos/harbourlight-meds.svg",
  "fernquill pharmacy": "/pharmacy-logos/fernquill-pharmacy.svg",
  "copperwren dispensary": "/pharmacy-logos/copperwren-dispensary.svg",
  "larkspur row chemist": "/pharmacy-logos/larkspur-row-chemist.svg",
  "thistlebright pharmacy": "/pharmacy-logos/thistlebright-pharmacy.svg",
  "saltmeadow health": "/pharmacy-logos/saltmeadow-health.svg",
};

/**
 * Words every pharmacy name may carry. A partial match must share something more distinctive, or
 * a pharmacy called just "Online Pharmacy" would wear another pharmacy's logo.
 */
const genericWords = new Set([
  "pharmacy",
  "pharmacies",
  "chemist",
  "chemists",
  "dispensary",
  "meds",
  "health",
  "online",
  "uk",
  "ltd",
  "limited",
  "the",
  "and",
  "&",
]);
const MIN_PARTIAL_LENGTH = 3;

function distinctive(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word !== "" && !genericWords.has(word))
    .join(" ");
}

/**
 * The logo for a pharmacy name: the entry with exactly that lowercase name; else a partial match on
 * the names' distinctive parts — an entry contained in the name (the longest wins), then an entry
 * containing the name (the shortest wins); else undefined (draw the default pharmacy icon).
 */
export function findPharmacyLogo(
  pharmacyName: string,
  logos: Readonly<Record<string, string>> = pharmacyLogos,
): string | undefined {
  const name = pharmacyName.trim().toLowerCase().replace(/\s+/g, " ");
  if (name === "") return undefined;
  if (Object.hasOwn(logos, name)) return logos[name];

  const wanted = distinctive(name);
  if (wanted.length < MIN_PARTIAL_LENGTH) return undefined;
  const entries = Object.entries(logos)
    .map(([key, src]) => ({ key: distinctive(key.toLowerCase().trim().replace(/\s+/g, " ")), src }))
    .filter(({ key }) => key.length >= MIN_PARTIAL_LENGTH);
  const inName = entries
    .filter(({ key }) => wanted.includes(key))
    .sort((a, b) => b.key.length - a.key.length);
  if (inName[0]) return inName[0].src;
  const containing = entries
    .filter(({ key }) => key.includes(wanted))
    .sort((a, b) => a.key.length - b.key.length);
  return containing[0]?.src;
}
