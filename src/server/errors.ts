import 'server-only';

/**
 * The one error model of the server. Modules throw `AppError`; the HTTP layer (`http/envelope.ts`)
 * maps it to the envelope, whose code is also the HTTP status (architecture "HTTP API"). Nothing here
 * knows HTTP beyond those numbers.
 */
export const ERROR_CODES = {
  badRequest: 400,
  unauthorised: 401,
  renewSession: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The one typed error of the domain. `messageKey` names a string under `api.errors` in
 * messages/*.json; `details` travels to the client as `data` (field errors for 400).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string = defaultKey(code),
    readonly details?: FieldError[] | Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export function defaultKey(code: number): string {
  switch (code) {
    case 400: return 'badRequest';
    case 401: return 'unauthorised';
    case 402: return 'renewSession';
    case 403: return 'forbidden';
    case 404: return 'notFound';
    case 409: return 'conflict';
    case 413: return 'tooLarge';
    case 415: return 'unsupportedMediaType';
    case 429: return 'tooManyRequests';
    case 503: return 'unavailable';
    default: return 'internal';
  }
}
