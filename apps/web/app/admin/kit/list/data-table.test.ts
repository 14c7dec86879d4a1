import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type DataColumn, DataTable } from "./data-table.tsx";

interface Row {
  id: string;
  name: string;
  note: string | null;
}

const rows: Row[] = [
  { id: "a", name: "Alpha", note: "first" },
  { id: "b", name: "Beta", note: null },
];
const columns: DataColumn<Row>[] = [
  { header: "Name", rowHeader: true, cell: (row) => row.name },
  { header: "Note", cell: (row) => row.note ?? "—", card: { cell: (row) => row.note } },
  { header: "Id", cell: (row) => row.id, card: false },
];

function render(extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return renderToStaticMarkup(
    createElement(DataTable<Row>, {
      label: "Things",
      caption: "Things, by name",
      columns,
      rows,
      rowKey: (row) => row.id,
      ...extra,
    }),
  );
}

const cells = (html: string, scope: "col" | "row") =>
  [...html.matchAll(new RegExp(`<th scope="${scope}"[^>]*>([^<]*)<`, "g"))].map((match) => match[1]);
const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("DataTable", () => {
  it("is a captioned table with column headers and a row header per row", () => {
    const html = render();
    const table = html.slice(html.indexOf("<table"));
    expect(table).toContain('<caption class="sr-only">Things, by name</caption>');
    expect(cells(table, "col")).toEqual(["Name", "Note", "Id"]);
    expect(cells(table, "row")).toEqual(["Alpha", "Beta"]);
    expect(text(table)).toContain("|Beta|—|b|");
  });

  it("scrolls sideways in a named region that the keyboard can reach", () => {
    expect(render()).toMatch(/<section aria-label="Things" tabindex="0"/);
  });

  it("gives phones one card per row: the title, then the card's lines, leaving out empty ones", () => {
    const html = render();
    const cards = html.slice(0, html.indexOf("<section"));
    expect(cards).toMatch(/^<ul aria-label="Things"/);
    expect(text(cards)).toBe("|Alpha|Note|first|Beta|");
  });

  it("puts per-row actions in a last column and at each card's foot", () => {
    const html = render({
      rowActions: (row) => createElement("button", { type: "button" }, `Delete ${row.name}`),
    });
    expect(html).toContain(">Actions</th>");
    expect(html.match(/>Delete Alpha</g)).toHaveLength(2);
  });
});
