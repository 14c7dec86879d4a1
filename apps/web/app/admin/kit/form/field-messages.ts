/**
 * The API's field messages read after the field's name ("is required"); ours are whole sentences.
 * Beside a field, both read as one: "End date must not be before the start date".
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/**
 * A form's field props from its refusal's messages (decision 049): `field("endDate", "End date")`
 * is the label, the name and the message beside the field, the label written once since it also
 * starts the API's message.
 */
export function labelledFields<Field extends string>(messages: Partial<Record<Field, string>>) {
  return (name: Field, label: string) => ({ label, name, error: fieldMessage(label, messages[name]) });
}
