/**
 * An id as text, by the rule of the API's ids: 1 to 999,999,999 in plain digits, no sign, no leading
 * zero, no spaces (`01`, `+1`, `1.0` and `1e3` are not ids). Pages read their ids and page numbers
 * by it, so that one record has one URL.
 */
export const ID_TEXT = /^[1-9]\d{0,8}$/;

/** The number an id's text names, or undefined when the text is not an id. */
export function parseIdText(text: string | undefined): number | undefined {
  return text !== undefined && ID_TEXT.test(text) ? Number(text) : undefined;
}
