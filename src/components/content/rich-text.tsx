/**
 * Renders HTML that the content module has already sanitised (sanitizeRichText): the only
 * place the storefront sets inner HTML from the database.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} data-testid="rich-text" />;
}
