/**
 * The text a person typed into a server-rendered field before the page's scripts ran, or null when there is
 * none to take over. React keeps the field's element when it hydrates, and the element's value as it finds it,
 * but a controlled field sets it back to the rendered value at a later render: what the element holds when the
 * field first renders in the browser is compared with what the server rendered. A field mounted in the browser
 * has no element yet when it first renders, and answers null; so does an element holding the rendered text.
 */
export function typedBeforeHydration(elementValue: string | null | undefined, rendered: string): string | null {
  if (elementValue == null || elementValue === rendered) return null;
  return elementValue;
}
