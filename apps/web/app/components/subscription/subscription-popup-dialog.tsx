import { subscriptionMessages } from "@pharmacompare/contract";
import type { RefObject } from "react";
import { ModalDialog } from "../ui/modal-dialog.tsx";
import { SubscribeForm, secondaryButtonClass } from "./subscribe-form.tsx";

interface SubscriptionPopupDialogProps {
  open: boolean;
  onClose: () => void;
  onSuccess: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * The pop-up's dialog, "Stay Updated!": its own module so that the browser fetches it only when
 * the pop-up is due, 30 seconds into a visit, and never for a visitor who has already seen it.
 */
export function SubscriptionPopupDialog({
  open,
  onClose,
  onSuccess,
  returnFocusRef,
}: SubscriptionPopupDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={subscriptionMessages.heading}
      description="Get an email when the medications you compare get cheaper. Free, and easy to stop."
      returnFocusRef={returnFocusRef}
    >
      <SubscribeForm
        source="popup"
        showInterests
        onSuccess={onSuccess}
        secondaryAction={
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            No Thanks
          </button>
        }
      />
    </ModalDialog>
  );
}
