import type { ApiErrorBody, FieldError } from '@clinic/domain';

/** A failed call, with the message the spec's rules give it (doc 3 section 8.1). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];

  constructor(status: number, message: string, code?: string, errors: FieldError[] = []) {
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
  /** 401: the session of `token` (the one the call carried) is over. */
  onUnauthorized: (token: string | undefined) => void;
  /** 403: show the server's message. */
  onForbidden: (message: string) => void;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  /** A token to send instead of the session's (sign-out, after the session is cleared). */
  token?: string;
}

function messageOf(
  status: number,
  body: unknown,
  raw: string,
): { message: string; code?: string; errors: FieldError[] } {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error;
  const errors = error?.errors ?? [];
  if (status === 400 && errors.length > 0) {
    return { message: errors.map((e) => e.message).join('\n'), code: error?.code, errors };
  }
  return { message: error?.message ?? raw, code: error?.code, errors };
}

/** One API base address: adds the headers every call carries and applies the error rules. */
export class HttpClient {
  readonly #options: HttpClientOptions;

  constructor(options: HttpClientOptions) {
    this.#options = options;
  }

  get<T>(path: string, query?: Query): Promise<T> {
    return this.request<T>('GET', path, undefined, query);
  }
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T> {
    return this.request<T>('POST', path, body, undefined, options);
  }
  put<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('PUT', path, body);
  }
  patch<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('PATCH', path, body);
  }
  delete<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('DELETE', path, body);
  }

  url(path: string, query?: Query): string {
    const url = new URL(`${this.#options.baseUrl}/${path.replace(/^\//, '')}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** Resolves with the answer's `data`; rejects with an ApiError carrying the spec's message. */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    query?: Query,
    options: CallOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { 'X-Client': this.#options.clientId };
    const token = options.token ?? this.#options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const branchId = this.#options.getBranchId();
    if (branchId) headers.BranchId = branchId;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const response = await fetch(this.url(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const raw = await response.text();
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) return (parsed as { data: T } | undefined)?.data as T;

    const { message, code, errors } = messageOf(response.status, parsed, raw);
    if (response.status === 401) this.#options.onUnauthorized(token);
    if (response.status === 403) this.#options.onForbidden(message);
    throw new ApiError(response.status, message, code, errors);
  }
}
