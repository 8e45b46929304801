/** The page's calls to the pad's API, with the link in the `Authorization` header (never a cookie). */
/** `phase`: the phase an answer is of, where the server names it (`x-phase`: the map's parts). */
export type ApiAnswer<T> =
  | { ok: true; body: T; phase?: number }
  | { ok: false; status: number; error: string; body?: T };

export class Api {
  constructor(private readonly token: string) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    cache: RequestCache = 'no-store',
  ): Promise<ApiAnswer<T>> {
    try {
      // The page's language, so the answers' game texts are worded in it (src/web/texts.ts `webJson`).
      const lang = document.documentElement.lang || 'en';
      const response = await fetch(`${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        cache,
        credentials: 'omit',
      });
      const json = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
      const phase = Number(response.headers.get('x-phase') ?? Number.NaN);
      if (response.ok && json) return { ok: true, body: json, ...(Number.isInteger(phase) ? { phase } : {}) };
      return {
        ok: false,
        status: response.status,
        error: json?.error ?? `HTTP ${response.status}`,
        ...(json ? { body: json } : {}),
      };
    } catch {
      return { ok: false, status: 0, error: document.documentElement.dataset.network ?? 'No answer from the server.' };
    }
  }

  get<T>(path: string): Promise<ApiAnswer<T>> {
    return this.call<T>('GET', path);
  }

  /** A GET the browser may answer from its cache once the server confirms it unchanged (ETag, HTTP 304): the map's parts. */
  revalidated<T>(path: string): Promise<ApiAnswer<T>> {
    return this.call<T>('GET', path, undefined, 'no-cache');
  }

  post<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
    return this.call<T>('POST', path, body);
  }
}
