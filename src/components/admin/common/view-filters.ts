/**
 * A view's filter as its typed query takes it: the value when it is one of `values` (a state, a sort
 * the API knows), else nothing — a view's query comes from the address, where anything may be written.
 */
export function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}
