/**
 * The Activity's sign-in (docs/pad.md "Inside Discord"): the page inside Discord gets an authorization code from the
 * Embedded App SDK (`authorize`, scope `identify`) and hands it to us; we exchange it at Discord's OAuth2 token
 * endpoint with the application's client secret (which never leaves this process), read who the member is
 * (`/users/@me`), and give the page back the access token (the SDK's `authenticate` needs it) with a link of the
 * member's seat in the channel's game, as `/orders pad` would.
 */
export interface ActivityConfig {
  clientId: string;
  clientSecret: string;
  /** Discord's API base (`https://discord.com/api`, or the stand-in's), without the version. */
  apiBase: string;
}

const TIMEOUT_MS = 10_000;

/** Why Discord did not let a member in, for the page to word (`pad.activity.reason.*`); `status` is Discord's HTTP status. */
export type ActivityFailure =
  | { reason: 'codeRefused' | 'meRefused'; status: number }
  | { reason: 'noToken' | 'noUser' | 'unreachable' };

/** Exchanges an authorization code for the member's access token and id; why not on failure (never a secret). */
export async function exchangeCode(
  config: ActivityConfig,
  code: string,
): Promise<{ ok: true; accessToken: string; userId: string } | ({ ok: false } & ActivityFailure)> {
  const base = `${config.apiBase.replace(/\/+$/, '')}/v10`;
  try {
    const tokenResponse = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'authorization_code',
        code,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!tokenResponse.ok) return { ok: false, reason: 'codeRefused', status: tokenResponse.status };
    const token = (await tokenResponse.json()) as { access_token?: unknown };
    if (typeof token.access_token !== 'string') return { ok: false, reason: 'noToken' };
    const me = await fetch(`${base}/users/@me`, {
      headers: { authorization: `Bearer ${token.access_token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!me.ok) return { ok: false, reason: 'meRefused', status: me.status };
    const user = (await me.json()) as { id?: unknown };
    if (typeof user.id !== 'string' || !/^\d{1,20}$/.test(user.id)) return { ok: false, reason: 'noUser' };
    return { ok: true, accessToken: token.access_token, userId: user.id };
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
}
