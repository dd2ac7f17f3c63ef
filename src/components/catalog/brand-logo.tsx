/**
 * A brand's logo: its uploaded image when it has one (decorative: the brand's name is always
 * written beside or instead of it), else its word mark, else its name.
 */
export function BrandLogo({ brand, className }: { brand: { name: string; logoText: string; logoUrl?: string | null }; className?: string }) {
  if (brand.logoUrl) {
    // A small stored image served by our API with its own caching; next/image adds nothing here.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={brand.logoUrl} alt={brand.logoText || brand.name} className={`h-full w-full object-contain ${className ?? ''}`} loading="lazy" />;
  }
  return <span className={className}>{brand.logoText || brand.name}</span>;
}
