/** A product as the lists and the home page show it. */
export interface ProductCardDto {
  id: number;
  itemNo: string;
  cas: string | null;
  name: string;
  formula: string | null;
  purity: string;
  brandName: string;
  minPrice: string | null;
  packCount: number;
  /** The product has a SMILES string, so `/api/web/product/structure/{id}` draws it. */
  hasStructure: boolean;
  /** At least one pack has stock > 0. */
  inStock: boolean;
}

export interface BrandCardDto {
  id: number;
  name: string;
  logoText: string;
  /** The uploaded logo image, when the brand has one. */
  logoUrl?: string | null;
  country: string;
  authorised: boolean;
}
