/** The runtime configuration file at the site root (doc 3 section 7.7). */
export interface RuntimeConfig {
  apiBaseURI: string;
  /** Absent when the second address could not be read: the app runs without the v2 client. */
  apiBaseURI2: string | undefined;
}

const DEFAULTS = { apiBaseURI: '/api/v1', apiBaseURI2: '/api/v2' };

/** Relative addresses are merged with the host the app was loaded from. */
export function withHost(base: string, origin: string): string {
  return new URL(base, origin).toString().replace(/\/$/, '');
}

function isAddress(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export async function loadRuntimeConfig(origin = window.location.origin): Promise<RuntimeConfig> {
  let file: Record<string, unknown>;
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    file = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    console.error('Could not read /config.json; using the default API addresses.', error);
    file = DEFAULTS;
  }
  const first = isAddress(file.apiBaseURI) ? file.apiBaseURI : DEFAULTS.apiBaseURI;
  let second: string | undefined;
  if (isAddress(file.apiBaseURI2)) {
    second = withHost(file.apiBaseURI2, origin);
  } else {
    console.error(
      'The second API address (apiBaseURI2) is missing; starting without the v2 client.',
    );
  }
  return { apiBaseURI: withHost(first, origin), apiBaseURI2: second };
}
