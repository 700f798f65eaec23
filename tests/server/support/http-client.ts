/**
 * A tiny browser-like HTTP client for integration tests: keeps cookies, sends the Origin header a
 * page of the site would send, and returns parsed JSON.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        ...(body !== undefined && !Buffer.isBuffer(body)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || Buffer.isBuffer(body)
            ? (body as string | Uint8Array as BodyInit)
            : JSON.stringify(body),
    });
    this.store(response);
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  /** Keeps one `name=value` cookie pair, as if a response had set it. */
  setCookie(pair: string) {
    const [name, ...rest] = pair.split('=');
    this.cookies.set(name!.trim(), rest.join('='));
  }

  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  get = (path: string, headers?: Record<string, string>) =>
    this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) =>
    this.request('DELETE', path, undefined, headers);

  /** Sends one file as multipart/form-data, as a browser form would. */
  upload(
    path: string,
    data: Buffer,
    fileName = 'avatar.png',
    contentType = 'image/png',
    field = 'file',
  ) {
    const boundary = `----reverie-test-${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request('POST', path, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
  }
}
