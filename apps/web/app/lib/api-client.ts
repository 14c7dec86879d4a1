import {
  BACK_OFFICE_REQUEST_HEADER,
  BACK_OFFICE_REQUEST_VALUE,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResult,
  ErrorBody,
  type ErrorCode,
  endpointUrl,
  type InputOptional,
  isSafeMethod,
  successSchema,
} from "@pharmacompare/contract";

/** Every API call gives up after this long (public site §7). */
const API_TIMEOUT_MS = 10_000;

/**
 * Why a call failed: the API refused it (`http`), it could not be reached (`network`), it did not
 * answer in time (`timeout`), the caller cancelled it (`aborted`), or it answered with a body the
 * contract does not allow (`invalid-response`).
 */
export type ApiErrorKind = "http" | "network" | "timeout" | "aborted" | "invalid-response";

export class ApiError extends Error {
  override name = "ApiError";
  readonly kind: ApiErrorKind;
  /** The HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The API's own `{ error }` text when it sent one: safe to show as it is. */
  readonly serverMessage: string | undefined;
  /** The API's `code` for the refusal, when it sent one. */
  readonly code: ErrorCode | undefined;
  /** Field → message, when the API named the fields at fault (forms show these beside each field). */
  readonly fields: Record<string, string>;

  constructor(
    kind: ApiErrorKind,
    status: number,
    message: string,
    options?: { cause?: unknown; refusal?: ErrorBody },
  ) {
    super(message, options);
    this.kind = kind;
    this.status = status;
    this.serverMessage = options?.refusal?.error;
    this.code = options?.refusal?.code;
    this.fields = options?.refusal?.fields ?? {};
  }
}

/**
 * Whether the API refused the address a page was asked for: unknown (404), or an id it will not
 * even look up — malformed (400) or over-long (414). Such a page does not exist: the visitor gets
 * the 404 page, never an error page.
 */
export function refusedAddress(error: unknown): boolean {
  return error instanceof ApiError && error.kind === "http" && [400, 404, 414].includes(error.status);
}

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the API, e.g. "http://127.0.0.1:4000". */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when present. */
  token?: string | null;
  /**
   * "include" for the back-office in the browser: its session is the API's HttpOnly cookie, and
   * each write also carries the back-office request header the API asks of a cookie (decision
   * 028). Reads go without it, so they stay simple requests with no CORS preflight.
   */
  credentials?: "include" | "omit" | "same-origin";
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /**
   * Told of every call the API did not properly answer (no answer, a timeout, a 5xx or a body
   * outside the contract), e.g. so the page cache keeps no page built from fallback data.
   */
  onUnavailable?: (error: ApiError) => void;
  /**
   * Told of the headers of every answer used, e.g. so the page cache learns which data a page
   * was built from (its `xkey` tags, decision 063).
   */
  onAnswered?: (headers: Headers) => void;
}

export interface ApiRequestInit {
  /** Cancels the call, e.g. a loader's `request.signal` when the visitor navigates away. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** This call's time limit, when it may take longer than most (e.g. reading an uploaded file). */
  timeoutMs?: number;
}

/** The arguments of a call: the input may be left out when the endpoint takes none. */
export type CallArguments<E extends EndpointDefinition> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, init?: ApiRequestInit]
    : [input: EndpointInput<E>, init?: ApiRequestInit];

/**
 * The one way to call the API: an endpoint from the contract's registry and its typed inputs; the
 * answer comes back parsed by the endpoint's own success schema. No call site spells a path.
 */
export interface ApiClient {
  call<E extends EndpointDefinition>(endpoint: E, ...args: CallArguments<E>): Promise<EndpointResult<E>>;
}

/** The one HTTP client for the API: loaders use it on the server, client code in the browser. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function call<E extends EndpointDefinition>(
    endpoint: E,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {},
    init: ApiRequestInit = {},
  ): Promise<EndpointResult<E>> {
    const { method } = endpoint;
    const path = endpointUrl(endpoint, input);
    const { body } = input;
    // Errors name the endpoint's path template, never the values filled in (a search term, an
    // email link's token): their messages reach the web server's log (decision 032).
    const label = `${method} ${endpoint.path}`;
    const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.credentials === "include" && !isSafeMethod(method)) {
      headers[BACK_OFFICE_REQUEST_HEADER] = BACK_OFFICE_REQUEST_VALUE;
    }

    const timeout = AbortSignal.timeout(init.timeoutMs ?? timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      });
      // Read inside the try: a timeout can also fire while the body is still arriving.
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new ApiError(
          "timeout",
          0,
          `The API did not answer ${label} within ${(init.timeoutMs ?? timeoutMs) / 1000} seconds.`,
          {
            cause: error,
          },
        );
      }
      if (init.signal?.aborted) {
        throw new ApiError("aborted", 0, `${label} was cancelled.`, { cause: error });
      }
      throw new ApiError("network", 0, `Could not reach the API for ${label}: ${describe(error)}.`, {
        cause: error,
      });
    }

    const json = parseJson(text);
    if (!response.ok) {
      const refusal = ErrorBody.safeParse(json.value);
      const message = refusal.success
        ? refusal.data.error
        : `The API answered ${label} with HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`;
      throw new ApiError("http", response.status, message, {
        refusal: refusal.success ? refusal.data : undefined,
      });
    }
    if (!json.ok) {
      throw new ApiError(
        "invalid-response",
        response.status,
        `The API answered ${label} with a body that is not JSON.`,
      );
    }
    const parsed = successSchema(endpoint).safeParse(json.value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
      throw new ApiError(
        "invalid-response",
        response.status,
        `The API answered ${label} with an unexpected body${where}: ${first?.message ?? "invalid"}.`,
        { cause: parsed.error },
      );
    }
    options.onAnswered?.(response.headers);
    return parsed.data as EndpointResult<E>;
  }

  return {
    call: async <E extends EndpointDefinition>(endpoint: E, ...[input, init]: CallArguments<E>) => {
      try {
        return await call(endpoint, input as Parameters<typeof call>[1], init);
      } catch (error) {
        const unanswered =
          error instanceof ApiError &&
          error.kind !== "aborted" &&
          (error.kind !== "http" || error.status >= 500);
        if (unanswered) options.onUnavailable?.(error);
        throw error;
      }
    },
  };
}

function parseJson(text: string): { ok: boolean; value: unknown } {
  // An empty body (e.g. 204) is parsed as `undefined`, so schemas such as z.undefined() accept it.
  if (text === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node's fetch hides the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message} (${cause})` : error.message;
}
