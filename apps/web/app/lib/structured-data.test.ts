import { describe, expect, it } from "vitest";
import { breadcrumbList, comparedProduct, pharmacyEntity } from "./structured-data.ts";

describe("comparedProduct", () => {
  it("bounds the shown prices in an AggregateOffer in pounds", () => {
    expect(
      comparedProduct({
        name: "Sildenafil 50mg x 4 tablets",
        description: "Generic sildenafil tablets.",
        url: "https://pharmacompare.example/condition/erectile-dysfunction?medication=Sildenafil",
        prices: [5.59, 8.09, 6.2],
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Sildenafil 50mg x 4 tablets",
      description: "Generic sildenafil tablets.",
      url: "https://pharmacompare.example/condition/erectile-dysfunction?medication=Sildenafil",
      offers: {
        "@type": "AggregateOffer",
        priceCurrency: "GBP",
        lowPrice: "5.59",
        highPrice: "8.09",
        offerCount: 3,
      },
    });
  });

  it("describes no product without prices", () => {
    expect(comparedProduct({ name: "x", description: "", url: "https://a.example/", prices: [] })).toBeNull();
  });
});

describe("breadcrumbList", () => {
  it("numbers the steps and links all but the page itself", () => {
    const list = breadcrumbList([
      { name: "Home", url: "https://a.example/" },
      { name: "Acne", url: "https://a.example/condition/acne" },
      { name: "Benzoyl gel" },
    ]);
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://a.example/" },
      { "@type": "ListItem", position: 2, name: "Acne", item: "https://a.example/condition/acne" },
      { "@type": "ListItem", position: 3, name: "Benzoyl gel" },
    ]);
  });
});

describe("pharmacyEntity", () => {
  const base = {
    name: "Kestrel Lane Pharmacy",
    description: "An online pharmacy.",
    pageUrl: "https://pharmacompare.example/pharmacies/kestrel-lane-pharmacy",
    website: "https://www.kestrellanepharmacy.example",
    sameAs: ["https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/1904721"],
    gphcNumber: "1904721",
    cqcNumber: "1-9990001471",
  };

  it("is a schema.org Pharmacy identified by its GPhC and CQC numbers", () => {
    expect(pharmacyEntity(base)).toEqual({
      "@context": "https://schema.org",
      "@type": "Pharmacy",
      "@id": "https://pharmacompare.example/pharmacies/kestrel-lane-pharmacy#pharmacy",
      name: "Kestrel Lane Pharmacy",
      description: "An online pharmacy.",
      url: "https://www.kestrellanepharmacy.example",
      mainEntityOfPage: "https://pharmacompare.example/pharmacies/kestrel-lane-pharmacy",
      identifier: [
        { "@type": "PropertyValue", propertyID: "GPhC premises registration number", value: "1904721" },
        { "@type": "PropertyValue", propertyID: "CQC location ID", value: "1-9990001471" },
      ],
      sameAs: ["https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/1904721"],
    });
  });

  it("leaves out what it does not have", () => {
    const entity = pharmacyEntity({
      ...base,
      description: "",
      website: undefined,
      sameAs: [],
      cqcNumber: null,
    });
    expect(entity).not.toHaveProperty("description");
    expect(entity).not.toHaveProperty("url");
    expect(entity).not.toHaveProperty("sameAs");
    expect(entity).toHaveProperty("identifier", [
      { "@type": "PropertyValue", propertyID: "GPhC premises registration number", value: "1904721" },
    ]);
  });
});
