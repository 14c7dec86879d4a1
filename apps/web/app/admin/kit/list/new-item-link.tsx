import { Link } from "react-router";
import { buttonClass } from "../admin-ui.tsx";

/**
 * A list header's way to the add screen ("+ New Post", "+ Add Medication"): `PageHeader`'s
 * `action` (decision 049). The plus is hidden from screen readers, so the link is named by its words.
 */
export function NewItemLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={buttonClass.primary}>
      <span aria-hidden="true">+</span>
      {` ${label}`}
    </Link>
  );
}
