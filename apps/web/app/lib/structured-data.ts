import { formatAmount } from "@pharmacompare/contract";
import type { BreadcrumbList, ItemList, Pharmacy, Product, PropertyValue, WithContext } from "schema-dts";

/**
 * JSON-LD for search engines, typed by schema-dts so a misspelt property or a wrong type fails
 * the type check. Built only from what the page shows.
 */

export interface BreadcrumbStep {
  name: string;
  /** Absolute address; the last step (the page itself) may leave it out. */
  url?: string;
}

export function breadcrumbList(steps: readonly BreadcrumbStep[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      ...(step.url ? { item: step.url } : {}),
    })),
  };
}

export interface ComparedProduct {
  name: string;
  description: string;
  /** The page's own (canonical) address. */
  url: string;
  /** Every price the table shows, in pounds. */
  prices: readonly number[];
}

/**
 * The chosen medication and dosage as a Product whose AggregateOffer bounds the prices shown
 * (lowPrice, highPrice, how many offers), in GBP. Null without prices: no offer to describe.
 */
export function comparedProduct(product: ComparedProduct): WithContext<Product> | null {
  if (product.prices.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    url: product.url,
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "GBP",
      lowPrice: formatAmount(Math.min(...product.prices)),
      highPrice: formatAmount(Math.max(...product.prices)),
      offerCount: product.prices.length,
    },
  };
}

export interface PharmacyEntity {
  name: string;
  description: string;
  /** Our page about it: the entity's @id is built on it. */
  pageUrl: string;
  /** Its own website, when it is an http(s) address. */
  website: string | undefined;
  /** Pages that speak for the same pharmacy: its register entries, its Trustpilot reviews. */
  sameAs: readonly string[];
  gphcNumber: string;
  cqcNumber: string | null;
}

/**
 * A pharmacy page's subject as a schema.org Pharmacy, identified by its GPhC premises number (and
 * CQC location id where it has one). No rating: ours is not a review count a search engine could
 * show as stars honestly.
 */
export function pharmacyEntity(pharmacy: PharmacyEntity): WithContext<Pharmacy> {
  const identifier: PropertyValue[] = [
    { "@type": "PropertyValue", propertyID: "GPhC premises registration number", value: pharmacy.gphcNumber },
    ...(pharmacy.cqcNumber
      ? [{ "@type": "PropertyValue", propertyID: "CQC location ID", value: pharmacy.cqcNumber } as const]
      : []),
  ];
  return {
    "@context": "https://schema.org",
    "@type": "Pharmacy",
    "@id": `${pharmacy.pageUrl}#pharmacy`,
    name: pharmacy.name,
    ...(pharmacy.description ? { description: pharmacy.description } : {}),
    ...(pharmacy.website ? { url: pharmacy.website } : {}),
    mainEntityOfPage: pharmacy.pageUrl,
    identifier,
    ...(pharmacy.sameAs.length > 0 ? { sameAs: [...pharmacy.sameAs] } : {}),
  };
}

/**
 * The compare page's subject (decision 042): the two pharmacies it sets side by side, as an
 * ItemList of Pharmacy entries pointing at their own pages. No prices or ratings: the page's
 * tables hold those, and a list must not read as a ranking.
 */
export function pharmacyPairList(pair: {
  name: string;
  /** The compare page's own address. */
  url: string;
  pharmacies: readonly { name: string; url: string }[];
}): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: pair.name,
    url: pair.url,
    itemListOrder: "https://schema.org/ItemListUnordered",
    numberOfItems: pair.pharmacies.length,
    itemListElement: pair.pharmacies.map((pharmacy, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: { "@type": "Pharmacy", name: pharmacy.name, url: pharmacy.url },
    })),
  };
}
