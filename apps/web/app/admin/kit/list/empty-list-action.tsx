import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../admin-ui.tsx";

/** What an empty list offers: with filters set, to clear them; otherwise to make its first row. */
export function EmptyListAction({
  filtered,
  to,
  tone = "secondary",
  children,
}: {
  filtered: boolean;
  /** The add screen's address. */
  to: string;
  tone?: "primary" | "secondary";
  /** The first row's words, e.g. "Write the first post". */
  children: ReactNode;
}) {
  return filtered ? (
    <Link to="." className={buttonClass.secondary}>
      Clear filters
    </Link>
  ) : (
    <Link to={to} className={buttonClass[tone]}>
      {children}
    </Link>
  );
}
