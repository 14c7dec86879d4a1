import type { ComponentProps, Ref } from "react";
import { Form } from "react-router";

type SavingFormProps = Omit<ComponentProps<typeof Form>, "method" | "noValidate" | "onSubmit" | "ref"> & {
  /** While the last press is being saved, another press sends nothing. */
  saving: boolean;
  formRef?: Ref<HTMLFormElement>;
};

/**
 * A back-office form that posts to its route's action: the browser's own validation is off, since
 * the screen shows the API's messages beside each field, and a second press while saving is ignored.
 */
export function SavingForm({ saving, formRef, ...props }: SavingFormProps) {
  return (
    <Form
      {...props}
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        if (saving) event.preventDefault();
      }}
    />
  );
}
