import type { HazardDto } from './hazards';

/** A product as the lists and the home page show it. */
export interface ProductCardDto {
  id: number;
  itemNo: string;
  cas: string | null;
  name: string;
  formula: string | null;
  purity: string;
  /** The grade in the visitor's language (分析纯 / AR); empty when the product has none. */
  grade: string;
  brandName: string;
  minPrice: string | null;
  /** The regular price of the cheapest pack when it has one (above `minPrice`): shown struck through. */
  minListPrice: string | null;
  packCount: number;
  /** The product has a SMILES string, so `/api/web/product/structure/{id}` draws it. */
  hasStructure: boolean;
  /** At least one pack has stock > 0. */
  inStock: boolean;
  /** 危险品 and 易制毒/易制爆, shown before the buyer commits. */
  hazard: HazardDto;
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
