import { existsSync } from 'node:fs';

/**
 * The browser the browser tests drive (CHROMIUM_PATH, else the first installed): Debian's Chromium headless
 * shell first — the headless build without the browser's window, profile and display layers, which runs the
 * suite in about a third less processor time than the full browser — then the full Chromium. Undefined when
 * there is none. A headed run (`--headed`, `--debug`) needs the full browser: CHROMIUM_PATH=/usr/bin/chromium.
 */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}
