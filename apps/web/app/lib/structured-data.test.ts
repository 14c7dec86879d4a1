import { describe, expect, it } from "vitest";
import { breadcrumbList, comparedProduct } from "./structured-data.ts";

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
