import { type AdminSessionSummary, adminEndpoints, formatDateTime } from "@pharmacompare/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClass, Notice, Panel } from "../kit/admin-ui.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";

/**
 * Profile Settings' "Signed-in sessions" (issue 12, ASVS 3.3.4): where this account is signed in,
 * newest sign-in first, and a way to end any other session or all of them at once. This browser's
 * session is ended by signing out, so it has no button here.
 */

type View =
  | { kind: "loading" }
  | { kind: "unavailable"; error: string }
  | { kind: "list"; sessions: AdminSessionSummary[] };

export function SessionsSection() {
  const call = useAdminCall();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    const answer = await call("Your sessions could not be loaded", (api) =>
      api.call(adminEndpoints.listAdminSessions),
    );
    setView(
      answer.ok
        ? { kind: "list", sessions: answer.value.sessions }
        : { kind: "unavailable", error: answer.error },
    );
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  // The result of ending a session is read out and takes focus, since the button that was pressed
  // has gone from the list.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function end(target: "others" | string) {
    if (busy) return;
    setBusy(target);
    setOutcome(null);
    const answer = await call("The session could not be ended", (api) =>
      target === "others"
        ? api.call(adminEndpoints.endOtherAdminSessions)
        : api.call(adminEndpoints.endAdminSession, { params: { id: target } }),
    );
    await load();
    setBusy(null);
    if (answer.ok) setOutcome({ tone: "success", text: answer.value.message });
    else if (answer.error) setOutcome({ tone: "error", text: answer.error });
  }

  const sessions = view.kind === "list" ? view.sessions : [];
  const others = sessions.filter((session) => !session.current);

  return (
    <Panel title="Signed-in sessions" titleId="sessions-heading">
      <div className="space-y-4 px-4 py-4 text-slate-700 text-sm sm:px-5 sm:py-5">
        <p>
          Everywhere you are signed in to the back-office. If you do not recognise a session, end it and
          change your password.
        </p>
        {view.kind === "loading" ? <p role="status">Loading your sessions…</p> : null}
        {view.kind === "unavailable" ? <Notice tone="error">{view.error}</Notice> : null}
        {outcome ? (
          <Notice tone={outcome.tone} noticeRef={outcomeRef}>
            {outcome.text}
          </Notice>
        ) : null}
        {view.kind === "list" ? (
          <ul
            aria-labelledby="sessions-heading"
            className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200"
          >
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 text-xs ring-1 ring-emerald-300">
                        This browser
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-slate-600">
                    {session.ipAddress ? `${session.ipAddress} · ` : ""}Signed in{" "}
                    {formatDateTime(session.signedInAt)}
                    {" · "}Last active {formatDateTime(session.lastUsedAt)}
                  </p>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-disabled={busy !== null}
                    aria-label={`End session: ${session.device}, signed in ${formatDateTime(session.signedInAt)}`}
                    onClick={() => void end(session.id)}
                  >
                    {busy === session.id ? "Ending…" : "End session"}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {others.length > 0 ? (
          <button
            type="button"
            className={buttonClass.secondary}
            aria-disabled={busy !== null}
            onClick={() => void end("others")}
          >
            {busy === "others" ? "Signing out…" : "Sign out everywhere else"}
          </button>
        ) : null}
      </div>
    </Panel>
  );
}
