import { describe, expect, it } from "vitest";
import { clickOutsCsv, clickOutsCsvFileName } from "./click-outs-csv.ts";

describe("the click-outs CSV", () => {
  it("has a header and one line per month and pharmacy, CRLF-ended", () => {
    const text = clickOutsCsv({
      rows: [
        { month: "2026-05", pharmacyId: "kestrel-lane-pharmacy", name: "Kestrel Lane Pharmacy", count: 12 },
        { month: "2026-06", pharmacyId: "a-b", name: "Smith, Jones & Co", count: 3 },
      ],
    });
    expect(text).toBe(
      "Month,Pharmacy,Pharmacy ID,Click-outs\r\n" +
        "2026-05,Kestrel Lane Pharmacy,kestrel-lane-pharmacy,12\r\n" +
        '2026-06,"Smith, Jones & Co",a-b,3\r\n',
    );
  });

  it("keeps a name that would start a formula as text", () => {
    const text = clickOutsCsv({
      rows: [
        { month: "2026-06", pharmacyId: "x", name: '=HYPERLINK("http://evil.example","Click")', count: 1 },
      ],
    });
    expect(text.split("\r\n")[1]).toBe(`2026-06,"'=HYPERLINK(""http://evil.example"",""Click"")",x,1`);
  });

  it("names the file after the months it covers", () => {
    expect(clickOutsCsvFileName({ from: "2026-01", to: "2026-06" })).toBe("click-outs_2026-01_2026-06.csv");
  });
});
