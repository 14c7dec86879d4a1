import type { ApiClient, ApiRequestInit } from "./api-client.ts";

/*
 * The one shape of a visitor form that sends what it reads to one API call: the contact form and
 * the subscribe forms (issue 43 made their two copies one). Types only from the API client, so a
 * page's own chunk holds this and never the client's schemas (decision 025).
 */

/** Where the cause of a failure goes: the server action's log (decision 032); the browser shows it instead. */
export type FormLog = (message: string, cause?: unknown) => void;

/** Sends a visitor form's fields through `api`; never throws. */
export type SendVisitorForm<Outcome> = (
  api: ApiClient,
  form: FormData,
  init?: ApiRequestInit,
  log?: FormLog,
) => Promise<Outcome>;

/** What differs between visitor forms; `sendVisitorForm` does the rest. */
export interface VisitorForm<Values, Answer, Outcome> {
  /** The log line's start when the call fails, before its cause: "contact: the message was not sent". */
  failure: string;
  read(form: FormData): Values;
  call(api: ApiClient, values: Values, init: ApiRequestInit): Promise<Answer>;
  /** What the form shows when the API accepts it. */
  sent(answer: Answer): Outcome;
  /** What it shows when the call fails: the refusal mapped to its fields, with what was typed. */
  refused(error: unknown, values: Values): Outcome;
}

/**
 * Reads the form, calls the API and maps its answer to what the form shows. Never throws, so the
 * form's sending state always ends; the cause of a failure goes to `log`.
 */
export async function sendVisitorForm<Values, Answer, Outcome>(
  visitorForm: VisitorForm<Values, Answer, Outcome>,
  api: ApiClient,
  form: FormData,
  init: ApiRequestInit = {},
  log?: FormLog,
): Promise<Outcome> {
  const values = visitorForm.read(form);
  try {
    return visitorForm.sent(await visitorForm.call(api, values, init));
  } catch (error) {
    log?.(`${visitorForm.failure}: ${error instanceof Error ? error.message : String(error)}`, error);
    return visitorForm.refused(error, values);
  }
}

export interface VisitorFormAction<Outcome> {
  /**
   * The API client and the sending code. In the browser both load on demand (decision 025): the
   * form asks for them when it first gets focus, so they are there when it is sent.
   */
  load(): Promise<readonly [ApiClient, SendVisitorForm<Outcome>]>;
  /** The answer when the sending code could not be fetched: the form's failure, as typed. */
  unsent(form: FormData): Outcome;
  /**
   * The server action's (the form posted without JavaScript): this server sends it on with the
   * visitor's address chain, which the web server appends each visitor's address to, so the API's
   * per-address limit counts the visitor rather than this server (decision 010); a failure's cause
   * goes to `log`. Left out in the browser, which calls the API itself.
   */
  relay?: { log: FormLog };
}

/** A visitor form's route action, the server's `action` and the browser's `clientAction` alike. */
export async function visitorFormAction<Outcome>(
  request: Request,
  action: VisitorFormAction<Outcome>,
): Promise<Outcome> {
  const form = await request.formData();
  // On the server a failed load is ours to fix, and throws (to the error page and the log).
  const sending = action.relay ? await action.load() : await action.load().catch(() => undefined);
  // Offline since before the form was used: its failure sentence, with what was typed.
  if (!sending) return action.unsent(form);
  const [api, send] = sending;
  if (!action.relay) return send(api, form, { signal: request.signal });
  const forwardedFor = request.headers.get("x-forwarded-for");
  return send(
    api,
    form,
    { signal: request.signal, headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : undefined },
    action.relay.log,
  );
}
