/** Whether a value of the address (or a form) is one of a list of codes: a filter's or a picker's. */
export function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}
