import { adminEndpoints, FEED_FORMATS, FEED_RUNS_PER_DAY, type Feed } from "@pharmacompare/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { failureText } from "../kit/admin-route.ts";
import { buttonClass, Notice } from "../kit/admin-ui.tsx";
import { FEED_FORMAT_LABELS, feedBody, type HeaderChoice, runsPerDayLabel } from "../kit/feeds/feed-input.ts";
import { CheckboxField, InputField, SelectField } from "../kit/form/catalogue-controls.tsx";
import { fieldMessage } from "../kit/form/field-messages.ts";
import { type Failure, useAdminCall } from "../kit/use-admin-call.ts";
import { FormGroup } from "./pharmacy-form-parts.tsx";

/**
 * The pharmacy form's "Price feed" (issue 29, decision 045): its own form beside the pharmacy's,
 * saved through `PUT …/feed`. The credential header is write-only: the form says one is set and
 * under which name, never its value, and offers to keep, replace or remove it.
 */

const ACTIVE_HINT = "A feed switched off keeps its settings and does not run.";

type View = { kind: "loading" } | { kind: "failed"; error: string } | { kind: "ready"; feed: Feed | null };

async function loadFeed(id: string): Promise<View> {
  try {
    // A pharmacy without a feed answers `feed: null` (issue 41), not a 404 the console would log.
    const { feed } = await adminSession()
      .api(new Request(window.location.href))
      .call(adminEndpoints.getPharmacyFeed, { params: { id } });
    return { kind: "ready", feed };
  } catch (error) {
    return { kind: "failed", error: failureText(error, "The feed could not be loaded") };
  }
}

export function FeedSettings({ pharmacyId }: { pharmacyId: string }) {
  const call = useAdminCall();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [choice, setChoice] = useState<HeaderChoice>("keep");
  // Each load draws the form afresh from what the API answered.
  const [version, setVersion] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const reload = useCallback(async () => {
    setView(await loadFeed(pharmacyId));
    setChoice("keep");
    setVersion((n) => n + 1);
  }, [pharmacyId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    if (version > 0 && (failure || saved)) noticeRef.current?.focus();
  }, [failure, saved, version]);

  async function save(form: HTMLFormElement, remove = false) {
    if (busy) return;
    setBusy(true);
    const body = feedBody(new FormData(form));
    const answer = await call<unknown>("The feed could not be saved", (api) =>
      remove
        ? api.call(adminEndpoints.deletePharmacyFeed, { params: { id: pharmacyId } })
        : api.call(adminEndpoints.setPharmacyFeed, { params: { id: pharmacyId }, body }),
    );
    // Reloaded first: the form is drawn afresh, then its notice takes focus.
    if (answer.ok) await reload();
    setBusy(false);
    setFailure(answer.ok ? null : answer);
    setSaved(answer.ok ? (remove ? "Feed removed" : "Feed saved") : null);
  }

  if (view.kind !== "ready") {
    return (
      <FormGroup title="Price feed" titleId="feed-heading">
        {view.kind === "loading" ? (
          <p role="status">Loading the feed…</p>
        ) : (
          <Notice tone="error">{view.error}</Notice>
        )}
      </FormGroup>
    );
  }
  const { feed } = view;
  const errorFor = (field: string, label: string) => fieldMessage(label, failure?.fields[field]);
  const headerFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        label="Header name"
        name="headerName"
        autoComplete="off"
        placeholder="Authorization"
        error={errorFor("header.name", "Header name")}
      />
      <InputField
        label="Header value"
        name="headerValue"
        type="password"
        autoComplete="new-password"
        hint="Stored encrypted; never shown again."
        error={errorFor("header.value", "Header value")}
      />
    </div>
  );

  return (
    <form
      key={version}
      aria-labelledby="feed-heading"
      className="mt-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(event.currentTarget);
      }}
    >
      <FormGroup title="Price feed" titleId="feed-heading">
        <p className="text-slate-700 text-sm">
          The address the site fetches this pharmacy's prices from. Rows that move a price a long way, link to
          another site or name an unknown medication wait on{" "}
          <Link to="/admin/feed-review" className="font-medium text-brand-800 underline">
            Feed review
          </Link>
          .{feed ? ` Schedule: ${feed.schedule}.` : " No feed is set."}
        </p>
        {failure ? (
          <Notice tone="error" noticeRef={noticeRef}>
            {failure.error}
          </Notice>
        ) : saved ? (
          <Notice tone="success" noticeRef={noticeRef}>
            {saved}
          </Notice>
        ) : null}
        <InputField
          label="Feed address"
          name="url"
          type="url"
          required
          placeholder="https://"
          defaultValue={feed?.url ?? ""}
          error={errorFor("url", "Feed address")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Format"
            name="format"
            value={feed?.format ?? "flat-csv"}
            choices={FEED_FORMATS.map((format) => [format, FEED_FORMAT_LABELS[format]])}
            error={errorFor("format", "Format")}
          />
          <ChoiceField
            label="How often"
            name="runsPerDay"
            value={String(feed?.runsPerDay ?? 1)}
            choices={FEED_RUNS_PER_DAY.map((runs) => [String(runs), runsPerDayLabel(runs)])}
            error={errorFor("runsPerDay", "How often")}
          />
        </div>
        <CheckboxField
          label="Feed on"
          name="active"
          defaultChecked={feed?.active ?? true}
          hint={ACTIVE_HINT}
        />
        {feed?.headerName ? (
          <fieldset className="space-y-3">
            <legend className="font-medium text-slate-800 text-sm">
              Credential header: one is set, sent as <span className="font-mono">{feed.headerName}</span>
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {(["keep", "replace", "remove"] as const).map((option) => (
                <label key={option} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="headerChoice"
                    value={option}
                    checked={choice === option}
                    onChange={() => setChoice(option)}
                    className="size-4 accent-brand-700"
                  />
                  {{ keep: "Keep it", replace: "Replace it", remove: "Remove it" }[option]}
                </label>
              ))}
            </div>
            {choice === "replace" ? headerFields : null}
          </fieldset>
        ) : (
          <fieldset className="space-y-2">
            <legend className="font-medium text-slate-800 text-sm">
              Credential header (optional, for a feed that needs the pharmacy's key)
            </legend>
            {headerFields}
          </fieldset>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {feed ? <RemoveButton busy={busy} onRemove={(form) => void save(form, true)} /> : null}
          <button type="submit" className={buttonClass.primary} aria-disabled={busy}>
            {busy ? "Saving..." : "Save feed"}
          </button>
        </div>
      </FormGroup>
    </form>
  );
}

/** A select whose options are `[value, text]` pairs. */
function ChoiceField({
  choices,
  value,
  ...field
}: {
  label: string;
  name: string;
  value: string;
  choices: [string, string][];
  error?: string;
}) {
  const options = choices.map(([key, text]) => (
    <option key={key} value={key}>
      {text}
    </option>
  ));
  return (
    <SelectField defaultValue={value} {...field}>
      {options}
    </SelectField>
  );
}

/** Removes the feed (its runs and held rows stay, decision 045). */
function RemoveButton({ busy, onRemove }: { busy: boolean; onRemove: (form: HTMLFormElement) => void }) {
  const remove = (button: HTMLButtonElement) => button.form && onRemove(button.form);
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      aria-disabled={busy}
      onClick={(event) => remove(event.currentTarget)}
    >
      Remove feed
    </button>
  );
}
