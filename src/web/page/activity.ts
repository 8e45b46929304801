/**
 * Inside Discord (docs/pad.md "Inside Discord"): the Embedded App SDK's handshake (`ready`), `authorize` for the
 * `identify` scope, the code handed to our server (which exchanges it with the client secret, never sent here, and
 * answers the access token and a link of the member's seat in the channel's game), then `authenticate`. Loaded only
 * in the Activity (its own chunk of the bundle).
 */
import { DiscordSDK } from '@discord/embedded-app-sdk';
import type { Texts } from './texts.js';

export async function signIn(t: Texts): Promise<{ ok: true; token: string } | { ok: false; error: string }> {
  const root = document.getElementById('pad');
  if (root) root.textContent = t('pad.activity.connecting');
  const clientId = document.body.dataset.clientId ?? '';
  try {
    const sdk = new DiscordSDK(clientId);
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: 'code',
      state: '',
      prompt: 'none',
      scope: ['identify'],
    });
    const response = await fetch('/.proxy/api/activity/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, channelId: sdk.channelId }),
      credentials: 'omit',
    });
    const body = (await response.json()) as { ok: boolean; token?: string; accessToken?: string; error?: string };
    if (!body.ok || !body.token || !body.accessToken)
      return { ok: false, error: body.error ?? `HTTP ${response.status}` };
    await sdk.commands.authenticate({ access_token: body.accessToken });
    return { ok: true, token: body.token };
  } catch (e) {
    return { ok: false, error: t('pad.activity.failed', { reason: e instanceof Error ? e.message : String(e) }) };
  }
}
