import type { PublicAdminMessage } from "@pharmacompare/contract";
import { flushSync } from "react-dom";
import { useHydrated } from "../../components/condition/use-hydrated.ts";
import { CloseIcon } from "../../components/ui/icons.tsx";
import { useNonce } from "../../lib/csp-nonce.ts";
import { hideDismissedScript, useDismissedMessages } from "./dismissed-messages.ts";
import { messageStyles } from "./message-styles.ts";

/**
 * General admin messages (those without a pharmacy) as banners above the prices. A visitor can
 * dismiss one; dismissed ids persist in localStorage (public site §4).
 *
 * No flash on reload: the server renders every banner (so they reach visitors without JavaScript),
 * and the inline script right after the list hides the dismissed ones before the first paint;
 * after hydration React reads the same storage and drops them. Dismiss buttons appear only once
 * React runs, because only then can they work.
 */
export function MessageBanners({ messages }: { messages: readonly PublicAdminMessage[] }) {
  const { dismissed, dismiss } = useDismissedMessages();
  const hydrated = useHydrated();
  const nonce = useNonce();
  const visible = messages.filter((message) => !dismissed.has(message._id));
  if (visible.length === 0) return null;

  // The pressed button disappears with its notice: focus moves to the next notice's Dismiss
  // button, else the previous one's, else the prices heading, so keyboard users keep their place.
  const dismissAndMoveFocus = (id: string, index: number) => {
    const neighbour = visible[index + 1] ?? visible[index - 1];
    flushSync(() => dismiss(id));
    const target = neighbour
      ? document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(neighbour._id)}"] button`)
      : document.getElementById("prices-heading");
    target?.focus();
  };

  return (
    <section aria-labelledby="notices-heading" className="space-y-3">
      <h2 id="notices-heading" className="sr-only">
        Notices
      </h2>
      <ul className="space-y-3">
        {visible.map((message, index) => {
          const style = messageStyles[message.category];
          const titleId = `notice-${message._id}`;
          return (
            <li
              key={message._id}
              data-message-id={message._id}
              // The inline script may have set `hidden` before hydration; React removes the item next.
              suppressHydrationWarning
              className={`relative flex gap-3 rounded-xl border p-4 pr-12 sm:p-5 sm:pr-14 ${style.box}`}
            >
              <div className={`min-w-0 ${style.text}`}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 font-semibold text-xs ${style.badge}`}>
                    {style.label}
                  </span>
                  <strong id={titleId} className="font-semibold">
                    {message.title}
                  </strong>
                </p>
                <p className="mt-1.5 text-sm leading-6">{message.message}</p>
              </div>
              {hydrated ? (
                <button
                  type="button"
                  aria-label={`Dismiss ${message.title}`}
                  onClick={() => dismissAndMoveFocus(message._id, index)}
                  className={`absolute top-3 right-3 rounded-lg p-1.5 hover:bg-black/5 ${style.text}`}
                >
                  <CloseIcon className="size-5" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own, no visitor input. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideDismissedScript }} />
    </section>
  );
}
