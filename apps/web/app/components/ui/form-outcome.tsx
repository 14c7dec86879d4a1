import type { Ref } from "react";

/**
 * A public form's outcome: a success notice in a status region (always present, so screen readers
 * hear it appear) and a failure as an alert. `noticeRef` points at whichever is shown, so the form
 * can move focus to it; both can take focus for that reason.
 */
export function FormOutcome({
  success,
  failure,
  noticeRef,
}: {
  success?: string | null | undefined;
  failure?: string | null | undefined;
  noticeRef?: Ref<HTMLParagraphElement>;
}) {
  return (
    <>
      <div role="status">
        {success ? (
          <p
            ref={failure ? undefined : noticeRef}
            tabIndex={-1}
            className="rounded-lg border border-saving-700/30 bg-saving-50 px-4 py-3 font-medium text-saving-700 text-sm"
          >
            {success}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm"
        >
          {failure}
        </p>
      ) : null}
    </>
  );
}
