import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH), where the browser tests find it; undefined when there is none. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}
