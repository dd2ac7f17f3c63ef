type Query = Record<string, string | number | boolean | undefined | null>;

/** Query string of the defined values only ("" when none, else "?a=1&b=2"). */
export function toQuery(params: Query): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The defined values only, as an object of strings and numbers: a typed call's `query`. */
export function definedParams<T extends Query>(params: T): { [K in keyof T]?: Exclude<T[K], null | ''> } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as { [K in keyof T]?: Exclude<T[K], null | ''> };
}
