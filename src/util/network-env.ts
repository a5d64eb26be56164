// What the runner's environment says about the network: proxies and request timeouts.

/**
 * `RTD_ACTION_HTTP_TIMEOUT_MS`: how long one request may wait for headers, then for the body
 * (default 30 s). Meant for slow networks and for tests; not an input because few need it.
 */
export function httpTimeoutFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.RTD_ACTION_HTTP_TIMEOUT_MS?.trim();
  if (!raw) return undefined;
  const ms = Number(raw);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : undefined;
}

/**
 * `RTD_ACTION_PAGES_PER_SECOND`: the pace of page requests to one host (default 4, the service's
 * policy for automated clients). Meant for tests against the loopback stand-in, never for the
 * service's hosts; not an input for that reason.
 */
export function pagesPerSecondFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.RTD_ACTION_PAGES_PER_SECOND?.trim();
  if (!raw) return undefined;
  const perSecond = Number(raw);
  return Number.isFinite(perSecond) && perSecond > 0 ? perSecond : undefined;
}

/** The proxies the environment names (undici's `EnvHttpProxyAgent` reads the same variables, but from `process.env`). */
export interface ProxyOptions {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/**
 * `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY` (lower case first, as undici reads them) of `env`, the
 * front end's environment: given explicitly, undici reads nothing from the process.
 */
export function proxyOptions(env: NodeJS.ProcessEnv): ProxyOptions {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/** Passwords written into the proxy variables (user names are not secret, and masking them blanks ordinary words). */
export function proxyCredentials(env: NodeJS.ProcessEnv): string[] {
  const secrets: string[] = [];
  for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
    const value = env[name];
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.password) {
        secrets.push(url.password);
        const decoded = safeDecode(url.password);
        if (decoded !== url.password) secrets.push(decoded);
      }
    } catch {
      // Not a URL: undici will refuse it with its own message.
    }
  }
  return secrets;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
