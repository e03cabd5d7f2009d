import {
  BACKGROUND_REQUEST_HEADER,
  fillPath,
  type ApiErrorBody,
  type CallAnswer,
  type CallInput,
  type Endpoint,
  type FieldError,
  type RefusalCode,
} from '@clinic/domain';

/** A failed call, with the message the spec's rules give it (doc 3 section 8.1). */
export class ApiError extends Error {
  readonly status: number;
  /** The rule that refused the call (`@clinic/domain` refusals): what the web decides by. */
  readonly code: RefusalCode | undefined;
  readonly errors: FieldError[];

  constructor(status: number, message: string, code?: RefusalCode, errors: FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** The message for one field, when the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

export interface HttpClientOptions {
  baseUrl: string;
  /** Sent as X-Client. */
  clientId: string;
  getToken: () => string | undefined;
  getBranchId: () => string | undefined;
  /** 401: the session of `token` (the one the call carried) is over; `code` says why. */
  onUnauthorized: (token: string | undefined, code?: RefusalCode) => void;
  /** 403: show the refusal's message. */
  onForbidden: (message: string) => void;
  /**
   * A refusal's message as the user reads it (through i18n, by its code); `field` names the
   * field it is about. The server's English words when not given.
   */
  describe?: (code: RefusalCode | undefined, serverMessage: string, field?: string) => string;
}

type Describe = NonNullable<HttpClientOptions['describe']>;

/** The parts of a call as sent: values go out as text, in the path and the query. */
interface SentParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** A call's input (optional when the endpoint takes none), then its options. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

export interface CallOptions {
  /** A token to send instead of the session's (sign-out, after the session is cleared). */
  token?: string;
  /**
   * A call the user did not ask for (a poll, a refetch on an interval or a socket event,
   * the inactivity machinery's own): sent with `X-Background-Request: 1`, so the server
   * does not count it as the user's activity (the session still ends when idle).
   */
  background?: boolean;
}

function messageOf(
  status: number,
  body: unknown,
  raw: string,
  describe: Describe,
): { message: string; code?: RefusalCode; errors: FieldError[] } {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error;
  const errors = (error?.errors ?? []).map((entry) => ({
    ...entry,
    message: describe(entry.code, entry.message, entry.field),
  }));
  if (status === 400 && errors.length > 0) {
    return { message: errors.map((e) => e.message).join('\n'), code: error?.code, errors };
  }
  const message = error?.message === undefined ? raw : describe(error.code, error.message);
  return { message, code: error?.code, errors };
}

const serverWords: Describe = (_code, serverMessage) => serverMessage;

function answerData(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
}

/** One API base address: adds the headers every call carries and applies the error rules. */
export class HttpClient {
  readonly #options: HttpClientOptions;
  #lastUserCallAt = 0;

  constructor(options: HttpClientOptions) {
    this.#options = options;
  }

  /**
   * Calls one endpoint of the contract (`@clinic/domain`): its path parameters, query and
   * body are typed by the endpoint's schemas, and so is the answer's `data`.
   */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<CallAnswer<E>> {
    const [input, options] = args;
    const { params, query, body }: SentParts = input ?? {};
    const path = fillPath(endpoint.path, params);
    // The server checks every answer against the same contract's schema before sending
    // it, so the answer's `data` is of the endpoint's answer type.
    return this.#request(endpoint.method, path, body, query, options) as Promise<CallAnswer<E>>;
  }

  /** Sends a multipart form (an upload) to an endpoint whose body is a form. */
  upload<E extends Endpoint>(endpoint: E, form: FormData): Promise<CallAnswer<E>> {
    return this.#request(endpoint.method, endpoint.path, form, undefined) as Promise<CallAnswer<E>>;
  }

  /** Calls an endpoint that answers a file (an image, a PDF): its bytes as a Blob. */
  blob<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Blob> {
    const [input, options] = args;
    const { params, query }: SentParts = input ?? {};
    const path = fillPath(endpoint.path, params);
    return this.#request(endpoint.method, path, undefined, query, options, 'blob') as Promise<Blob>;
  }

  /** When (`Date.now()`) this client last sent a call not marked background: 0 before any. */
  get lastUserCallAt(): number {
    return this.#lastUserCallAt;
  }

  /** The address of an endpoint (the notification socket's, for one). */
  url<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): string {
    const { params, query }: SentParts = args[0] ?? {};
    return this.#address(fillPath(endpoint.path, params), query);
  }

  #address(path: string, query: SentParts['query']): string {
    const url = new URL(`${this.#options.baseUrl}/${path.replace(/^\//, '')}`);
    const values = typeof query === 'object' && query !== null ? Object.entries(query) : [];
    for (const [key, value] of values) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** Resolves with the answer's `data`; rejects with an ApiError carrying the spec's message. */
  async #request(
    method: string,
    path: string,
    body: unknown,
    query: SentParts['query'],
    options: CallOptions = {},
    answer: 'data' | 'blob' = 'data',
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'X-Client': this.#options.clientId };
    const token = options.token ?? this.#options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const branchId = this.#options.getBranchId();
    if (branchId) headers.BranchId = branchId;
    // A form sets its own multipart content type (with its boundary).
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (options.background) headers[BACKGROUND_REQUEST_HEADER] = '1';
    else this.#lastUserCallAt = Date.now();

    const response = await fetch(this.#address(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (response.ok && answer === 'blob') return response.blob();
    const raw = await response.text();
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) return answerData(parsed);

    const describe = this.#options.describe ?? serverWords;
    const { message, code, errors } = messageOf(response.status, parsed, raw, describe);
    if (response.status === 401) this.#options.onUnauthorized(token, code);
    if (response.status === 403) this.#options.onForbidden(message);
    throw new ApiError(response.status, message, code, errors);
  }
}
