/** A small HTTP client for the API tests: real fetch against the real server. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** An answer's status, headers and body (JSON parsed; any other text as it came). */
async function answerOf<T>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
  ) {}

  withToken(token: string): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}/api/${path.replace(/^\/+/, '')}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return answerOf<T>(res);
  }

  /** A multipart form (an upload): fetch writes its boundary into the content type. */
  async postForm<T = any>(
    path: string,
    form: FormData,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}/api/${path.replace(/^\/+/, '')}`, {
      method: 'POST',
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      body: form,
    });
    return answerOf<T>(res);
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  put<T = any>(path: string, body: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
