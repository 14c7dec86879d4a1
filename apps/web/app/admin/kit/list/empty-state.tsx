import type { ReactNode } from "react";

/** What an admin list shows when it has no rows: why, and optionally a way on (a link or button). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-4 py-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-600 text-sm">{children}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
