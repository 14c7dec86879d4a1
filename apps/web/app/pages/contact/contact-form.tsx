import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  contactSubjectLabels,
} from "@pharmacompare/contract";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { FormOutcome } from "../../components/ui/form-outcome.tsx";
import type { ContactOutcome } from "./contact-fields.ts";
import { loadContactSending } from "./contact-sending.ts";

const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 " +
  "shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700";
const labelClass = "block font-medium text-slate-900 text-sm";

/**
 * The contact form (public site §4): idle, sending (button aria-disabled, "Sending..."), then success
 * (fields cleared, a status notice) or error (an alert; what was typed stays). With JavaScript the
 * route's client action sends it from the browser; without, the same form posts to the route's
 * server action and the page comes back with the outcome (`serverOutcome`).
 */
export function ContactForm({ serverOutcome }: { serverOutcome: ContactOutcome | undefined }) {
  const fetcher = useFetcher<ContactOutcome>({ key: "contact" });
  const outcome = fetcher.data ?? serverOutcome;
  const sending = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const refill = outcome?.status === "error" ? outcome.values : undefined;
  const emailHint = outcome?.status === "error" ? outcome.emailHint : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "success") form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  // The outcome takes focus, so it is scrolled into view above the form and read out (each answer
  // is a new object; a server-rendered outcome is focused on arrival).
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome && !sending) notice.current?.focus();
  }, [outcome, sending]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      // Sending a message changes nothing else on the page: no need to load it again (and with the
      // connection gone, reloading it would replace the form and its text with an error page).
      defaultShouldRevalidate={false}
      aria-labelledby="contact-form-heading"
      // Fetch the sending code while the visitor fills the form in (decision 025).
      onFocus={() => void loadContactSending().catch(() => {})}
      onSubmit={(event) => {
        if (sending) event.preventDefault();
      }}
      className="space-y-5"
    >
      <h2 id="contact-form-heading" className="font-semibold text-slate-900 text-xl">
        Send us a message
      </h2>

      <FormOutcome
        success={outcome?.status === "success" ? outcome.message : null}
        failure={outcome?.status === "error" ? outcome.message : null}
        noticeRef={notice}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className={labelClass}>
            Name
          </label>
          <input
            id="contact-name"
            name="name"
            type="text"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            autoComplete="name"
            defaultValue={refill?.name}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            Email
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            maxLength={CONTACT_LIMITS.emailMax}
            autoComplete="email"
            spellCheck={false}
            // type="email" accepts `a@b`, which the API refuses: ask for a dot in the domain too.
            pattern="[^@\s]+@[^@\s]+\.[^@\s]+"
            title="A full email address, such as name@example.co.uk"
            aria-invalid={emailHint ? true : undefined}
            aria-describedby={emailHint ? "contact-email-hint" : undefined}
            defaultValue={refill?.email}
            className={fieldClass}
          />
          {emailHint ? (
            <p id="contact-email-hint" className="mt-1.5 text-red-800 text-sm">
              {emailHint}
            </p>
          ) : null}
        </div>
      </div>

      <div>
        <label htmlFor="contact-subject" className={labelClass}>
          Subject
        </label>
        <select
          id="contact-subject"
          name="subject"
          required
          defaultValue={refill?.subject ?? ""}
          className={`${fieldClass} pr-10`}
        >
          {/* An empty value: `required` refuses it, so a subject must be chosen (public site §5). */}
          <option value="">Select a subject</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {contactSubjectLabels[subject]}
            </option>
          ))}
        </select>
      </div>

      <div>
        <label htmlFor="contact-message" className={labelClass}>
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.messageMax}
          aria-describedby="contact-message-hint"
          defaultValue={refill?.message}
          className={`${fieldClass} resize-y`}
        />
        <p id="contact-message-hint" className="mt-1.5 text-slate-600 text-sm">
          At least {CONTACT_LIMITS.messageMin} characters. Please do not include medical details.
        </p>
      </div>

      {/* Bots fill every field; people never see this one (hidden, out of the tab order). */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      {/* aria-disabled, not disabled: the pressed button keeps focus while sending; onSubmit refuses a repeat. */}
      <button
        type="submit"
        aria-disabled={sending}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
      >
        {sending ? "Sending..." : "Send Message"}
      </button>
    </fetcher.Form>
  );
}
