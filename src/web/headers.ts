/**
 * Security headers of every answer (docs/pad.md "Security"): a strict Content-Security-Policy (scripts, styles and
 * fonts from this origin only, no inline script; connections to this origin and Discord's Activity proxy; framed by
 * Discord alone), no referrer (a link's token never leaves in a `Referer`), no sniffing, no caching of anything but
 * the hashed files.
 */
import type { MiddlewareHandler } from 'hono';

const DISCORD_FRAMES = 'https://discord.com https://*.discord.com https://*.discordsays.com';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' https://discord.com https://*.discordsays.com",
  `frame-ancestors ${DISCORD_FRAMES}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('content-security-policy', CONTENT_SECURITY_POLICY);
    c.header('referrer-policy', 'no-referrer');
    c.header('x-content-type-options', 'nosniff');
    c.header('cross-origin-resource-policy', 'same-origin');
    c.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!c.res.headers.get('cache-control')) c.header('cache-control', 'no-store');
  };
}
