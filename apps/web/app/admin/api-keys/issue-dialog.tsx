import { API_KEY_QUOTA_LIMITS } from "@pharmacompare/contract";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { buttonClass, FormActions, inputClass, Notice } from "../kit/admin-ui.tsx";
import { InputField, UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";

/** The dialog's fields, in the order they appear (focus goes to the first one at fault). */
export const KEY_FIELDS = ["name", "perMinute", "perDay"] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** What the screen's action answers to issuing a key: the key itself, this once. */
export type IssueResult =
  | { intent: "issue"; ok: true; key: string; name: string }
  | { intent: "issue"; ok: false; error: string; fields: Partial<Record<KeyField, string>> };

/**
 * Issuing an open-API key (decision 062): who it is for and its two quotas. A refusal shows its
 * reason at the top and each field's message beside that field.
 */
export function IssueKeyDialog({
  open,
  fetcher,
  result,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  fetcher: FetcherWithComponents<unknown>;
  result: Extract<IssueResult, { ok: false }> | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const fields = saving ? {} : (result?.fields ?? {});
  const faultyField = KEY_FIELDS.find((field) => fields[field]);
  const field = labelledFields<KeyField>(fields);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const input = faultyField ? formRef.current?.elements.namedItem(faultyField) : null;
    if (input instanceof HTMLElement) input.focus();
    else errorRef.current?.focus();
  }, [result, faultyField]);

  const { perMinute, perDay } = API_KEY_QUOTA_LIMITS;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Issue API key"
      description="A key for the read-only open API. It is shown once, when it is issued."
      returnFocusRef={returnFocusRef}
    >
      <UnmarkedFields>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={(event) => {
            if (saving) event.preventDefault();
          }}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="issue" />
          {result && !saving ? (
            <Notice tone="error" noticeRef={errorRef}>
              {result.error}
            </Notice>
          ) : null}
          <InputField
            {...field("name", "Name")}
            required
            maxLength={120}
            hint="Who the key is for, e.g. a newsroom or a research group."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              {...field("perMinute", "Requests a minute")}
              required
              type="number"
              min={perMinute.min}
              max={perMinute.max}
              defaultValue={perMinute.default}
              hint={`${perMinute.min} to ${perMinute.max}.`}
            />
            <InputField
              {...field("perDay", "Requests a day")}
              required
              type="number"
              min={perDay.min}
              max={perDay.max}
              defaultValue={perDay.default}
              hint="A UK day, at least the minute's quota."
            />
          </div>
          <FormActions cancel={{ onClick: onClose }} saving={saving} saveLabel="Issue Key" />
        </fetcher.Form>
      </UnmarkedFields>
    </ModalDialog>
  );
}

/**
 * The key just issued, shown this once: staff copy it and send it on. Closing the dialog forgets
 * it; the API keeps only its hash.
 */
export function NewKeyDialog({
  issued,
  onClose,
  returnFocusRef,
}: {
  issued: { key: string; name: string } | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.key);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure page, a refused permission): the key stays selected to copy by hand.
      inputRef.current?.select();
      setCopied("no");
    }
  }
  return (
    <ModalDialog
      open={issued !== null}
      onClose={() => {
        setCopied(null);
        onClose();
      }}
      title="Your new API key"
      description={
        issued
          ? `The key for ${issued.name}. Copy it now: it will not be shown again. Send it with Authorization: Bearer <key>.`
          : undefined
      }
      returnFocusRef={returnFocusRef}
    >
      <div className="space-y-4">
        <label className="block font-medium text-slate-800 text-sm" htmlFor="new-api-key">
          API key
        </label>
        {/* Two lines on a phone, so the whole key can be read as well as copied. */}
        <textarea
          ref={inputRef}
          id="new-api-key"
          readOnly
          rows={2}
          value={issued?.key ?? ""}
          className={`${inputClass} resize-none break-all font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <p role="status" className="min-h-5 text-slate-700 text-sm">
          {copied === "yes"
            ? "Copied to the clipboard."
            : copied === "no"
              ? "Select the key and copy it."
              : ""}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
            Copy Key
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => {
              setCopied(null);
              onClose();
            }}
          >
            Done
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
