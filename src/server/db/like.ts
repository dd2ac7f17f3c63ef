import 'server-only';

/** Escapes `\`, `%` and `_` so that a value is matched literally by LIKE (backslash is the default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
