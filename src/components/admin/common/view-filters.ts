/** Whether a value of the address (or a form) is one of a list of codes: a filter's or a picker's. */
export function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return (allowed as readonly string[]).includes(value);
}

/**
 * A view's filter as its typed query takes it: the value when it is one of `values` (a state, a sort
 * the API knows), else nothing — a view's query comes from the address, where anything may be written.
 */
export function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return isOneOf(values, value) ? value : undefined;
}
