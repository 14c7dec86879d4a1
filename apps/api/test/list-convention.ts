import { ErrorBody } from "@pharmacompare/contract";
import { expect } from "vitest";

/** What a list request answered: the status and the parsed body. */
export type ListAnswer = { status: number; body: unknown };

type Row = { _id?: string; id?: string };
const rowsOf = (body: unknown, key: string, idOf: (row: Row) => string) =>
  ((body as Record<string, unknown>)[key] as Row[]).map(idOf);

/**
 * The one list convention (decision 037), as a client sees it: the rows under `key` beside
 * `page`, `limit`, `total` and `totalPages`; page 2 holds the rows after page 1's; a bad `page` or
 * `limit` is a 400 naming the key. The list must hold at least 3 rows for `query`; `idOf` names a
 * row (its `_id` or `id` unless the rows say who they are otherwise).
 */
export async function expectListConvention(
  list: (query: Record<string, unknown>) => Promise<ListAnswer>,
  key: string,
  query: Record<string, unknown> = {},
  idOf: (row: Row) => string = (row) => String(row._id ?? row.id),
): Promise<void> {
  const firstFour = await list({ ...query, limit: 4 });
  expect(firstFour.status).toBe(200);
  const { total } = firstFour.body as { total: number };
  expect(total).toBeGreaterThanOrEqual(3);
  expect(firstFour.body).toMatchObject({ page: 1, limit: 4, totalPages: Math.max(1, Math.ceil(total / 4)) });
  const ahead = rowsOf(firstFour.body, key, idOf);

  const first = await list({ ...query, limit: 2 });
  const second = await list({ ...query, limit: 2, page: 2 });
  expect(second.status).toBe(200);
  expect(second.body).toMatchObject({ page: 2, limit: 2, total, totalPages: Math.ceil(total / 2) });
  expect(rowsOf(first.body, key, idOf)).toEqual(ahead.slice(0, 2));
  expect(rowsOf(second.body, key, idOf)).toEqual(ahead.slice(2, 4));

  for (const [bad, field] of [
    [{ page: 0 }, "page"],
    [{ page: "two" }, "page"],
    [{ limit: 0 }, "limit"],
    [{ limit: 100_000 }, "limit"],
  ] as const) {
    const refused = await list({ ...query, ...bad });
    expect(refused.status, `${field}=${Object.values(bad)[0]}`).toBe(400);
    const error = ErrorBody.parse(refused.body);
    expect(error.error).toContain(field);
    expect(error.fields).toHaveProperty(field);
  }
}
