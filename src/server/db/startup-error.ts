import 'server-only';

/** An error whose message alone tells the operator what to do; printed as one line at start. */
export class StartupError extends Error {
  override name = 'StartupError';
}
