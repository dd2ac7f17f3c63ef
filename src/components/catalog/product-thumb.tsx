import { FlaskConical } from '@/components/ui/icons';
import { StructureThumb } from './structure-thumb';

/**
 * A product's picture in a list: its structure drawing when it has one (with the flask should the
 * drawing fail to load), otherwise the flask, rendered on the server without browser code.
 */
export function ProductThumb({ productId, hasStructure, alt }: { productId: number; hasStructure: boolean; alt: string }) {
  const flask = <FlaskConical aria-hidden size={28} className="text-muted" />;
  return hasStructure ? <StructureThumb productId={productId} alt={alt} fallback={flask} /> : flask;
}
