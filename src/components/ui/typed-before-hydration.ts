/**
 * The text a person typed into a server-rendered field before the page's scripts ran, or null when there is
 * none to take over. React keeps the field's element when it hydrates and leaves the element's value as it
 * finds it, but a controlled field sets it back to the rendered value at its next render: the first commit
 * is the moment to compare the two. A field mounted in the browser holds the rendered value, so it answers
 * null there; so does a field whose element is not there (yet) to read.
 */
export function typedBeforeHydration(elementValue: string | null | undefined, rendered: string): string | null {
  if (elementValue == null || elementValue === rendered) return null;
  return elementValue;
}
