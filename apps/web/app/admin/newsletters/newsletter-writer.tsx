import {
  type AdminCategory,
  adminEndpoints,
  formatCount,
  NEWSLETTER_LIMITS,
  type Newsletter,
} from "@pharmacompare/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ArticleMarkdown } from "../../components/ui/article-markdown.tsx";
import { buttonClass, FieldNotes, inputClass, Notice, Panel } from "../kit/admin-ui.tsx";
import { ConfirmDialog } from "../kit/dialogs/confirm-dialog.tsx";
import { InputField, type SelectOption, UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";

/**
 * The newsletter writer (issue 28, decision 041): subject, markdown body with a preview through the
 * blog's own renderer, the audience by interest and condition with how many it reaches now, then
 * save, send a test to oneself, schedule, or send now after a confirmation. Every button saves what
 * is written first, so what is tested or sent is what is on screen.
 */

export type WriterResult =
  | { ok: true; text: string }
  /** `confirm`: the API asks to confirm words close to a prescription-only medicine's name. */
  | { ok: false; error: string; fields: Record<string, string>; confirm?: boolean };

const INTERESTS = [
  { value: "priceDrops", label: "Price drops" },
  { value: "newMedications", label: "New medications" },
  { value: "weeklyDigest", label: "Weekly digest" },
] as const;

const toggled = (set: ReadonlySet<string>, value: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
};

/** Tick boxes of the audience under one name: each ticked while its value is in `chosen`. */
function TickBoxes({
  name,
  options,
  chosen,
  onChange,
}: {
  name: string;
  options: readonly SelectOption[];
  chosen: ReadonlySet<string>;
  onChange: (update: (set: ReadonlySet<string>) => ReadonlySet<string>) => void;
}) {
  return options.map((option) => (
    <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={option.value}
        checked={chosen.has(option.value)}
        onChange={(event) => onChange((set) => toggled(set, option.value, event.target.checked))}
        className="size-5"
      />
      {option.label}
    </label>
  ));
}

export function NewsletterWriter({
  newsletter,
  categories,
  result,
}: {
  newsletter: Newsletter | null;
  categories: readonly AdminCategory[];
  result: WriterResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const submit = useSubmit();
  const call = useAdminCall();
  const formRef = useRef<HTMLFormElement>(null);
  const sendNowRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();

  const [subject, setSubject] = useState(newsletter?.subject ?? "");
  const [body, setBody] = useState(newsletter?.body ?? "");
  const [interests, setInterests] = useState<ReadonlySet<string>>(new Set(newsletter?.audience.interests));
  const [conditions, setConditions] = useState<ReadonlySet<string>>(new Set(newsletter?.audience.conditions));
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [recipients, setRecipients] = useState<string>("");
  // Close matches ("m0unjaro"): the box stays once asked for, and unticks when the words change,
  // so a confirmation is given for the words on screen (decision 040, issue 42).
  const [askedToConfirm, setAskedToConfirm] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  const failure = result && !result.ok && !busy ? result : undefined;
  const errors = failure?.fields ?? {};

  useEffect(() => {
    if (failure) noticeRef.current?.focus();
    if (failure?.confirm) setAskedToConfirm(true);
  }, [failure]);

  // "N subscribers will receive it", as the audience is chosen.
  useEffect(() => {
    let current = true;
    const query = { interests: [...interests].join(","), conditions: [...conditions].join(",") };
    const timer = setTimeout(async () => {
      const answer = await call("Could not count the subscribers", (api) =>
        api.call(adminEndpoints.newsletterAudienceCount, { query }),
      );
      if (!current) return;
      setRecipients(
        answer.ok
          ? `${formatCount(answer.value.recipients)} ${answer.value.recipients === 1 ? "subscriber" : "subscribers"} will receive it`
          : answer.error,
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [interests, conditions, call]);

  function act(intent: string) {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", intent);
    void submit(data, { method: "post" });
  }

  const field = (name: string) => `${ids}-${name}`;

  return (
    <>
      <UnmarkedFields>
        <Form ref={formRef} method="post" noValidate className="space-y-6">
          {failure ? (
            <Notice tone="error" noticeRef={noticeRef}>
              {failure.error}
            </Notice>
          ) : null}
          {askedToConfirm ? (
            <label className="flex min-h-11 items-start gap-2 rounded-md p-3 text-sm ring-1 ring-amber-300">
              <input
                type="checkbox"
                name="confirmCloseMatches"
                value="yes"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
                className="mt-0.5 size-5 shrink-0"
              />
              <span>
                I confirm these words are meant as written and do not name a prescription-only medicine. Your
                name and the words are recorded in the audit log. Then save, test or send again.
              </span>
            </label>
          ) : null}

          <Panel title="Newsletter" titleId={field("heading")}>
            <div className="space-y-5 p-4 sm:p-5">
              <InputField
                label="Subject"
                name="subject"
                required
                maxLength={NEWSLETTER_LIMITS.subjectMax}
                value={subject}
                onChange={(event) => {
                  setSubject(event.target.value);
                  setConfirmed(false);
                }}
                hint="Name conditions, never a prescription-only medicine."
                error={errors.subject}
              />

              <div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label htmlFor={field("body")} className="block font-medium text-slate-800 text-sm">
                    Message (markdown)
                  </label>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-controls={previewing ? field("preview") : field("body")}
                    onClick={() => setPreviewing((now) => !now)}
                  >
                    {previewing ? "Edit" : "Preview"}
                  </button>
                </div>
                <textarea
                  id={field("body")}
                  name="body"
                  hidden={previewing}
                  rows={14}
                  maxLength={NEWSLETTER_LIMITS.bodyMax}
                  value={body}
                  onChange={(event) => {
                    setBody(event.target.value);
                    setConfirmed(false);
                  }}
                  className={`mt-2 font-mono ${inputClass}`}
                  aria-invalid={errors.body ? true : undefined}
                  aria-describedby={errors.body ? `${field("body")}-error` : undefined}
                />
                {previewing ? (
                  <section
                    id={field("preview")}
                    aria-label="Preview of the message"
                    className="mt-2 rounded-md p-4 ring-1 ring-slate-200"
                  >
                    <ArticleMarkdown content={body} />
                  </section>
                ) : null}
                <FieldNotes id={field("body")} error={errors.body} />
              </div>
            </div>
          </Panel>

          <Panel title="Who receives it" titleId={field("audience")}>
            <div className="space-y-5 p-4 sm:p-5">
              <p className="text-slate-700 text-sm">
                Only confirmed subscribers who chose news and offers. Narrow it down below, or leave
                everything unticked to send it to all of them.
              </p>
              <fieldset>
                <legend className="font-medium text-slate-800 text-sm">Who also chose</legend>
                <div className="mt-2 flex flex-wrap gap-x-6">
                  <TickBoxes name="interest" options={INTERESTS} chosen={interests} onChange={setInterests} />
                </div>
              </fieldset>
              <fieldset>
                <legend className="font-medium text-slate-800 text-sm">Who follow these conditions</legend>
                <div className="mt-2 grid gap-4 sm:grid-cols-2">
                  {categories
                    .filter((category) => category.subcategories.length > 0)
                    .map((category) => (
                      <fieldset key={category.id}>
                        <legend className="font-medium text-slate-700 text-sm">{category.name}</legend>
                        <TickBoxes
                          name="condition"
                          options={category.subcategories.map(({ id, name }) => ({ value: id, label: name }))}
                          chosen={conditions}
                          onChange={setConditions}
                        />
                      </fieldset>
                    ))}
                </div>
                <FieldNotes id={field("conditions")} error={errors["audience.conditions"]} />
              </fieldset>
              <p role="status" className="font-semibold text-slate-900">
                {recipients}
              </p>
            </div>
          </Panel>

          <Panel title="Send" titleId={field("send")}>
            <div className="space-y-5 p-4 sm:p-5">
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-disabled={busy}
                  onClick={() => act("save")}
                >
                  Save draft
                </button>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-disabled={busy}
                  onClick={() => act("test")}
                >
                  Send a test to me
                </button>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <InputField
                  label="Send at (UK time)"
                  name="sendAt"
                  type="datetime-local"
                  error={errors.sendAt}
                />
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-disabled={busy}
                  onClick={() => act("schedule")}
                >
                  Schedule
                </button>
                <button
                  ref={sendNowRef}
                  type="button"
                  className={buttonClass.primary}
                  aria-disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  Send now
                </button>
              </div>
            </div>
          </Panel>
        </Form>
      </UnmarkedFields>

      <ConfirmDialog
        open={confirming}
        title="Send this newsletter now"
        message={`“${subject || "Untitled"}” goes to every subscriber in its audience (${recipients || "counting…"}). This cannot be undone, though you can cancel while it is sending.`}
        confirmLabel="Send now"
        busyLabel="Sending..."
        tone="default"
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          act("send");
        }}
        onCancel={() => setConfirming(false)}
        returnFocusRef={sendNowRef}
      />
    </>
  );
}
